import { Avatar } from '../../ui/avatar/avatar.tsx';
import { LinkButton } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import {
  CalendarIcon,
  ChartIcon,
  CheckIcon,
  CreditCardIcon,
  FileTextIcon,
  PillIcon,
  SparkIcon,
  UserIcon,
  UsersIcon,
  VideoIcon,
} from '../../ui/icons/icons.tsx';
import * as layout from '../../ui/layout/layout.css.ts';
import { Badge } from '../../ui/badge/badge.tsx';
import { RatingStars } from '../../ui/rating/rating.tsx';
import * as styles from './for-practitioners.css.ts';

const WAITLIST_HREF = '/practitioner-waitlist';
const PORTAL_HREF = '/provider-portal/dashboard';

const pillars = [
  {
    icon: <UserIcon size={24} />,
    title: 'A profile patients trust',
    text: 'Show your specialties, training, licensures, awards and patient reviews on a verified profile that patients find through search and our guided quiz.',
  },
  {
    icon: <ChartIcon size={24} />,
    title: 'Practice management',
    text: 'Your schedule, patient records and referrals in one place, built for the way integrative practitioners actually work.',
  },
  {
    icon: <VideoIcon size={24} />,
    title: 'Telehealth built in',
    text: 'See patients by secure video from the same calendar, so distance is never the reason someone goes without care.',
  },
] as const;

const portalCards = [
  { icon: <CalendarIcon size={24} />, title: 'Appointment booking', text: 'Patients book open slots; you confirm, reschedule or complete visits in a click.' },
  { icon: <FileTextIcon size={24} />, title: 'EHR with SOAP notes', text: 'Structured Subjective, Objective, Assessment and Plan notes for every visit, with a full patient timeline.' },
  { icon: <CreditCardIcon size={24} />, title: 'Payment processing', text: 'Record card, cash, insurance and bank payments in five currencies and see your revenue at a glance.' },
  { icon: <UsersIcon size={24} />, title: 'Patient management', text: 'Health records, allergies, medications and history for each patient, searchable in seconds.' },
] as const;

const reasons = [
  'Reach patients who are actively looking for holistic and integrative care',
  'Receive referrals from physicians and fellow practitioners',
  'Spend less time on admin with booking, notes and payments in one place',
  'Join a community of peers for forums, events and shared resources',
  'Early members help shape the features we build next',
] as const;

const upcoming = [
  {
    icon: <PillIcon size={24} />,
    title: 'Supplement tracker',
    text: 'Recommend supplements, track what each patient takes and follow adherence between visits.',
  },
  {
    icon: <CreditCardIcon size={24} />,
    title: 'Financial tools',
    text: 'HSA/FSA eligible receipts, insurance claims submission and practice financial reports.',
  },
] as const;

const testimonials = [
  {
    name: 'Dr. Rachel Moreno',
    role: 'Naturopathic Doctor, Austin, TX',
    text: 'I spent more time on paperwork than with patients. Having notes, booking and payments together is exactly what my practice needed.',
    rating: 5,
  },
  {
    name: 'Kenji Watanabe, L.Ac.',
    role: 'Acupuncturist, Seattle, WA',
    text: 'Patients arrive already knowing what acupuncture can and cannot do for them. The quiz sends me people I can really help.',
    rating: 5,
  },
  {
    name: 'Anita Desai',
    role: 'Ayurvedic Practitioner, Denver, CO',
    text: 'The referral network connected me with two physicians in my first month. It feels like a real community, not a listing site.',
    rating: 5,
  },
] as const;

