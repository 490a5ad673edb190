import { useMutation, useQueryClient } from '@tanstack/react-query';
import { referralFormDefaults, referralFormSchema, referralPartyTypeLabels, referralPartyTypes, referralToasts } from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { apiFieldErrors } from '../../lib/api-errors.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { Form } from '../../ui/form/form.tsx';
import { Select } from '../../ui/select/select.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import * as styles from './referrals.css.ts';

type Code = RouterOutputs['referralCodes']['list'][number];

interface ReferralFormValues {
  name: string;
  email: string;
  type: string;
  referralCode: string;
  message: string;
  [field: string]: string;
}

const typeItems = referralPartyTypes.map((type) => ({ id: type, label: referralPartyTypeLabels[type] }));

/**
 * Refer Someone (docs/product.md#referrals): who, their e-mail, patient (the default) or practitioner,
 * one of the practitioner's active codes, an optional message. "Sending Referral..." while the
 * server stores the referral and queues its e-mail; then success and a reset form. On failure the
 * form stays filled.
 */
export function ReferSomeone({ codes }: { codes: readonly Code[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useZodForm(referralFormSchema, { ...referralFormDefaults, message: '' } as ReferralFormValues, { draft: 'refer-someone' });
  const send = useMutation(trpc.referrals.create.mutationOptions());
  const sending = send.isPending;
  const codeItems = codes.filter((code) => code.redeemable).map((code) => ({ id: code.code, label: `${code.code} — ${code.description}` }));

  const submit = async () => {
    const input = await form.validate();
    if (!input || send.isPending) return;
    send.mutate(input, {
      onSuccess: async (sent) => {
        notify.success(referralToasts.sent(sent.email));
        form.reset();
        await queryClient.invalidateQueries(trpc.referrals.pathFilter());
      },
      onError: (error) => {
        form.showServerErrors(apiFieldErrors(error));
        notify.error(referralToasts.sendFailed);
      },
    });
  };

  return (
    <Card padding="lg" className={styles.formCard}>
      <Form
        aria-label="Refer someone"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className={styles.pair}>
          <TextField label="Name" autoComplete="off" {...form.textField('name')} isDisabled={sending} />
          <TextField label="Email" type="email" autoComplete="off" {...form.textField('email')} isDisabled={sending} />
        </div>
        <div className={styles.pair}>
          <div ref={form.fieldRef('type')}>
            <Select
              label="Referring a"
              name="type"
              items={typeItems}
              selectedKey={form.values.type}
              onSelectionChange={(key) => form.setValue('type', String(key))}
              errorMessage={form.errors.type}
              isDisabled={sending}
            />
          </div>
          <div ref={form.fieldRef('referralCode')}>
            <Select
              label="Referral code"
              name="referralCode"
              placeholder={codeItems.length === 0 ? 'No active codes' : 'Select a code'}
              items={codeItems}
              selectedKey={form.values.referralCode === '' ? null : form.values.referralCode}
              onSelectionChange={(key) => form.setValue('referralCode', key === null ? '' : String(key))}
              errorMessage={form.errors.referralCode}
              isDisabled={sending}
            />
          </div>
        </div>
        <TextField label="Message (optional)" rows={4} {...form.textField('message')} isDisabled={sending} />
        <div className={styles.formActions}>
          <Button type="submit" isDisabled={sending}>
            {sending ? referralToasts.sending : 'Send Referral'}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
