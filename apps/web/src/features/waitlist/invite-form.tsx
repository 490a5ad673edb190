import { useMutation } from '@tanstack/react-query';
import { waitlistToasts, type WaitlistType } from '@wellspring/domain';
import { apiFieldErrors } from '../../lib/api-errors.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button/button.tsx';
import { Form } from '../../ui/form/form.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import { loadInviteFormSchema } from './load-waitlist-schemas.ts';
import * as styles from './waitlist.css.ts';

export interface InviteFormProps {
  /** The audience of the card the invite comes from. */
  waitlistType: WaitlistType;
  /** Called once the invite is stored: the caller hides this form (SPEC §4). */
  onSent: () => void;
}

export function InviteForm({ waitlistType, onSent }: InviteFormProps) {
  const trpc = useTRPC();
  const sendInvite = useMutation(trpc.waitlist.invite.mutationOptions());
  const form = useZodForm(loadInviteFormSchema, { yourName: '', friendEmail: '' });

  const submit = async () => {
    const input = await form.validate();
    if (!input || sendInvite.isPending) return;
    sendInvite.mutate(
      { ...input, waitlistType },
      {
        onSuccess: () => {
          notify.success(waitlistToasts.inviteSent(input.friendEmail));
          form.reset();
          onSent();
        },
        onError: (error) => {
          form.showServerErrors(apiFieldErrors(error));
          notify.error(waitlistToasts.inviteFailed);
        },
      },
    );
  };

  return (
    <Form
      className={styles.invitePanel}
      aria-label="Invite a friend"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className={styles.inviteHint}>Know someone who would benefit? We will send them an invitation from you.</p>
      <TextField
        label="Your Name"
        name="yourName"
        autoComplete="name"
        value={form.values.yourName}
        onChange={(value) => form.setValue('yourName', value)}
        errorMessage={form.errors.yourName}
        isDisabled={sendInvite.isPending}
      />
      <TextField
        label="Friend's Email"
        name="friendEmail"
        type="email"
        autoComplete="off"
        value={form.values.friendEmail}
        onChange={(value) => form.setValue('friendEmail', value)}
        errorMessage={form.errors.friendEmail}
        isDisabled={sendInvite.isPending}
      />
      <Button type="submit" variant="secondary" isDisabled={sendInvite.isPending}>
        {sendInvite.isPending ? 'Sending Invite...' : 'Send Invite'}
      </Button>
    </Form>
  );
}
