import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  commonMessages,
  COPIED_INDICATOR_MS,
  formatReward,
  formatUsShortDate,
  referralCodeFormDefaults,
  referralCodeFormSchema,
  referralCodeStatusText,
  referralShareLink,
  referralToasts,
} from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { useEffect, useState } from 'react';
import { apiErrorMessage, apiFieldErrors } from '../../lib/api-errors.ts';
import { copyText } from '../../lib/clipboard.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { EmptyState } from '../../ui/empty-state/empty-state.tsx';
import { Form } from '../../ui/form/form.tsx';
import { CheckIcon, LinkIcon } from '../../ui/icons/icons.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import * as styles from './referrals.css.ts';

type Code = RouterOutputs['referralCodes']['list'][number];

const formatDate = (iso: string) => formatUsShortDate(iso, 'UTC');

/** "12 of 50 uses", or "7 uses (no limit)". */
const usageText = (code: Pick<Code, 'usageCount' | 'maxUsage'>): string =>
  code.maxUsage === null ? `${code.usageCount} ${code.usageCount === 1 ? 'use' : 'uses'} (no limit)` : `${code.usageCount} of ${code.maxUsage} uses`;

function useCodeMutations() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const activate = useMutation(trpc.referralCodes.activate.mutationOptions());
  const deactivate = useMutation(trpc.referralCodes.deactivate.mutationOptions());
  const remove = useMutation(trpc.referralCodes.delete.mutationOptions());
  const refresh = () => Promise.all([queryClient.invalidateQueries(trpc.referralCodes.pathFilter()), queryClient.invalidateQueries(trpc.referrals.pathFilter())]);
  const onError = async (error: unknown) => {
    notify.error({ title: apiErrorMessage(error) ?? 'Something went wrong', description: commonMessages.tryAgainLater });
    await refresh();
  };
  return {
    toggle: (code: Code) => {
      const mutation = code.active ? deactivate : activate;
      mutation.mutate(
        { id: code.id },
        {
          onSuccess: async () => {
            notify.success({ title: code.active ? referralToasts.codeDeactivated : referralToasts.codeActivated });
            await refresh();
          },
          onError,
        },
      );
    },
    remove: (code: Code, done: () => void) => {
      remove.mutate(
        { id: code.id },
        {
          onSuccess: async () => {
            done();
            notify.success({ title: referralToasts.codeDeleted });
            await refresh();
          },
          onError,
        },
      );
    },
    busy: activate.isPending || deactivate.isPending || remove.isPending,
    removing: remove.isPending,
  };
}

/** Copy shows a "Copied" indicator for 2 s (docs/product.md#referral-codes). */
function CopyButton({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={copied ? `Copied ${code}` : `Copy code ${code}`}
      onPress={() => {
        void copyText(code).then((ok) => {
          if (ok) setCopied(true);
          else notify.error({ title: 'Could not copy the code', description: 'Please copy it by hand.' });
        });
      }}
    >
      {copied ? (
        <>
          <CheckIcon size={16} aria-hidden /> Copied
        </>
      ) : (
        'Copy'
      )}
    </Button>
  );
}

function CodeCard({ code, mutations, onDelete }: { code: Code; mutations: ReturnType<typeof useCodeMutations>; onDelete: (code: Code) => void }) {
  const share = () => {
    void copyText(referralShareLink(window.location.origin, code.code)).then((ok) => {
      if (ok) notify.success({ title: 'Link copied', description: 'Share it with anyone you want to refer.' });
      else notify.error({ title: 'Could not copy the link', description: commonMessages.tryAgainLater });
    });
  };
  return (
    <Card as="article" padding="md" className={[styles.codeCard, code.active ? '' : styles.inactive].join(' ')} aria-label={`Referral code ${code.code}`} data-inactive={!code.active || undefined}>
      <span className={styles.codeText}>{code.code}</span>
      <span className={styles.strong}>{code.description}</span>
      <dl className={styles.codeFacts}>
        <dt className={styles.factLabel}>You receive</dt>
        <dd className={styles.factValue}>{formatReward(code.rewards.referrer)}</dd>
        <dt className={styles.factLabel}>They receive</dt>
        <dd className={styles.factValue}>{formatReward(code.rewards.referee)}</dd>
        <dt className={styles.factLabel}>Usage</dt>
        <dd className={styles.factValue}>{usageText(code)}</dd>
      </dl>
      <span className={styles.secondary}>{referralCodeStatusText(code, formatDate)}</span>
      <div className={styles.codeActions}>
        <CopyButton code={code.code} />
        <Button size="sm" variant="outline" onPress={share} aria-label={`Share code ${code.code}`}>
          <LinkIcon size={16} aria-hidden /> Share
        </Button>
        <Button size="sm" variant="outline" isDisabled={mutations.busy} onPress={() => mutations.toggle(code)} aria-label={`${code.active ? 'Deactivate' : 'Activate'} code ${code.code}`}>
          {code.active ? 'Deactivate' : 'Activate'}
        </Button>
        <Button size="sm" variant="ghost" isDisabled={mutations.busy} onPress={() => onDelete(code)} aria-label={`Delete code ${code.code}`}>
          Delete
        </Button>
      </div>
    </Card>
  );
}

