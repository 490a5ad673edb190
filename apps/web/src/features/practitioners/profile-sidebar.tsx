import { insuranceSummary, practitionerMessages, yearsInPractice, type DirectoryProfile } from '@wellspring/domain';
import { useId, useState } from 'react';
import { Button } from '../../ui/button/button.tsx';
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
            {/* docs/product.md#profile: years in practice = current year minus yearsExperience, i.e. the year practice began. */}
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
                  <InsuranceList all={practitioner.insuranceList ?? []} shown={insurance.shown} moreLabel={insurance.moreLabel} />
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

/** The first plans and "+ N more", which opens the whole list in place (and closes it again). */
function InsuranceList({ all, shown, moreLabel }: { readonly all: readonly string[]; readonly shown: readonly string[]; readonly moreLabel: string | null }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  return (
    <span className={styles.insurance}>
      <span id={listId} data-testid="insurance-list">
        {(expanded ? all : shown).join(', ')}
      </span>
      {moreLabel ? (
        <Button
          variant="link"
          size="inline"
          className={styles.more}
          aria-expanded={expanded}
          aria-controls={listId}
          onPress={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Show fewer' : moreLabel}
        </Button>
      ) : null}
    </span>
  );
}
