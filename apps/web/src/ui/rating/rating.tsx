import { StarIcon } from '../icons/icons.tsx';
import * as styles from './rating.css.ts';

const MAX_STARS = 5;

export interface RatingStarsProps {
  /** 0 to 5; fractions fill a star partly. */
  rating: number;
  size?: number;
  className?: string;
}

/** Five stars filled to the rating, read as "4.9 out of 5 stars". */
export function RatingStars({ rating, size = 16, className }: RatingStarsProps) {
  const clamped = Math.min(MAX_STARS, Math.max(0, rating));
  return (
    <span role="img" aria-label={`${formatRating(clamped)} out of ${MAX_STARS} stars`} className={[styles.stars, className].filter(Boolean).join(' ')}>
      {Array.from({ length: MAX_STARS }, (_, index) => {
        const fill = Math.min(1, Math.max(0, clamped - index));
        return (
          <span key={index} className={styles.star} style={{ width: size, height: size }}>
            <StarIcon size={size} className={styles.empty} />
            <span className={styles.filled} style={{ width: `${fill * 100}%` }}>
              <StarIcon size={size} />
            </span>
          </span>
        );
      })}
    </span>
  );
}

/** "4.9", "5" → "5.0": one decimal, as ratings are shown everywhere. */
export const formatRating = (rating: number): string => rating.toFixed(1);
