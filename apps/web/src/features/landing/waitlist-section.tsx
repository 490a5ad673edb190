import type { WaitlistType } from '@wellspring/domain';
import type { ReactNode } from 'react';
import { WaitlistForm } from '../../lib/waitlist/waitlist-form.tsx';
import { useScrollTarget, WAITLIST_SECTION_ID } from '../../lib/scroll.ts';
import { Card } from '../../ui/card/card.tsx';
import { HeartIcon, LeafIcon } from '../../ui/icons/icons.tsx';
import * as styles from './landing.css.ts';

interface Audience {
  readonly type: WaitlistType;
  readonly title: string;
  readonly text: string;
  readonly icon: ReactNode;
}

const audiences: readonly Audience[] = [
  {
    type: 'patient',
    title: 'For Patients',
    text: 'Be the first to find holistic and integrative practitioners near you, matched to what you need.',
    icon: <HeartIcon size={24} />,
  },
  {
    type: 'practitioner',
    title: 'For Practitioners',
    text: 'Reach patients looking for your approach and run your practice with tools built for integrative care.',
    icon: <LeafIcon size={24} />,
  },
];

/** The sign-up section every "Join Waitlist" button scrolls to. */
export function WaitlistSection() {
  useScrollTarget(WAITLIST_SECTION_ID);
  return (
    <section
      id={WAITLIST_SECTION_ID}
      tabIndex={-1}
      className={styles.waitlistSection}
      aria-labelledby="waitlist-title"
    >
      <div className={styles.container}>
        <div className={styles.sectionHeader}>
          <p className={styles.eyebrow}>Early access</p>
          <h2 id="waitlist-title" className={styles.sectionTitle}>
            Be among the first
          </h2>
          <p className={styles.lead}>
            Sign up as a patient or a practitioner. We&apos;ll let you know as soon as Wellspring opens its doors to you.
          </p>
        </div>
        <div className={styles.cardGrid}>
          {audiences.map((audience) => (
            <Card key={audience.type} as="article" padding="lg" tone="raised" aria-labelledby={`waitlist-${audience.type}-title`}>
              <div className={styles.cardHeading}>
                <span className={styles.cardIcon} aria-hidden="true">
                  {audience.icon}
                </span>
                <h3 id={`waitlist-${audience.type}-title`} className={styles.cardTitle}>
                  {audience.title}
                </h3>
              </div>
              <p className={styles.cardText}>{audience.text}</p>
              <WaitlistForm type={audience.type} />
            </Card>
          ))}
        </div>
      </div>
    </section>
  );
}
