import { useQuery } from '@tanstack/react-query';
import { formatReward } from '@wellspring/domain';
import { useSearchParams } from 'wouter';
import { apiErrorCode, apiErrorMessage } from '../../lib/api-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { LinkButton } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { FormAlert } from '../../ui/form/form.tsx';
import { TextLink } from '../../ui/link/link.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import * as styles from './referrals.css.ts';

/**
 * `/referral?code={code}` for a visitor without a session: what the code offers, who shared it, and
 * a sign-up link carrying the code (the account redeems it when it is created).
 */
export function ReferralOfferPage() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const offer = useQuery({ ...trpc.referralCodes.offer.queryOptions({ code }), enabled: code !== '', retry: false });

  return (
    <section className={styles.offer} aria-labelledby="referral-offer-title">
      <h1 id="referral-offer-title" className={styles.title}>
        You've been referred to Wellspring
      </h1>
      {code === '' ? (
        <FormAlert>This referral link has no code.</FormAlert>
      ) : offer.isPending ? (
        <div role="status" aria-label="Loading the referral">
          <Skeleton height="8rem" />
        </div>
      ) : offer.isError ? (
        <FormAlert>{apiErrorCode(offer.error) === 'NOT_FOUND' ? (apiErrorMessage(offer.error) ?? 'Referral code not found.') : 'Failed to load the referral. Please try again.'}</FormAlert>
      ) : (
        <Card padding="lg" className={styles.stack}>
          <p>
            <strong>{offer.data.referrerName}</strong> shared a referral code with you.
          </p>
          <span className={[styles.codeText, styles.offerCode].join(' ')}>{offer.data.code}</span>
          <p className={styles.strong}>{offer.data.description}</p>
          {offer.data.rewardMinor > 0 ? <p className={styles.muted}>Sign up with this code and you both receive a {formatReward(offer.data.rewardMinor)} reward.</p> : null}
          {offer.data.unavailable ? (
            <FormAlert>{offer.data.unavailable}</FormAlert>
          ) : (
            <LinkButton href={`/signup?code=${encodeURIComponent(offer.data.code)}`}>Sign up with this code</LinkButton>
          )}
        </Card>
      )}
      <p className={styles.muted}>
        Already have an account? <TextLink href="/login?next=%2Freferrals">Sign in</TextLink>
      </p>
    </section>
  );
}
