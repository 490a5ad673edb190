import { useMutation } from '@tanstack/react-query';
import { contactFormDefaults, contactFormSchema, contactTexts, practitionerMessages } from '@wellspring/domain';
import { apiErrorCode, apiErrorMessage, apiFieldErrors } from '../../lib/api-errors.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button/button.tsx';
import { Checkbox } from '../../ui/checkbox/checkbox.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { ErrorSummary, Form, FormAlert } from '../../ui/form/form.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import * as styles from './contact-dialog.css.ts';

export interface ContactDialogProps {
  readonly practitioner: { readonly id: string; readonly name: string };
  readonly onClose: () => void;
}

/** Answers whose own message tells the visitor what to do (too many messages, no such practitioner, a refused field). */
const TOLD_CODES = new Set(['TOO_MANY_REQUESTS', 'NOT_FOUND', 'BAD_REQUEST']);
const failureDescription = (error: unknown): string =>
  (TOLD_CODES.has(apiErrorCode(error) ?? '') ? apiErrorMessage(error) : undefined) ?? contactTexts.failed.description;

/** Each field's label, in the form's order (the error summary lists problems in it). */
const labels = { name: 'Your Name', email: 'Email', phone: 'Phone (optional)', message: 'Message', consent: 'Consent to be contacted' } as const;

/**
 * Contact on a practitioner's profile (issue 16): name, e-mail, optional phone, message and the
 * consent to be contacted, checked by the domain's schema here and on the server. The spec's
 * "Contact initiated" toast shows once the server has stored the message; a failure keeps
 * everything typed and says why, in a toast and inside the dialog.
 */
export function ContactDialog({ practitioner, onClose }: ContactDialogProps) {
  const trpc = useTRPC();
  const form = useZodForm(contactFormSchema, contactFormDefaults);
  const send = useMutation(
    trpc.contactMessages.send.mutationOptions({
      onSuccess: () => {
        notify.success(practitionerMessages.contactInitiated);
        onClose();
      },
      onError: (error) => {
        form.showServerErrors(apiFieldErrors(error));
        notify.error({ title: contactTexts.failed.title, description: failureDescription(error) });
      },
    }),
  );

  const submit = async () => {
    const input = await form.validate();
    if (!input || send.isPending) return;
    send.reset();
    send.mutate({ ...input, practitionerId: practitioner.id });
  };

  const pending = send.isPending;
  return (
    <Dialog
      title={contactTexts.title(practitioner.name)}
      isOpen
      isDismissable={!pending}
      onOpenChange={(isOpen) => {
        if (!isOpen && !pending) onClose();
      }}
    >
      <p className={styles.intro}>Your message is e-mailed to {practitioner.name}, who will answer you at the e-mail address you give.</p>
      <Form
        aria-label={contactTexts.title(practitioner.name)}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ErrorSummary labels={labels} errors={form.errors} onSelect={form.focusField} />
        <TextField label={labels.name} autoComplete="name" autoFocus {...form.textField('name')} isDisabled={pending} />
        <TextField label={labels.email} type="email" autoComplete="email" {...form.textField('email')} isDisabled={pending} />
        <TextField label={labels.phone} type="tel" autoComplete="tel" {...form.textField('phone')} isDisabled={pending} />
        <TextField label={labels.message} rows={5} placeholder="What would you like to ask or book?" {...form.textField('message')} isDisabled={pending} />
        <div ref={form.fieldRef('consent')}>
          <Checkbox
            name="consent"
            isSelected={form.values.consent}
            onChange={(selected) => form.setValue('consent', selected)}
            errorMessage={form.errors.consent}
            isDisabled={pending}
          >
            {contactTexts.consentLabel(practitioner.name)}
          </Checkbox>
        </div>
        <p className={styles.note}>
          How we keep what you send: our{' '}
          <a href="/privacy" target="_blank" rel="noopener">
            privacy policy
          </a>{' '}
          (opens in a new tab, so nothing you typed here is lost).
        </p>
        {/* The toast's words inside the dialog too: a modal hides the rest of the page from screen readers. */}
        {send.isError ? (
          <FormAlert>
            <strong>{contactTexts.failed.title}</strong> {failureDescription(send.error)}
          </FormAlert>
        ) : null}
        <div className={styles.actions}>
          <Button variant="outline" onPress={onClose} isDisabled={pending}>
            Cancel
          </Button>
          <Button type="submit" isPending={pending}>
            {pending ? contactTexts.sending : contactTexts.send}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
