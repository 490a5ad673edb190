import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commonMessages, addendumInputSchema, addendumMessages } from '@wellspring/domain';
import { apiErrorMessage, apiFieldErrors } from '../api-errors.ts';
import { notify } from '../toast.tsx';
import { useTRPC } from '../trpc.ts';
import { useZodForm } from '../use-zod-form.ts';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { Form, FormAlert } from '../../ui/form/form.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import { formActions } from '../../ui/form/form.css.ts';
import * as styles from './clinical-notes.css.ts';

const addendumFailedTitle = 'Error adding addendum';

export interface AddendumDialogProps {
  /** The signed record the correction goes under. */
  readonly recordId: string;
  /** What the record is, for the dialog's title ("SOAP Note, June 5, 2025 — Ada Lovelace"). */
  readonly recordLabel: string;
  readonly onClose: () => void;
}

/**
 * "Add addendum": the one way to correct a signed, locked record. Saving adds it under the record
 * (toast "Addendum added"); a refusal shows the server's message and keeps the text typed.
 */
export function AddendumDialog({ recordId, recordLabel, onClose }: AddendumDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useZodForm(addendumInputSchema, { id: recordId, text: '' });
  const add = useMutation(
    trpc.clinicalRecords.addAddendum.mutationOptions({
      onSuccess: async () => {
        notify.success({ title: addendumMessages.added });
        onClose();
        await Promise.all([queryClient.invalidateQueries(trpc.clinicalRecords.pathFilter()), queryClient.invalidateQueries(trpc.patients.pathFilter())]);
      },
      onError: (error) => {
        form.showServerErrors(apiFieldErrors(error));
        notify.error({ title: addendumFailedTitle, description: apiErrorMessage(error) ?? commonMessages.tryAgainLater });
      },
    }),
  );

  const submit = async () => {
    const input = await form.validate();
    if (!input) return;
    add.reset();
    add.mutate(input);
  };

  return (
    <Dialog
      title="Add addendum"
      isOpen
      isDismissable={!add.isPending}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      <p className={styles.muted}>{recordLabel}</p>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label="Addendum"
          description="Signed records are locked; an addendum is added under the record with your name and the time."
          rows={5}
          autoFocus
          {...form.textField('text')}
        />
        {/* The toast's words inside the dialog too: a modal hides the rest of the page from screen readers. */}
        {add.isError ? (
          <FormAlert>
            <strong>{addendumFailedTitle}</strong> {apiErrorMessage(add.error) ?? commonMessages.tryAgainLater}
          </FormAlert>
        ) : null}
        <div className={formActions}>
          <Button variant="outline" onPress={onClose} isDisabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" isPending={add.isPending}>
            Save addendum
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
