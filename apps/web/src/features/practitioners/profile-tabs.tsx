import {
  countOf,
  directoryReferralStatusLabel,
  licensureStatusLabel,
  practitionerMessages,
  practitionerProfileTabs,
  type DirectoryProfile,
} from '@wellspring/domain';
import type { ReactNode } from 'react';
import { Badge } from '../../ui/badge/badge.tsx';
import { Card } from '../../ui/card/card.tsx';
import { EmptyState } from '../../ui/empty-state/empty-state.tsx';
import { AwardIcon, CheckIcon, FileTextIcon, GraduationIcon, ShieldIcon, UsersIcon } from '../../ui/icons/icons.tsx';
import { formatRating, RatingStars } from '../../ui/rating/rating.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs/tabs.tsx';
import { formatDate } from './format-date.ts';
import * as styles from './profile.css.ts';

type TabName = (typeof practitionerProfileTabs)[number];

export function ProfileTabs({ practitioner }: { practitioner: DirectoryProfile }) {
  const panels: Record<TabName, ReactNode> = {
    About: <AboutPanel practitioner={practitioner} />,
    Approach: <ApproachPanel practitioner={practitioner} />,
    Credentials: <CredentialsPanel practitioner={practitioner} />,
    Reviews: <ReviewsPanel practitioner={practitioner} />,
    Referrals: <ReferralsPanel practitioner={practitioner} />,
    Physicians: <PhysiciansPanel practitioner={practitioner} />,
    Awards: <AwardsPanel practitioner={practitioner} />,
  };
  return (
    // The first tab chosen from the start: left to react-aria, the panel would appear a render
    // after the tabs and push the practice details below it down the screen.
    <Tabs defaultSelectedKey={practitionerProfileTabs[0]}>
      <TabList aria-label="Profile sections">
        {practitionerProfileTabs.map((name) => (
          <Tab key={name} id={name}>
            {name}
          </Tab>
        ))}
      </TabList>
      {practitionerProfileTabs.map((name) => (
        <TabPanel key={name} id={name} className={styles.panel}>
          {panels[name]}
        </TabPanel>
      ))}
    </Tabs>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.panelSection}>
      <h2 className={styles.panelTitle}>{title}</h2>
      {children}
    </section>
  );
}

