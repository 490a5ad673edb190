import { lazy, Suspense, useEffect } from 'react';
import { goToSection, WAITLIST_SECTION_ID } from '../../lib/scroll.ts';
import { AccessSection } from './access-section.tsx';
import { HeroSection } from './hero-section.tsx';
import * as styles from './landing.css.ts';
import { MissionSection } from './mission-section.tsx';

// The two interactive sections carry the forms, their validation (zod) and the sample data: they
// load right after the page's first paint, keeping the landing page's initial JavaScript small.
const WaitlistSection = lazy(() => import('./waitlist-section.tsx').then((m) => ({ default: m.WaitlistSection })));
const DirectoryPreview = lazy(() => import('./directory-preview.tsx').then((m) => ({ default: m.DirectoryPreview })));

const joinWaitlist = () => goToSection(WAITLIST_SECTION_ID);

/** `/`: the pre-launch landing page (docs/product.md#landing), the only page of a production host. */
export function LandingPage() {
  useEffect(() => {
    // A /#waitlist address opened directly.
    const hash = window.location.hash.slice(1);
    if (hash) goToSection(hash);
  }, []);

  return (
    <>
      <HeroSection onJoinWaitlist={joinWaitlist} />
      <Suspense fallback={<div className={styles.waitlistPlaceholder} aria-hidden="true" />}>
        <WaitlistSection />
      </Suspense>
      <MissionSection />
      <AccessSection />
      <Suspense fallback={<div className={styles.directoryPlaceholder} aria-hidden="true" />}>
        <DirectoryPreview onJoinWaitlist={joinWaitlist} />
      </Suspense>
    </>
  );
}
