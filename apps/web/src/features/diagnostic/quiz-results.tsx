import { useQuery } from '@tanstack/react-query';
import { countOf, quizMessages, specialtyLabels, type DirectoryCard, type Specialty } from '@wellspring/domain';
import { useEffect, useRef, type RefObject } from 'react';
import { searchLink } from '../../lib/search-route.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Avatar } from '../../ui/avatar/avatar.tsx';
import { Badge } from '../../ui/badge/badge.tsx';
import { Button, LinkButton } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { EmptyState } from '../../ui/empty-state/empty-state.tsx';
import { ArrowRightIcon, InfoIcon, MapPinIcon, RefreshIcon } from '../../ui/icons/icons.tsx';
import { formatRating, RatingStars } from '../../ui/rating/rating.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import * as styles from './diagnostic.css.ts';

/** Where an approach leads: the directory searching for it, with an empty location (docs/product.md#quiz). */
const approachSearchLink = (approach: Specialty) => searchLink({ query: specialtyLabels[approach], location: '' });

export interface QuizResultsProps {
  answers: readonly string[];
  headingRef: RefObject<HTMLHeadingElement | null>;
  onRetake: () => void;
}

/** The quiz's results, matched on the server over every practitioner (`quiz.match`). */
export function QuizResults({ answers, headingRef, onRetake }: QuizResultsProps) {
  const trpc = useTRPC();
  const match = useQuery(trpc.quiz.match.queryOptions({ answers: [...answers] }, { staleTime: Infinity }));

  // The toast says the results are ready once per completed quiz.
  const announced = useRef(false);
  useEffect(() => {
    if (!match.isSuccess || announced.current) return;
    announced.current = true;
    notify.success({ title: quizMessages.resultsReady });
  }, [match.isSuccess]);

  const retake = (
    <Button variant="outline" onPress={onRetake}>
      <RefreshIcon size={18} />
      {quizMessages.retake}
    </Button>
  );

  return (
    <div className={styles.results}>
      <div className={styles.resultsHeader}>
        <h3 ref={headingRef} tabIndex={-1} className={styles.question}>
          Your results
        </h3>
        {retake}
      </div>

      {match.isPending ? (
        <div role="status" aria-label="Finding your matches" className={styles.resultsLoading}>
          <Skeleton height="1.25rem" width="40%" />
          <div className={styles.approachList}>
            <Skeleton height="2.75rem" width="10rem" radius="10px" />
            <Skeleton height="2.75rem" width="10rem" radius="10px" />
            <Skeleton height="2.75rem" width="10rem" radius="10px" />
          </div>
          <Skeleton height="8rem" />
        </div>
      ) : match.isError ? (
        <EmptyState
          icon={<InfoIcon size={24} />}
          title="We couldn't load your matches"
          description="Please check your connection and try again."
          action={
            <Button onPress={() => void match.refetch()}>
              <RefreshIcon size={18} />
              Try again
            </Button>
          }
        />
      ) : (
        <>
          <section aria-labelledby="approaches-title" className={styles.resultsSection}>
            <h4 id="approaches-title" className={styles.resultsTitle}>
              Recommended approaches
            </h4>
            <p className={styles.muted}>Choose an approach to see practitioners who offer it.</p>
            <ul className={styles.approachList}>
              {match.data.approaches.map((approach) => (
                <li key={approach}>
                  <LinkButton {...approachSearchLink(approach)} variant="secondary">
                    {specialtyLabels[approach]}
                    <ArrowRightIcon size={16} />
                  </LinkButton>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="matches-title" className={styles.resultsSection}>
            <h4 id="matches-title" className={styles.resultsTitle}>
              Your top practitioner matches
            </h4>
            {match.data.practitioners.length === 0 ? (
              <EmptyState title="No matching practitioners yet" description="Browse the directory to see every practitioner." />
            ) : (
              <ol className={styles.matchList}>
                {match.data.practitioners.map((practitioner, rank) => (
                  <MatchCard key={practitioner.id} practitioner={practitioner} rank={rank + 1} approaches={match.data.approaches} />
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </div>
  );
}

interface MatchCardProps {
  practitioner: DirectoryCard & { readonly score: number };
  rank: number;
  approaches: readonly Specialty[];
}

function MatchCard({ practitioner, rank, approaches }: MatchCardProps) {
  const shared = approaches.filter((approach) => practitioner.specialties.includes(approach));
  return (
    <Card as="li" tone="raised" className={styles.matchCard}>
      <div className={styles.matchBody}>
        <div className={styles.matchHead}>
          <Avatar name={practitioner.name} src={practitioner.profileImage} size="lg" />
          <div className={styles.matchIdentity}>
            <p className={styles.matchRank}>Match #{rank}</p>
            <h5 className={styles.matchName}>{practitioner.name}</h5>
            <p className={styles.matchLocation}>
              <MapPinIcon size={16} />
              {practitioner.location}
            </p>
          </div>
        </div>
        <p className={styles.matchRating}>
          <RatingStars rating={practitioner.rating} />
          <span>
            {formatRating(practitioner.rating)} ({countOf(practitioner.reviewCount, 'review')})
          </span>
        </p>
        <ul className={styles.badges} aria-label="Specialties">
          {practitioner.specialties.map((specialty) => (
            <li key={specialty}>
              <Badge tone={shared.includes(specialty) ? 'primary' : 'neutral'}>{specialtyLabels[specialty]}</Badge>
            </li>
          ))}
        </ul>
        <p className={styles.matchReason}>
          Match score {practitioner.score}
          {shared.length > 0 ? ` · offers ${shared.map((specialty) => specialtyLabels[specialty]).join(', ')}` : ''}
        </p>
      </div>
      <LinkButton
        href={`/practitioners/${encodeURIComponent(practitioner.id)}`}
        variant="outline"
        className={styles.matchAction}
        aria-label={`View Profile of ${practitioner.name}`}
      >
        View Profile
      </LinkButton>
    </Card>
  );
}
