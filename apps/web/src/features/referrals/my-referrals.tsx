import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commonMessages, formatUsShortDate, referralActionLabels, referralActionToasts, referralPartyTypeLabels, referralToasts, type ReferralAction } from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { useState } from 'react';
import { apiErrorMessage } from '../../lib/api-errors.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state/empty-state.tsx';
import { ReferralStatusBadge, ReferralStatusIcon } from './referral-status.tsx';
import * as styles from './referrals.css.ts';

type ReferralRow = RouterOutputs['referrals']['list']['referrals'][number];

const partyLabel = (type: string): string => (type === 'patient' || type === 'practitioner' ? referralPartyTypeLabels[type] : type);

/** The verb's mutation: the stored status changes through the server's referral machine. */
function useReferralAction() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = {
    resend: trpc.referrals.resend.mutationOptions(),
    cancel: trpc.referrals.cancel.mutationOptions(),
    accept: trpc.referrals.accept.mutationOptions(),
    decline: trpc.referrals.decline.mutationOptions(),
  };
  const resend = useMutation(options.resend);
  const cancel = useMutation(options.cancel);
  const accept = useMutation(options.accept);
  const decline = useMutation(options.decline);
  const mutations = { resend, cancel, accept, decline };
  const pendingId = Object.values(mutations).find((mutation) => mutation.isPending)?.variables?.id;
  const run = (action: ReferralAction, id: string) => {
    mutations[action].mutate(
      { id },
      {
        onSuccess: async () => {
          notify.success({ title: referralActionToasts[action] });
          await queryClient.invalidateQueries(trpc.referrals.pathFilter());
        },
        onError: async (error) => {
          notify.error({ title: apiErrorMessage(error) ?? 'Something went wrong', description: commonMessages.tryAgainLater });
          await queryClient.invalidateQueries(trpc.referrals.pathFilter());
        },
      },
    );
  };
  return { run, pendingId };
}

/** My Referrals: sent and received, each with its status and the actions docs/product.md#referrals gives its viewer. */
export function MyReferrals({ referrals }: { referrals: readonly ReferralRow[] }) {
  const { run, pendingId } = useReferralAction();
  // Cancel and Decline are final, so they ask first; Accept and Resend run at once.
  const [confirming, setConfirming] = useState<{ readonly action: FinalAction; readonly referral: ReferralRow } | null>(null);
  if (referrals.length === 0) {
    return <EmptyState title="No referrals yet" description="Referrals you send and receive appear here." />;
  }
  return (
    <>
      <ul className={styles.list} aria-label="My referrals">
        {referrals.map((referral) => (
          <li key={referral.id}>
            <Card padding="md" className={styles.item} aria-label={`Referral ${referral.role === 'sender' ? 'to' : 'from'} ${referral.role === 'sender' ? referral.refereeName : referral.referrerName}`}>
              <ReferralStatusIcon status={referral.status} />
              <div className={styles.itemMain}>
                <div className={styles.itemHead}>
                  <span className={styles.strong}>{referral.role === 'sender' ? referral.refereeName : referral.referrerName}</span>
                  <ReferralStatusBadge status={referral.status} />
                </div>
                <span className={styles.secondary}>
                  {referral.role === 'sender'
                    ? `Sent to ${referral.refereeEmail} · ${partyLabel(referral.refereeType)}`
                    : `Referred you as a ${partyLabel(referral.refereeType).toLowerCase()}`}
                </span>
                <span className={styles.secondary}>
                  Code {referral.referralCode} · {referral.offer} · {formatUsShortDate(referral.createdAt, 'UTC')}
                  {referral.completedAt ? ` · Completed ${formatUsShortDate(referral.completedAt, 'UTC')}` : ''}
                </span>
                {referral.notes ? <span className={styles.secondary}>“{referral.notes}”</span> : null}
              </div>
              {referral.actions.length > 0 ? (
                <div className={styles.actions}>
                  {referral.actions.map((action) => (
                    <Button
                      key={action}
                      size="sm"
                      variant={action === 'accept' || action === 'resend' ? 'primary' : 'outline'}
                      isDisabled={pendingId === referral.id}
                      onPress={() => (isFinalAction(action) ? setConfirming({ action, referral }) : run(action, referral.id))}
                      aria-label={`${referralActionLabels[action]} referral ${referral.role === 'sender' ? `to ${referral.refereeName}` : `from ${referral.referrerName}`}`}
                    >
                      {referralActionLabels[action]}
                    </Button>
                  ))}
                </div>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
      {confirming ? (
        <ConfirmFinalAction
          {...confirming}
          onConfirm={() => run(confirming.action, confirming.referral.id)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </>
  );
}

/** The actions that cannot be undone: each asks first. */
type FinalAction = Extract<ReferralAction, 'cancel' | 'decline'>;
const isFinalAction = (action: ReferralAction): action is FinalAction => action === 'cancel' || action === 'decline';

/** The question before a final action: the safe choice has focus, the final one says what it does. */
function ConfirmFinalAction({ action, referral, onConfirm, onClose }: { readonly action: FinalAction; readonly referral: ReferralRow; readonly onConfirm: () => void; readonly onClose: () => void }) {
  const copy = action === 'cancel' ? referralToasts.cancelConfirm : referralToasts.declineConfirm;
  return (
    <ConfirmDialog
      title={copy.title}
      isOpen
      cancelLabel={copy.keep}
      confirmLabel={copy.confirm}
      onCancel={onClose}
      onConfirm={() => {
        onConfirm();
        onClose();
      }}
    >
      {copy.description(action === 'cancel' ? referral.refereeName : referral.referrerName)}
    </ConfirmDialog>
  );
}
