import { accountMessages } from '@wellspring/domain';
import { useMutation } from '@tanstack/react-query';
import { apiErrorMessage } from '../../lib/api-errors.ts';
import { useSignedInUser } from '../../lib/signed-in-user.tsx';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Button } from '../../ui/button/button.tsx';
import * as styles from './dashboard.css.ts';
import { Notice } from '../../ui/notice/notice.tsx';

/**
 * Until the account's address is proved (issue 25): what it cannot do yet (publish its listing,
 * take online bookings, see referrals sent to it) and a button for a new confirmation link.
 */
export function VerifyEmailBanner() {
  const user = useSignedInUser();
  const trpc = useTRPC();
  const resend = useMutation(
    trpc.account.resendVerification.mutationOptions({
      onSuccess: (answer) => notify.success({ title: 'Link sent', description: answer.message }),
      onError: (error) => notify.error({ title: 'Could not send the link', description: apiErrorMessage(error) ?? 'Please try again.' }),
    }),
  );
  if (user.emailVerified) return null;
  return (
    <Notice as="section" layout="stacked" padding="roomy" className={styles.verifyBanner} aria-labelledby="verify-banner-title">
      <h2 id="verify-banner-title" className={styles.verifyBannerTitle}>
        Confirm your email address
      </h2>
      <p>
        {accountMessages.unverified} We sent a link to {user.email}.
      </p>
      <Button variant="secondary" size="sm" isDisabled={resend.isPending} onPress={() => resend.mutate()}>
        {resend.isPending ? 'Sending...' : 'Send a new link'}
      </Button>
    </Notice>
  );
}