function TextList({ items, icon }: { items: readonly string[]; icon?: ReactNode }) {
  return (
    <ul className={styles.textList}>
      {items.map((item) => (
        <li key={item} className={styles.textItem}>
          <span className={styles.textItemIcon} aria-hidden="true">
            {icon ?? <CheckIcon size={16} />}
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}

function BadgeList({ items, label }: { items: readonly string[]; label: string }) {
  return (
    <ul className={styles.badges} aria-label={label}>
      {items.map((item) => (
        <li key={item}>
          <Badge tone="neutral">{item}</Badge>
        </li>
      ))}
    </ul>
  );
}

function AboutPanel({ practitioner }: { practitioner: DirectoryProfile }) {
  return (
    <>
      <Section title={`About ${practitioner.name}`}>
        <p className={styles.lead}>{practitioner.shortBio}</p>
        <p>{practitioner.about}</p>
      </Section>
      {practitioner.conditionsTreated.length > 0 ? (
        <Section title="Conditions treated">
          <BadgeList items={practitioner.conditionsTreated} label="Conditions treated" />
        </Section>
      ) : null}
      {practitioner.commonSymptoms.length > 0 ? (
        <Section title="Common symptoms">
          <BadgeList items={practitioner.commonSymptoms} label="Common symptoms" />
        </Section>
      ) : null}
    </>
  );
}

function ApproachPanel({ practitioner }: { practitioner: DirectoryProfile }) {
  const { treatmentApproaches, questionsPrompts } = practitioner;
  if (treatmentApproaches.length === 0 && questionsPrompts.length === 0) {
    return <EmptyState title="No approach information yet" description="This practitioner has not described their approach yet." />;
  }
  return (
    <>
      {treatmentApproaches.length > 0 ? (
        <Section title="Treatment approaches">
          <TextList items={treatmentApproaches} />
        </Section>
      ) : null}
      {questionsPrompts.length > 0 ? (
        <Section title="Questions to ask">
          <TextList items={questionsPrompts} />
        </Section>
      ) : null}
    </>
  );
}

function CredentialsPanel({ practitioner }: { practitioner: DirectoryProfile }) {
  const licensures = practitioner.licensures ?? [];
  return (
    <>
      <Section title="Education">
        {practitioner.education.length > 0 ? <TextList items={practitioner.education} icon={<GraduationIcon size={16} />} /> : <p className={styles.muted}>No education listed.</p>}
      </Section>
      <Section title="Certifications">
        {practitioner.certifications.length > 0 ? (
          <TextList items={practitioner.certifications} icon={<ShieldIcon size={16} />} />
        ) : (
          <p className={styles.muted}>No certifications listed.</p>
        )}
      </Section>
      <Section title="Licensures">
        {licensures.length === 0 ? (
          <EmptyState icon={<FileTextIcon size={24} />} title={practitionerMessages.noLicensures} />
        ) : (
          <ul className={styles.cardList}>
            {licensures.map((licensure) => (
              <Card as="li" key={licensure.id} className={styles.itemCard}>
                <div className={styles.itemHead}>
                  <h3 className={styles.itemTitle}>{licensure.name}</h3>
                  <Badge tone={licensure.status === 'expired' ? 'danger' : licensure.status === 'active' ? 'primary' : 'outline'}>
                    {licensureStatusLabel(licensure.status)}
                  </Badge>
                </div>
                <p className={styles.muted}>Issued by {licensure.issuedBy}</p>
                <p className={styles.itemMeta}>
                  Issued {formatDate(licensure.issueDate)} · {licensure.expiryDate ? `Expires ${formatDate(licensure.expiryDate)}` : 'No expiry date'}
                </p>
              </Card>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

function ReviewsPanel({ practitioner }: { practitioner: DirectoryProfile }) {
  return (
    <>
      <div className={styles.reviewSummary}>
        <p className={styles.reviewScore}>{formatRating(practitioner.rating)}</p>
        <div>
          <RatingStars rating={practitioner.rating} size={20} />
          <p className={styles.muted}>Based on {countOf(practitioner.reviewCount, 'review')}</p>
        </div>
      </div>
      {practitioner.testimonials.length === 0 ? (
        <EmptyState title="No reviews yet" description="Reviews from patients will appear here." />
      ) : (
        <ul className={styles.cardList}>
          {practitioner.testimonials.map((testimonial) => (
            <Card as="li" key={testimonial.id} className={styles.itemCard}>
              <div className={styles.itemHead}>
                <h3 className={styles.itemTitle}>{testimonial.author}</h3>
                <span className={styles.itemMeta}>{formatDate(testimonial.date)}</span>
              </div>
              <RatingStars rating={testimonial.rating} />
              <p>{testimonial.text}</p>
            </Card>
          ))}
        </ul>
      )}
    </>
  );
}

function ReferralsPanel({ practitioner }: { practitioner: DirectoryProfile }) {
  const referrals = practitioner.referrals ?? [];
  if (referrals.length === 0) return <EmptyState icon={<UsersIcon size={24} />} title={practitionerMessages.noPatientReferrals} />;
  return (
    <Section title="Patient referrals">
      <ul className={styles.cardList}>
        {referrals.map((referral) => (
          <Card as="li" key={referral.id} className={styles.itemCard}>
            <div className={styles.itemHead}>
              <h3 className={styles.itemTitle}>{referral.patientName}</h3>
              <Badge tone={referral.status === 'completed' ? 'primary' : 'outline'}>{directoryReferralStatusLabel(referral.status)}</Badge>
            </div>
            <p>{referral.reason}</p>
            <p className={styles.itemMeta}>
              Referred by {referral.referredBy} · {formatDate(referral.date)}
            </p>
          </Card>
        ))}
      </ul>
    </Section>
  );
}

function PhysiciansPanel({ practitioner }: { practitioner: DirectoryProfile }) {
  const referrals = practitioner.physicianReferrals ?? [];
  if (referrals.length === 0) return <EmptyState icon={<UsersIcon size={24} />} title={practitionerMessages.noPhysicianReferrals} />;
  return (
    <Section title="Physician referrals">
      <ul className={styles.cardList}>
        {referrals.map((referral) => (
          <Card as="li" key={referral.id} className={styles.itemCard}>
            <div className={styles.itemHead}>
              <h3 className={styles.itemTitle}>{referral.physicianName}</h3>
              <span className={styles.itemMeta}>{formatDate(referral.date)}</span>
            </div>
            <p className={styles.muted}>
              {referral.specialty} · {referral.hospital}
            </p>
            <p>{referral.note}</p>
          </Card>
        ))}
      </ul>
    </Section>
  );
}

function AwardsPanel({ practitioner }: { practitioner: DirectoryProfile }) {
  const awards = practitioner.awards ?? [];
  if (awards.length === 0) return <EmptyState icon={<AwardIcon size={24} />} title={practitionerMessages.noAwards} />;
  return (
    <Section title="Awards and recognition">
      <ul className={styles.cardList}>
        {awards.map((award) => (
          <Card as="li" key={award.id} className={styles.itemCard}>
            <div className={styles.itemHead}>
              <h3 className={styles.itemTitle}>{award.name}</h3>
              <Badge tone="outline">{award.year}</Badge>
            </div>
            <p className={styles.muted}>{award.issuedBy}</p>
            <p>{award.description}</p>
          </Card>
        ))}
      </ul>
    </Section>
  );
}
