import { SUCCESS_SCREEN_MS, waitlistFormTexts, waitlistToasts, type JoinWaitlistInput, type WaitlistType } from '@wellspring/domain';
import { useId, useState } from 'react';
import { useSuccessScreen } from '../focus.ts';
import { preloadApi, useLazyMutation } from '../lazy-api.ts';
import { notify } from '../toast.tsx';
import { useZodForm } from '../use-zod-form.ts';
import { Button } from '../../ui/button/button.tsx';
import { ErrorSummary, Form } from '../../ui/form/form.tsx';
import { CheckIcon, UsersIcon } from '../../ui/icons/icons.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import { InviteForm } from './invite-form.tsx';
import { loadWaitlistFormSchema } from './load-waitlist-schemas.ts';
import * as styles from './waitlist-form.css.ts';

export interface WaitlistFormProps {
  /** Which waitlist the entry joins: patient or practitioner. */
  type: WaitlistType;
}

const labels = { name: 'Full Name', email: 'Email' } as const;

/**
 * The shared waitlist block (docs/product.md#waitlist): idle → submitting → thank-you for 3 s → reset form,
 * plus the "Invite a friend to join" form.
 */
export function WaitlistForm({ type }: WaitlistFormProps) {
  const join = useLazyMutation((api, input: JoinWaitlistInput) => api.waitlist.join.mutate(input));
  const form = useZodForm(loadWaitlistFormSchema, { name: '', email: '' });
  const { focusField } = form;
  const success = useSuccessScreen(SUCCESS_SCREEN_MS, () => focusField('name'));
  const [inviteOpen, setInviteOpen] = useState(false);
  const invitePanelId = useId();

  const submit = async () => {
    const input = await form.validate();
    if (!input || join.isPending) return;
    join.mutate(
      { ...input, type },
      {
        onSuccess: () => {
          notify.success(waitlistToasts.joined(type));
          form.reset();
          success.show();
        },
        onError: (error) => {
          if (error.code === 'CONFLICT') {
            notify.error(waitlistToasts.duplicate);
            return;
          }
          form.showServerErrors(error.fieldErrors);
          notify.error(waitlistToasts.joinFailed);
        },
      },
    );
  };

  return (
    <div className={styles.block}>
      {success.shown ? (
        <div className={styles.thankYou} role="status" tabIndex={-1} ref={success.successRef}>
          <span className={styles.thankYouIcon} aria-hidden="true">
            <CheckIcon size={24} strokeWidth={3} />
          </span>
          <p className={styles.thankYouText}>{waitlistToasts.thankYou}</p>
          <p>We&apos;ll be in touch soon.</p>
        </div>
      ) : (
        <Form
          aria-label={type === 'patient' ? 'Join the patient waitlist' : 'Join the practitioner waitlist'}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <ErrorSummary labels={labels} errors={form.errors} onSelect={focusField} />
          <TextField
            label={labels.name}
            inputRef={form.fieldRef('name')}
            name="name"
            autoComplete="name"
            value={form.values.name}
            onChange={(value) => {
              preloadApi();
              form.setValue('name', value);
            }}
            errorMessage={form.errors.name}
            isDisabled={join.isPending}
          />
          <TextField
            label={labels.email}
            inputRef={form.fieldRef('email')}
            name="email"
            type="email"
            autoComplete="email"
            value={form.values.email}
            onChange={(value) => {
              preloadApi();
              form.setValue('email', value);
            }}
            errorMessage={form.errors.email}
            isDisabled={join.isPending}
          />
          <Button type="submit" fullWidth isDisabled={join.isPending}>
            {join.isPending ? waitlistFormTexts.submitting : waitlistFormTexts.join}
          </Button>
        </Form>
      )}

      <div className={styles.invite}>
        <Button
          variant="link"
          size="inline"
          className={styles.inviteToggle}
          aria-expanded={inviteOpen}
          aria-controls={inviteOpen ? invitePanelId : undefined}
          onPress={() => setInviteOpen((open) => !open)}
        >
          <UsersIcon size={18} />
          {waitlistFormTexts.inviteToggle}
        </Button>
        {inviteOpen ? (
          <div id={invitePanelId}>
            <InviteForm waitlistType={type} onSent={() => setInviteOpen(false)} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
