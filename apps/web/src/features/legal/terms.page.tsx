import { siteConfig } from '../../lib/site-config.ts';
import { LegalPage, type LegalSection } from './legal-page.tsx';
import * as styles from './legal.css.ts';

function sections(contactEmail: string): LegalSection[] {
  return [
    {
      title: 'Wellspring before launch',
      body: (
        <p>
          Wellspring is in a pre-launch period. Features may change or be withdrawn, and parts of the site are marked as previews.
          We will tell waitlist members before anything they rely on changes.
        </p>
      ),
    },
    {
      title: 'Not medical advice',
      body: (
        <p>
          Wellspring helps you find and contact practitioners; it does not diagnose, treat or advise. The quiz suggests kinds of
          practice, not care. In an emergency, call 911 or your local emergency number.
        </p>
      ),
    },
    {
      title: 'Practitioners',
      body: (
        <ul className={styles.list}>
          <li>What you publish in the directory must be true, including your credentials, licences and insurance.</li>
          <li>You remain responsible for your licensure, for the care you give and for the records you keep in Wellspring.</li>
          <li>Patient records you enter are yours and your patients&apos;; you must have the right to record them.</li>
          <li>A signed clinical note cannot be changed or deleted; corrections are added to it as addenda.</li>
        </ul>
      ),
    },
    {
      title: 'Your account',
      body: (
        <p>
          Keep your password to yourself and tell us at once if you think someone else has used your account. We may suspend an
          account that is used to harm others or the service.
        </p>
      ),
    },
    {
      title: 'Acceptable use',
      body: (
        <p>
          Do not misuse the service: no attempts to reach other people&apos;s data, no automated scraping of the directory, no
          promotional messages to patients who did not ask for them.
        </p>
      ),
    },
    {
      title: 'Liability',
      body: (
        <p>
          We work to keep Wellspring available and correct, but provide it as it is during the pre-launch period, without
          warranties beyond those the law requires.
        </p>
      ),
    },
    {
      title: 'Changes and contact',
      body: (
        <p>
          When these terms change we update the date above, and tell account holders of changes that matter. Questions:{' '}
          <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
        </p>
      ),
    },
  ];
}

/** `/terms`: the terms and conditions an applicant accepts, in plain words. */
export function TermsPage() {
  const { contactEmail } = siteConfig();
  return (
    <LegalPage
      title="Terms and Conditions"
      intro="These terms apply to everyone who uses Wellspring: patients looking for care, and practitioners who apply, list their practice or keep their records here. Our Privacy Policy explains what we store and why."
      sections={sections(contactEmail)}
    />
  );
}
