import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commonMessages, invoiceMessages } from '@wellspring/domain';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { apiErrorMessage, apiFieldErrors } from '../../lib/api-errors.ts';
import { billingPaths } from '../../lib/billing-paths.ts';
import { PatientPicker } from '../../lib/patient-picker.tsx';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { FormAlert } from '../../ui/form/form.tsx';
import * as styles from './billing.css.ts';

export interface NewInvoiceDialogProps {
  /** A completed appointment to invoice (from `?appointment=`): the dialog opens for it. */
  readonly appointmentId: string | null;
  readonly onClosed: () => void;
}

/**
 * New invoice: a draft for one of the practice's patients (the picker offers no New Patient), or for
 * the completed appointment the address names — its patient, and a line of its session and price.
 * The draft opens in the editor.
 */
export function NewInvoiceDialog({ appointmentId, onClosed }: NewInvoiceDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [opened, setOpened] = useState(false);
  const [patientId, setPatientId] = useState('');
  const [patientError, setPatientError] = useState<string | undefined>();
  const create = useMutation(
    trpc.invoices.create.mutationOptions({
      onSuccess: async ({ id }) => {
        notify.success({ title: invoiceMessages.created });
        await queryClient.invalidateQueries(trpc.invoices.list.pathFilter());
        navigate(billingPaths.invoice(id));
      },
      onError: (error) => setPatientError(apiFieldErrors(error).patientId),
    }),
  );
  const isOpen = opened || appointmentId !== null;
  const close = () => {
    if (create.isPending) return;
    setOpened(false);
    create.reset();
    setPatientError(undefined);
    onClosed();
  };
  const submit = () => {
    if (appointmentId !== null) return create.mutate({ appointmentId });
    if (patientId === '') return setPatientError(invoiceMessages.choosePatient);
    create.mutate({ patientId });
  };
  const refusal = create.isError && !apiFieldErrors(create.error).patientId ? (apiErrorMessage(create.error) ?? commonMessages.tryAgainLater) : null;

  return (
    <>
      <Button onPress={() => setOpened(true)}>New invoice</Button>
      <Dialog title="New invoice" isOpen={isOpen} isDismissable={!create.isPending} onOpenChange={(open) => (open ? setOpened(true) : close())}>
        {appointmentId !== null ? (
          <p>A draft for the completed appointment: its patient, and a line with its session and price. You can edit it before issuing.</p>
        ) : (
          <PatientPicker
            label="Patient"
            allowNew={false}
            value={patientId}
            onChange={(id) => {
              setPatientId(id);
              setPatientError(undefined);
            }}
            errorMessage={patientError}
          />
        )}
        {refusal ? <FormAlert>{refusal}</FormAlert> : null}
        <div className={styles.actions}>
          <Button variant="outline" isDisabled={create.isPending} onPress={close}>
            Cancel
          </Button>
          <Button isDisabled={create.isPending} onPress={submit}>
            {create.isPending ? 'Creating...' : 'Create draft'}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