/** `/for-practitioners`: the practitioner landing page (docs/product.md#for-practitioners). */
export function ForPractitionersPage() {
  return (
    <>
      <section className={layout.hero} aria-labelledby="for-practitioners-title">
        <div className={layout.container}>
          <div className={layout.heroInner}>
            <p className={layout.eyebrow}>For practitioners</p>
            <h1 id="for-practitioners-title" className={layout.heroTitle}>
              Grow your practice with Wellspring
            </h1>
            <p className={layout.heroLead}>
              Be found by patients looking for integrative care, and run your practice — schedule, records, payments and
              telehealth — from one place.
            </p>
            <div className={layout.actions}>
              <LinkButton href={WAITLIST_HREF} size="lg">
                Join Our Waitlist
              </LinkButton>
              <LinkButton href={PORTAL_HREF} size="lg" variant="outline">
                Access Provider Portal
              </LinkButton>
            </div>
          </div>
        </div>
      </section>

      <section className={layout.section} aria-labelledby="pillars-title">
        <div className={layout.container}>
          <div className={layout.sectionHeader}>
            <p className={layout.eyebrow}>Everything in one place</p>
            <h2 id="pillars-title" className={layout.sectionTitle}>
              Built for holistic practitioners
            </h2>
          </div>
          <ul className={layout.grid3}>
            {pillars.map((pillar) => (
              <Card as="li" key={pillar.title} padding="lg">
                <span className={layout.featureIcon}>{pillar.icon}</span>
                <h3 className={layout.cardTitle}>{pillar.title}</h3>
                <p className={layout.muted}>{pillar.text}</p>
              </Card>
            ))}
          </ul>
        </div>
      </section>

      <section className={layout.sectionTinted} aria-labelledby="portal-title">
        <div className={layout.container}>
          <div className={layout.sectionHeader}>
            <p className={layout.eyebrow}>Provider portal</p>
            <h2 id="portal-title" className={layout.sectionTitle}>
              Your practice, organised
            </h2>
            <p className={layout.lead}>The provider portal gives you the day-to-day tools of a modern clinic.</p>
          </div>
          <ul className={layout.grid4}>
            {portalCards.map((card) => (
              <Card as="li" key={card.title} padding="lg" tone="raised">
                <span className={layout.featureIcon}>{card.icon}</span>
                <h3 className={layout.cardTitle}>{card.title}</h3>
                <p className={layout.muted}>{card.text}</p>
              </Card>
            ))}
          </ul>
        </div>
      </section>

      <section className={layout.section} aria-labelledby="reasons-title">
        <div className={[layout.container, styles.split].join(' ')}>
          <div className={styles.splitHeading}>
            <p className={layout.eyebrow}>Why join</p>
            <h2 id="reasons-title" className={layout.sectionTitle}>
              Reasons to join
            </h2>
            <p className={layout.lead}>Founding members get early access and a direct line to our product team.</p>
          </div>
          <ul className={layout.plainList}>
            {reasons.map((reason) => (
              <li key={reason} className={[layout.checkItem, styles.reason].join(' ')}>
                <CheckIcon size={20} className={layout.checkIcon} />
                {reason}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={layout.sectionTinted} aria-labelledby="upcoming-title">
        <div className={layout.container}>
          <div className={layout.sectionHeader}>
            <p className={layout.eyebrow}>On the roadmap</p>
            <h2 id="upcoming-title" className={layout.sectionTitle}>
              Upcoming features
            </h2>
          </div>
          <ul className={layout.grid2}>
            {upcoming.map((feature) => (
              <Card as="li" key={feature.title} padding="lg">
                <div className={styles.upcomingHead}>
                  <span className={layout.featureIcon}>{feature.icon}</span>
                  <Badge tone="outline">
                    <SparkIcon size={14} />
                    Coming soon
                  </Badge>
                </div>
                <h3 className={layout.cardTitle}>{feature.title}</h3>
                <p className={layout.muted}>{feature.text}</p>
              </Card>
            ))}
          </ul>
        </div>
      </section>

      <section className={layout.section} aria-labelledby="testimonials-title">
        <div className={layout.container}>
          <div className={layout.sectionHeader}>
            <p className={layout.eyebrow}>From our early practitioners</p>
            <h2 id="testimonials-title" className={layout.sectionTitle}>
              What practitioners say
            </h2>
          </div>
          <ul className={layout.grid3}>
            {testimonials.map((testimonial) => (
              <Card as="li" key={testimonial.name} padding="lg">
                <RatingStars rating={testimonial.rating} />
                <blockquote className={styles.quote}>“{testimonial.text}”</blockquote>
                <div className={styles.author}>
                  <Avatar name={testimonial.name} size="md" />
                  <div>
                    <p className={styles.authorName}>{testimonial.name}</p>
                    <p className={styles.authorRole}>{testimonial.role}</p>
                  </div>
                </div>
              </Card>
            ))}
          </ul>
          <div className={[layout.actions, styles.closing].join(' ')}>
            <LinkButton href={WAITLIST_HREF} size="lg">
              Join Our Waitlist
            </LinkButton>
          </div>
        </div>
      </section>
    </>
  );
}
