import { siteMessages } from '@wellspring/domain';
import { Button } from '../../ui/button/button.tsx';
import { CheckIcon } from '../../ui/icons/icons.tsx';
import * as styles from './landing.css.ts';

const heroPoints = ['Verified practitioners', 'Seven holistic specialties', 'Free to join'];

export function HeroSection({ onJoinWaitlist }: { onJoinWaitlist: () => void }) {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={`${styles.container} ${styles.heroGrid}`}>
        <div className={styles.heroCopy}>
          <p className={styles.eyebrow}>Holistic &amp; integrative care, coming soon</p>
          <h1 id="hero-title" className={styles.heroTitle}>
            {siteMessages.hero}
          </h1>
          <p className={styles.heroSubtitle}>
            Wellspring connects you with trusted naturopaths, acupuncturists, ayurvedic and functional medicine
            practitioners — and gives practitioners the tools to care for them well. Join the waitlist to be among the
            first in.
          </p>
          <div className={styles.heroActions}>
            <Button size="lg" onPress={onJoinWaitlist}>
              {siteMessages.joinWaitlist}
            </Button>
          </div>
          <ul className={styles.heroPoints}>
            {heroPoints.map((point) => (
              <li key={point} className={styles.heroPoint}>
                <CheckIcon size={16} className={styles.heroPointIcon} />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.heroArt}>
          <HeroIllustration />
        </div>
      </div>
    </section>
  );
}

/** A calm, abstract spring-and-leaves picture; decorative. */
function HeroIllustration() {
  return (
    <svg viewBox="0 0 480 400" width="100%" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-water" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#7fc8b0" stopOpacity="0.9" />
          <stop offset="100%" stopColor="#2b6a59" stopOpacity="0.9" />
        </linearGradient>
        <linearGradient id="hero-sun" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#f3d3a8" />
          <stop offset="100%" stopColor="#c98b5b" />
        </linearGradient>
      </defs>
      <circle cx="240" cy="200" r="180" fill="#a9c9b9" opacity="0.25" />
      <circle cx="330" cy="110" r="46" fill="url(#hero-sun)" opacity="0.9" />
      <path d="M60 280c60-30 120-30 180 0s120 30 180 0v60H60z" fill="url(#hero-water)" opacity="0.85" />
      <path d="M60 310c60-24 120-24 180 0s120 24 180 0" stroke="#e9f3ee" strokeWidth="4" fill="none" opacity="0.7" />
      <path d="M240 270c-6-70 10-130 60-170-4 62-20 118-60 170z" fill="#4f8f78" />
      <path d="M236 270c-40-40-60-90-50-150 40 36 56 88 50 150z" fill="#6aa68f" />
      <path d="M242 272c30-30 74-44 124-38-26 34-70 48-124 38z" fill="#3d7a65" />
      <path d="M238 272c-30-22-72-26-112-10 30 26 70 28 112 10z" fill="#84b9a3" />
      <circle cx="150" cy="150" r="6" fill="#c98b5b" opacity="0.6" />
      <circle cx="390" cy="220" r="4" fill="#2b6a59" opacity="0.5" />
      <circle cx="110" cy="230" r="3" fill="#2b6a59" opacity="0.5" />
    </svg>
  );
}
