import { countOf, insuranceSummary, specialtyLabels, type DirectorySearchCard } from '@wellspring/domain';
import { Link } from 'react-aria-components';
import { BookButton } from '../../lib/booking/book-button.tsx';
import { Avatar } from '../../ui/avatar/avatar.tsx';
import { Badge } from '../../ui/badge/badge.tsx';
import { Card } from '../../ui/card/card.tsx';
import { ClockIcon, MapPinIcon, ShieldIcon } from '../../ui/icons/icons.tsx';
import { formatRating, RatingStars } from '../../ui/rating/rating.tsx';
import * as styles from './search.css.ts';

/** "2.4 miles away", "1 mile away". */
const distanceText = (miles: number): string => `${countOf(miles, 'mile')} away`;

/** One practitioner of the directory, linking to the profile; "Book" where the listing takes online bookings. */
export function ResultCard({ practitioner }: { practitioner: DirectorySearchCard }) {
  const insurance = insuranceSummary(practitioner.insuranceList);
  const href = `/practitioners/${encodeURIComponent(practitioner.id)}`;
  return (
    <Card as="li" className={styles.card}>
      <div className={`${styles.cardHead} ${styles.cardBlock}`}>
        <Avatar name={practitioner.name} src={practitioner.profileImage} size="lg" />
        <div className={styles.cardIdentity}>
          <h3 className={styles.cardName}>
            {/* The whole card is clickable through this link's overlay (see search.css). */}
            <Link href={href} className={styles.cardLink}>
              {practitioner.name}
            </Link>
          </h3>
          <p className={styles.cardMeta}>
            <MapPinIcon size={16} />
            <span>
              {practitioner.location}
              {practitioner.distanceMiles !== null ? <> · {distanceText(practitioner.distanceMiles)}</> : null}
            </span>
          </p>
        </div>
        {practitioner.bookable ? <BookButton practitioner={practitioner} variant="outline" size="sm" className={styles.cardBook} aria-label={`Book with ${practitioner.name}`} /> : null}
      </div>
      <ul className={`${styles.badges} ${styles.cardBlock}`} aria-label="Specialties">
        {practitioner.specialties.map((specialty) => (
          <li key={specialty}>
            <Badge>{specialtyLabels[specialty]}</Badge>
          </li>
        ))}
      </ul>
      <p className={`${styles.bio} ${styles.cardBlock}`}>{practitioner.shortBio}</p>
      <div className={styles.cardFacts}>
        <span className={styles.cardMeta}>
          <RatingStars rating={practitioner.rating} />
          {formatRating(practitioner.rating)} ({countOf(practitioner.reviewCount, 'review')})
        </span>
        <span className={styles.cardMeta}>
          <ClockIcon size={16} />
          {countOf(practitioner.yearsExperience, 'year')} experience
        </span>
        <span className={styles.cardMeta}>
          <ShieldIcon size={16} />
          {practitioner.acceptsInsurance
            ? insurance.shown.length > 0
              ? `${insurance.shown.join(', ')}${insurance.moreLabel ? ` ${insurance.moreLabel}` : ''}`
              : 'Accepts insurance'
            : 'Self-pay only'}
        </span>
      </div>
    </Card>
  );
}
