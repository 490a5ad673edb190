import type { ReactNode } from 'react';
import { Card } from '../../ui/card/card.tsx';
import { CheckIcon, HeartIcon, LeafIcon } from '../../ui/icons/icons.tsx';
import * as styles from './landing.css.ts';

const providerBenefits = [
  'A verified profile that shows your specialties, training and approach to care',
  'Patients matched to you by specialty, location and what they are looking for',
  'Scheduling, telehealth and SOAP-note records in one practice workspace',
  'Payments and invoices handled without extra software',
  'Referrals and a community of integrative peers and physicians',
];

const patientBenefits = [
  'Search verified practitioners by specialty, location and experience',
  'A short guided quiz that suggests approaches suited to you',
  'Clear profiles: credentials, insurance accepted and real patient reviews',
  'Book in person or by video, on your schedule',
  'Early-access updates as Wellspring opens in your area',
];

export function AccessSection() {
  return (
    <section className={styles.section} aria-labelledby="access-title">
      <div className={styles.container}>
        <div className={styles.sectionHeader}>
          <p className={styles.eyebrow}>What you get at launch</p>
          <h2 id="access-title" className={styles.sectionTitle}>
            Starting with Access
          </h2>
          <p className={styles.lead}>We are opening Wellspring to practitioners and patients together, with these first.</p>
        </div>
        <div className={styles.benefitGrid}>
          <BenefitCard id="access-providers" title="Provider benefits" icon={<LeafIcon size={24} />} items={providerBenefits} />
          <BenefitCard id="access-patients" title="Patient benefits" icon={<HeartIcon size={24} />} items={patientBenefits} />
        </div>
      </div>
    </section>
  );
}

function BenefitCard({ id, title, icon, items }: { id: string; title: string; icon: ReactNode; items: readonly string[] }) {
  return (
    <Card as="article" padding="lg" aria-labelledby={id}>
      <div className={styles.cardHeading}>
        <span className={styles.cardIcon} aria-hidden="true">
          {icon}
        </span>
        <h3 id={id} className={styles.cardTitle}>
          {title}
        </h3>
      </div>
      <ul className={styles.benefitList}>
        {items.map((item) => (
          <li key={item} className={styles.benefit}>
            <span className={styles.benefitCheck} aria-hidden="true">
              <CheckIcon size={14} strokeWidth={3} />
            </span>
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