interface CodeFormValues {
  code: string;
  description: string;
  reward: string;
  maxUsage: string;
  expiryDate: string;
  [field: string]: string;
}

/** A new code: offer, reward for each side, optional usage limit and last day. */
function CreateCodeDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useZodForm(referralCodeFormSchema, { ...referralCodeFormDefaults } as CodeFormValues);
  const create = useMutation(trpc.referralCodes.create.mutationOptions());
  const submit = async () => {
    if (!(await form.validate()) || create.isPending) return;
    create.mutate(
      { ...form.values },
      {
        onSuccess: async (created) => {
          notify.success({ title: 'Referral code created', description: `${created.code} is active.` });
          form.reset();
          onOpenChange(false);
          await queryClient.invalidateQueries(trpc.referralCodes.pathFilter());
        },
        onError: (error) => {
          form.showServerErrors(apiFieldErrors(error));
          notify.error({ title: 'Failed to create referral code', description: apiErrorMessage(error) ?? commonMessages.tryAgainLater });
        },
      },
    );
  };
  return (
    <Dialog title="Create Referral Code" isOpen={isOpen} onOpenChange={onOpenChange}>
      {({ close }) => (
        <Form
          aria-label="Create referral code"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField label="Code" description="4 to 32 letters, digits or dashes, e.g. SPRING-30" autoComplete="off" {...form.textField('code')} />
          <TextField label="Offer" description="What the code gives, e.g. $30 off a first visit" autoComplete="off" {...form.textField('description')} />
          <TextField label="Reward for each side ($)" inputMode="decimal" autoComplete="off" {...form.textField('reward')} />
          <div className={styles.pair}>
            <TextField label="Usage limit (optional)" inputMode="numeric" autoComplete="off" {...form.textField('maxUsage')} />
            <TextField label="Last day (optional)" type="date" {...form.textField('expiryDate')} />
          </div>
          <div className={styles.dialogActions}>
            <Button variant="outline" onPress={close}>
              Cancel
            </Button>
            <Button type="submit" isDisabled={create.isPending}>
              {create.isPending ? 'Creating Code...' : 'Create Code'}
            </Button>
          </div>
        </Form>
      )}
    </Dialog>
  );
}

/** My Referral Codes: the cards of docs/product.md#referral-codes, and a new code. */
export function ReferralCodes({ codes }: { codes: readonly Code[] }) {
  const mutations = useCodeMutations();
  const [deleting, setDeleting] = useState<Code | null>(null);
  const [creating, setCreating] = useState(false);
  return (
    <div className={styles.list}>
      <div className={styles.codeHeader}>
        <p className={styles.muted}>Share a code: whoever signs up with it gets its offer, and you both receive its reward.</p>
        <Button onPress={() => setCreating(true)}>Create Code</Button>
      </div>
      {codes.length === 0 ? (
        <EmptyState title="No referral codes" description="Create a code to start referring." />
      ) : (
        <ul className={styles.codeGrid} aria-label="My referral codes">
          {codes.map((code) => (
            <li key={code.id}>
              <CodeCard code={code} mutations={mutations} onDelete={setDeleting} />
            </li>
          ))}
        </ul>
      )}
      <CreateCodeDialog isOpen={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        title={referralToasts.deleteConfirm.title}
        isOpen={deleting !== null}
        isPending={mutations.removing}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && mutations.remove(deleting, () => setDeleting(null))}
      >
        {referralToasts.deleteConfirm.description}
      </ConfirmDialog>
    </div>
  );
}
