import { searchLink } from '../../lib/search-route.ts';
import { Avatar } from '../../ui/avatar/avatar.tsx';
import { LinkButton } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { HeartIcon, LeafIcon, SearchIcon, ShieldIcon } from '../../ui/icons/icons.tsx';
import * as layout from '../../ui/layout/layout.css.ts';
import * as styles from './about.css.ts';

/** The whole directory: an empty query and location (docs/product.md#about). */
const findYourPractitioner = searchLink();

const values = [
  {
    icon: <ShieldIcon size={24} />,
    title: 'Trust and safety',
    text: 'Every practitioner is verified before they are listed: licences, training and insurance are checked by a person, not a form.',
  },
  {
    icon: <HeartIcon size={24} />,
    title: 'Whole-person care',
    text: 'Health is more than a symptom list. We connect you with practitioners who take the time to understand your body, your history and your goals.',
  },
  {
    icon: <LeafIcon size={24} />,
    title: 'Access for everyone',
    text: 'Clear prices, insurance where it is accepted, and telehealth where it helps: integrative care should not depend on who you know.',
  },
] as const;

const team = [
  { name: 'Maya Thompson', role: 'Co-founder & CEO', bio: 'Spent a decade in hospital operations before a naturopath helped her recover from long-standing fatigue.' },
  { name: 'Daniel Okoro', role: 'Co-founder & CTO', bio: 'Built scheduling and records software for clinics; believes good tools give practitioners their evenings back.' },
  { name: 'Dr. Sarah Lin', role: 'Head of Practitioner Quality', bio: 'Licensed acupuncturist and educator who leads how practitioners are verified and supported.' },
] as const;

const stats = [
  { value: '5,000+', label: 'patients connected' },
  { value: '1,200+', label: 'verified practitioners' },
  { value: '95%', label: 'satisfaction' },
] as const;

/** `/about`: the mission page (docs/product.md#about): hero, story, values, team, stats, and the way to the directory. */
export function AboutPage() {
  return (
    <>
      <section className={layout.hero} aria-labelledby="about-title">
        <div className={layout.container}>
          <div className={layout.heroInner}>
            <p className={layout.eyebrow}>About Wellspring</p>
            <h1 id="about-title" className={layout.heroTitle}>
              Care that sees the whole person
            </h1>
            <p className={layout.heroLead}>
              Wellspring connects people with trusted holistic and integrative practitioners, and gives those practitioners
              the tools to run a modern practice.
            </p>
            <div className={layout.actions}>
              <LinkButton {...findYourPractitioner} size="lg">
                <SearchIcon size={18} />
                Find Your Practitioner
              </LinkButton>
            </div>
          </div>
        </div>
      </section>

      <section className={layout.section} aria-labelledby="story-title">
        <div className={[layout.container, styles.story].join(' ')}>
          <div className={styles.storyHeading}>
            <p className={layout.eyebrow}>Our story</p>
            <h2 id="story-title" className={layout.sectionTitle}>
              Why we started Wellspring
            </h2>
          </div>
          <div className={styles.storyText}>
            <p>
              Our founders each spent years looking for the right practitioner: asking friends, reading forums, calling
              clinics that were not taking new patients. When they finally found care that worked, it changed their lives —
              and they wondered why it had to be so hard.
            </p>
            <p>
              Wellspring is the answer we wished we had: one place to discover naturopaths, acupuncturists, Ayurvedic
              practitioners, functional medicine doctors, herbalists, homeopaths and nutritionists, with honest profiles,
              real reviews and a guided quiz that points you in the right direction.
            </p>
            <p>
              For practitioners, we are building the practice workspace they asked for: scheduling, patient records with SOAP
              notes, payments, referrals and a community of peers.
            </p>
          </div>
        </div>
      </section>

      <section className={layout.sectionTinted} aria-labelledby="values-title">
        <div className={layout.container}>
          <div className={layout.sectionHeader}>
            <p className={layout.eyebrow}>What we stand for</p>
            <h2 id="values-title" className={layout.sectionTitle}>
              Our values
            </h2>
          </div>
          <ul className={layout.grid3}>
            {values.map((value) => (
              <Card as="li" key={value.title} padding="lg">
                <span className={layout.featureIcon}>{value.icon}</span>
                <h3 className={layout.cardTitle}>{value.title}</h3>
                <p className={layout.muted}>{value.text}</p>
              </Card>
            ))}
          </ul>
        </div>
      </section>

      <section className={layout.section} aria-labelledby="team-title">
        <div className={layout.container}>
          <div className={layout.sectionHeader}>
            <p className={layout.eyebrow}>The people behind it</p>
            <h2 id="team-title" className={layout.sectionTitle}>
              Meet the team
            </h2>
          </div>
          <ul className={layout.grid3}>
            {team.map((member) => (
              <Card as="li" key={member.name} padding="lg" className={styles.member}>
                <Avatar name={member.name} size="lg" />
                <div>
                  <h3 className={layout.cardTitle}>{member.name}</h3>
                  <p className={styles.role}>{member.role}</p>
                </div>
                <p className={layout.muted}>{member.bio}</p>
              </Card>
            ))}
          </ul>
        </div>
      </section>

      <section className={layout.sectionTinted} aria-labelledby="stats-title">
        <div className={layout.container}>
          <div className={layout.sectionHeader}>
            <h2 id="stats-title" className={layout.sectionTitle}>
              Wellspring in numbers
            </h2>
          </div>
          <dl className={styles.stats}>
            {stats.map((stat) => (
              <div key={stat.label} className={styles.stat}>
                <dt className={styles.statLabel}>{stat.label}</dt>
                <dd className={styles.statValue}>{stat.value}</dd>
              </div>
            ))}
          </dl>
          <div className={[layout.actions, styles.closing].join(' ')}>
            <p className={layout.lead}>Ready to find care that fits you?</p>
            <LinkButton {...findYourPractitioner} size="lg">
              Find Your Practitioner
            </LinkButton>
          </div>
        </div>
      </section>
    </>
  );
}
