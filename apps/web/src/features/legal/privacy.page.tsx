import { siteConfig } from '../../lib/site-config.ts';
import { LegalPage, type LegalSection } from './legal-page.tsx';
import * as styles from './legal.css.ts';

function sections(contactEmail: string): LegalSection[] {
  return [
    {
      title: 'What we store, and why',
      body: (
        <ul className={styles.list}>
          <li>
            <strong>Waitlist sign-ups</strong>: your e-mail address (and, for practitioners, the details you give), to tell you
            when Wellspring opens and to send the invitation you asked for.
          </li>
          <li>
            <strong>Practitioner applications</strong>: the form as you sent it, kept to review your application and forwarded
            once to the team that reviews it.
          </li>
          <li>
            <strong>Messages to a practitioner</strong>: what you send with Contact on a profile — your name, e-mail address,
            phone number if you give one, your message and when you agreed to be contacted — kept for that practitioner, who
            reads it on their dashboard, and e-mailed to them (or, while they have no account, to our team, to pass on).
          </li>
          <li>
            <strong>Accounts</strong>: your name, e-mail address and a one-way hash of your password (argon2id); we never store
            or see the password itself.
          </li>
          <li>
            <strong>Sessions</strong>: a session cookie that keeps you signed in. We keep only a SHA-256 fingerprint of it, when
            it expires and when it was last used, so an unused session ends on its own.
          </li>
          <li>
            <strong>Practice records</strong>: the patients, appointments, clinical notes and payments a practitioner records.
            They belong to that practitioner and are shown to nobody else.
          </li>
          <li>
            <strong>The access log</strong>: every time a patient&apos;s record is read or changed we record who did it, what,
            when and from which network address, in a log that cannot be edited afterwards, so a practitioner can see who
            opened a record.
          </li>
          <li>
            <strong>Limits against abuse</strong>: counts of sign-in and sign-up attempts and of messages sent per network address and per account,
            deleted as soon as their time window closes.
          </li>
        </ul>
      ),
    },
    {
      title: 'What we do not do',
      body: (
        <ul className={styles.list}>
          <li>We do not sell or rent your information, and we do not show advertising.</li>
          <li>We use no third-party analytics, tracking pixels or advertising cookies.</li>
          <li>Our server logs record which page was asked for and whether it worked, never passwords, cookies or what you typed.</li>
        </ul>
      ),
    },
    {
      title: 'What stays in your browser',
      body: (
        <p>
          Your light or dark theme choice; the practitioners you save as favourites before you have an account (signed in, they
          are kept with your account); and, while you are signed in, the text of a form you have not sent yet, in that tab only,
          so that it is still there if your session ends before you save. Closing the tab or signing out clears it.
        </p>
      ),
    },
    {
      title: 'Who else receives it',
      body: (
        <p>
          Only the services that deliver what you asked for: our e-mail provider, to send the messages you trigger, and the team
          that reviews practitioner applications. A practitioner&apos;s records are never shared with another practitioner.
        </p>
      ),
    },
    {
      title: 'How long we keep it',
      body: (
        <p>
          Waitlist entries and applications until launch or until you ask us to remove them; accounts and practice records for as
          long as the account exists; the access log for as long as the records it describes, because it is part of them.
        </p>
      ),
    },
    {
      title: 'Your choices',
      body: (
        <p>
          You can ask us what we hold about you, to correct it, or to delete it, by writing to{' '}
          <a href={`mailto:${contactEmail}`}>{contactEmail}</a>. Clinical records a practitioner has signed are kept as signed,
          as health records must be; a correction is added to them rather than written over them.
        </p>
      ),
    },
    {
      title: 'Health information',
      body: (
        <p>
          Wellspring is not a medical provider and does not give medical advice. The quiz&apos;s answers are used only to suggest
          practitioners and are not stored with your name.
        </p>
      ),
    },
  ];
}

/** `/privacy`: what Wellspring stores and why, in plain words. */
export function PrivacyPage() {
  const { contactEmail } = siteConfig();
  return (
    <LegalPage
      title="Privacy Policy"
      intro="Wellspring connects people with holistic and integrative practitioners and gives those practitioners a place to run their practice. This page says, in plain words, what we keep about you, why, and what you can ask of us."
      sections={sections(contactEmail)}
    />
  );
}
