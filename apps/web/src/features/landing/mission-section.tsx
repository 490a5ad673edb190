import { HeartIcon, ShieldIcon, UsersIcon } from '../../ui/icons/icons.tsx';
import * as styles from './landing.css.ts';

const pillars = [
  {
    title: 'Whole-person care',
    text: 'Body, mind and lifestyle together — care that looks for root causes, not only symptoms.',
    icon: <HeartIcon size={22} />,
  },
  {
    title: 'Trust you can check',
    text: 'Every practitioner is verified: credentials, licensure and training, shown plainly on their profile.',
    icon: <ShieldIcon size={22} />,
  },
  {
    title: 'Collaboration, not silos',
    text: 'Integrative practitioners and physicians referring to each other, so patients get joined-up care.',
    icon: <UsersIcon size={22} />,
  },
];

export function MissionSection() {
  return (
    <section className={styles.sectionTinted} aria-labelledby="mission-title">
      <div className={`${styles.container} ${styles.missionGrid}`}>
        <div className={styles.missionText}>
          <p className={styles.eyebrow}>Our mission</p>
          <h2 id="mission-title" className={styles.sectionTitle}>
            Making integrative care easy to find and easy to trust
          </h2>
          <p>
            Too many people spend months searching for the right practitioner, unsure whom to trust or where to start.
            Too many gifted practitioners spend more time on paperwork than with patients.
          </p>
          <p>
            Wellspring brings both together: a directory of verified holistic and integrative practitioners, and a
            practice workspace that handles scheduling, records, payments and referrals.
          </p>
        </div>
        <ul className={styles.pillars}>
          {pillars.map((pillar) => (
            <li key={pillar.title} className={styles.pillar}>
              <span className={styles.cardIcon} aria-hidden="true">
                {pillar.icon}
              </span>
              <div>
                <h3 className={styles.pillarTitle}>{pillar.title}</h3>
                <p className={styles.cardText}>{pillar.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
