import { useMutation, useQuery } from '@tanstack/react-query';
import { codesText, visitCodeMessages, visitCodesFormSchema } from '@wellspring/domain';
import { apiErrorMessage, apiFieldErrors } from '../../../lib/api-errors.ts';
import { notify } from '../../../lib/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { Button } from '../../../ui/button/button.tsx';
import { Dialog } from '../../../ui/dialog/dialog.tsx';
import { Form, FormAlert } from '../../../ui/form/form.tsx';
import { Skeleton } from '../../../ui/skeleton/skeleton.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';
import { useRefreshAppointmentViews } from '../../../lib/appointment-views.ts';
import * as styles from './appointments.css.ts';

export interface VisitCodesDialogProps {
  readonly appointmentId: string;
  /** Names the visit in the title ("Emma Thompson, June 5, 2025 at 2:30 PM"). */
  readonly visitLabel: string;
  readonly onClose: () => void;
}

/**
 * "Billing Codes" of a visit (issue 26): its CPT and ICD-10-CM codes, typed as lists and read by the
 * domain's schema (here before sending, and again by the server), printed on the patient's superbill.
 */
export function VisitCodesDialog({ appointmentId, visitLabel, onClose }: VisitCodesDialogProps) {
  const trpc = useTRPC();
  const saved = useQuery(trpc.appointments.codes.queryOptions({ id: appointmentId }));
  return (
    <Dialog
      title="Billing codes"
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      <p className={styles.dialogText}>{visitLabel}</p>
      {saved.data ? (
        <VisitCodesForm appointmentId={appointmentId} initial={{ cptCodes: codesText(saved.data.cptCodes), icd10Codes: codesText(saved.data.icd10Codes) }} onClose={onClose} />
      ) : saved.isError ? (
        <FormAlert>{apiErrorMessage(saved.error) ?? 'The visit could not be loaded. Please try again.'}</FormAlert>
      ) : (
        <div role="status" aria-label="Loading the visit's codes" className={styles.loading}>
          <Skeleton height="2.5rem" />
          <Skeleton height="2.5rem" />
        </div>
      )}
    </Dialog>
  );
}

function VisitCodesForm({ appointmentId, initial, onClose }: { appointmentId: string; initial: { cptCodes: string; icd10Codes: string }; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshAppointmentViews();
  const form = useZodForm(visitCodesFormSchema, initial);
  const save = useMutation(trpc.appointments.setCodes.mutationOptions({ onSettled: () => refresh() }));
  const refused = save.error && Object.keys(apiFieldErrors(save.error)).length === 0 ? (apiErrorMessage(save.error) ?? visitCodeMessages.saveFailed) : null;

  const submit = async () => {
    if (save.isPending || !(await form.validate())) return;
    save.mutate(
      { id: appointmentId, ...form.values },
      {
        onSuccess: () => {
          notify.success({ title: visitCodeMessages.saved });
          onClose();
        },
        // The codes typed stay; a field's message shows under it.
        onError: (error) => form.showServerErrors(apiFieldErrors(error)),
      },
    );
  };

  return (
    <Form
      aria-label="Billing codes"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {refused ? <FormAlert>{refused}</FormAlert> : null}
      <TextField label="CPT codes" description="Procedures, separated by commas (e.g. 99213, 97140)" autoComplete="off" {...form.textField('cptCodes')} />
      <TextField label="ICD-10-CM codes" description="Diagnoses, separated by commas (e.g. M54.5, F41.1)" autoComplete="off" {...form.textField('icd10Codes')} />
      <div className={styles.actions}>
        <Button variant="outline" onPress={onClose}>
          Cancel
        </Button>
        <Button type="submit" isPending={save.isPending}>
          Save codes
        </Button>
      </div>
    </Form>
  );
}
