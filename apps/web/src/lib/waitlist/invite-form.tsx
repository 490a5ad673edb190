import { waitlistFormTexts, waitlistToasts, type SendInviteInput, type WaitlistType } from '@wellspring/domain';
import { preloadApi, useLazyMutation } from '../lazy-api.ts';
import { notify } from '../toast.tsx';
import { useZodForm } from '../use-zod-form.ts';
import { Button } from '../../ui/button/button.tsx';
import { Form } from '../../ui/form/form.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import { loadInviteFormSchema } from './load-waitlist-schemas.ts';
import * as styles from './waitlist-form.css.ts';

export interface InviteFormProps {
  /** The audience of the card the invite comes from. */
  waitlistType: WaitlistType;
  /** Called once the invite is stored: the caller hides this form (docs/product.md#invite). */
  onSent: () => void;
}

export function InviteForm({ waitlistType, onSent }: InviteFormProps) {
  const sendInvite = useLazyMutation((api, input: SendInviteInput) => api.waitlist.invite.mutate(input));
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
          form.showServerErrors(error.fieldErrors);
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
        onChange={(value) => {
          preloadApi();
          form.setValue('yourName', value);
        }}
        errorMessage={form.errors.yourName}
        isDisabled={sendInvite.isPending}
      />
      <TextField
        label="Friend's Email"
        name="friendEmail"
        type="email"
        autoComplete="off"
        value={form.values.friendEmail}
        onChange={(value) => {
          preloadApi();
          form.setValue('friendEmail', value);
        }}
        errorMessage={form.errors.friendEmail}
        isDisabled={sendInvite.isPending}
      />
      <Button type="submit" variant="secondary" isDisabled={sendInvite.isPending}>
        {sendInvite.isPending ? waitlistFormTexts.sendingInvite : waitlistFormTexts.sendInvite}
      </Button>
    </Form>
  );
}
