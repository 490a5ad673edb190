import { insuranceSummary, practitionerMessages, yearsInPractice, type DirectoryProfile } from '@wellspring/domain';
import { Card } from '../../ui/card/card.tsx';
import { CalendarIcon, ClockIcon, MapPinIcon, ShieldIcon } from '../../ui/icons/icons.tsx';
import * as styles from './profile.css.ts';

export function ProfileSidebar({ practitioner }: { practitioner: DirectoryProfile }) {
  const insurance = insuranceSummary(practitioner.insuranceList ?? []);
  return (
    <aside className={styles.sidebar} aria-label="Practice details">
      <Card padding="lg" className={styles.sideCard}>
        <h2 className={styles.sideTitle}>Practice details</h2>
        <dl className={styles.details}>
          <div className={styles.detail}>
            <dt className={styles.detailLabel}>
              <ClockIcon size={18} />
              Response time
            </dt>
            <dd className={styles.detailValue}>{practitionerMessages.respondsWithin}</dd>
          </div>
          <div className={styles.detail}>
            <dt className={styles.detailLabel}>
              <CalendarIcon size={18} />
              Years in practice
            </dt>
            {/* SPEC §2: years in practice = current year minus yearsExperience, i.e. the year practice began. */}
            <dd className={styles.detailValue}>Since {yearsInPractice(practitioner.yearsExperience, new Date().getFullYear())}</dd>
          </div>
          <div className={styles.detail}>
            <dt className={styles.detailLabel}>
              <MapPinIcon size={18} />
              Location
            </dt>
            <dd className={styles.detailValue}>{practitioner.location}</dd>
          </div>
          <div className={styles.detail}>
            <dt className={styles.detailLabel}>
              <ShieldIcon size={18} />
              Insurance
            </dt>
            <dd className={styles.detailValue}>
              {practitioner.acceptsInsurance ? (
                insurance.shown.length > 0 ? (
                  <span data-testid="insurance-list">
                    {insurance.shown.join(', ')}
                    {insurance.moreLabel ? <span className={styles.more}> {insurance.moreLabel}</span> : null}
                  </span>
                ) : (
                  'Accepts insurance'
                )
              ) : (
                'Self-pay only'
              )}
            </dd>
          </div>
        </dl>
      </Card>
    </aside>
  );
}
