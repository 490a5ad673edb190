import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patientFormLabels, patientFormMessages, patientFormSchema, patientStatuses, patientStatusLabels, type PatientDetail, type PatientFormInput } from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { apiFieldErrors } from '../../lib/api-errors.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button, type ButtonProps } from '../../ui/button/button.tsx';
import { DatePicker } from '../../ui/date-picker/date-picker.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { ErrorSummary, Form, FormAlert } from '../../ui/form/form.tsx';
import { TextLink } from '../../ui/link/link.tsx';
import { Select } from '../../ui/select/select.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import * as styles from './patient-form.css.ts';
import { usePractice } from '../../lib/use-practice.ts';

type Values = { [Field in keyof typeof patientFormLabels]: string };
type Duplicate = RouterOutputs['patients']['possibleDuplicates'][number];

const statusItems = patientStatuses.map((status) => ({ id: status, label: patientStatusLabels[status] }));

const emptyValues: Values = {
  name: '',
  email: '',
  phone: '',
  dateOfBirth: '',
  address: '',
  emergencyName: '',
  emergencyRelationship: '',
  emergencyPhone: '',
  insuranceProvider: '',
  insurancePolicyNumber: '',
  insuranceGroup: '',
  conditions: '',
  status: 'new',
};

/** The form's values for an existing patient (conditions one per line). */
const valuesOf = (patient: PatientDetail): Values => ({
  name: patient.name,
  email: patient.email,
  phone: patient.phone,
  dateOfBirth: patient.dob ?? '',
  address: patient.address,
  emergencyName: patient.emergency.name,
  emergencyRelationship: patient.emergency.relationship,
  emergencyPhone: patient.emergency.phone,
  insuranceProvider: patient.insurance.provider,
  insurancePolicyNumber: patient.insurance.policyNumber,
  insuranceGroup: patient.insurance.group,
  conditions: patient.conditions.join('\n'),
  status: patient.status,
});

interface PatientFormDialogProps {
  /** The patient being edited; none: "Add New Patient". */
  readonly patient?: PatientDetail;
  readonly onClose: () => void;
}

/**
 * "Add New Patient" and "Edit patient info": one form for a patient's details, checked with the
 * domain's schema. Before saving, patients the practice may already have (the same e-mail, or the
 * same name and date of birth) are named, with a link to each, and saving needs a second press.
 * A failed save keeps everything typed.
 */
function PatientFormDialog({ patient, onClose }: PatientFormDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { today } = usePractice();
  const schema = useMemo(() => patientFormSchema(today), [today]);
  const form = useZodForm<Values, ReturnType<typeof schema.parse>>(schema, patient ? valuesOf(patient) : emptyValues);
  // The warning shown for these values; saving again with them goes ahead.
  const [duplicates, setDuplicates] = useState<{ readonly key: string; readonly patients: readonly Duplicate[] } | null>(null);
  // The warning comes below the last fields, beside the buttons: brought into view when it appears.
  const warningRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (duplicates) warningRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [duplicates]);
  const archive = useMutation(trpc.patients.setArchived.mutationOptions());
  const create = useMutation(trpc.patients.create.mutationOptions());
  const update = useMutation(trpc.patients.update.mutationOptions());
  const saving = create.isPending || update.isPending || archive.isPending;
  const failed = create.error ?? update.error ?? archive.error;
  const alert = failed && Object.keys(apiFieldErrors(failed)).length === 0 ? 'The patient was not saved. Please try again.' : null;

  const submit = async () => {
    const input = await form.validate();
    if (!input || saving) return;
    const key = [input.name.toLowerCase(), input.email.toLowerCase(), input.dateOfBirth].join('|');
    if (duplicates?.key !== key) {
      const found = await queryClient.fetchQuery(
        trpc.patients.possibleDuplicates.queryOptions({ name: input.name, email: input.email, dateOfBirth: input.dateOfBirth, excludeId: patient?.id ?? '' }, { staleTime: 0 }),
      );
      if (found.length > 0) {
        setDuplicates({ key, patients: found });
        return;
      }
    }
    const raw: PatientFormInput = { ...form.values, status: input.status };
    const done = async (answer: { id: string; message: string }) => {
      notify.success({ title: answer.message });
      await queryClient.invalidateQueries(trpc.patients.pathFilter());
      onClose();
      if (!patient) navigate(`/dashboard/patients/${answer.id}`);
    };
    const onError = (error: unknown) => form.showServerErrors(apiFieldErrors(error));
    if (patient) update.mutate({ ...raw, id: patient.id }, { onSuccess: done, onError });
    else create.mutate(raw, { onSuccess: done, onError });
  };

  const text = (field: Exclude<keyof Values, 'dateOfBirth' | 'status'>, extra: { type?: string; autoComplete?: string; description?: string; rows?: number } = {}) => (
    <TextField label={patientFormLabels[field]} {...extra} {...form.textField(field)} />
  );

  return (
    <Dialog
      title={patient ? 'Edit patient info' : 'Add New Patient'}
      isOpen
      isDismissable={!saving}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      <Form
        aria-label={patient ? 'Edit patient info' : 'Add New Patient'}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <ErrorSummary labels={patientFormLabels} errors={form.errors} onSelect={form.focusField} />
        {text('name', { autoComplete: 'off' })}
        <div className={styles.pair}>
          {text('email', { type: 'email', autoComplete: 'off' })}
          {text('phone', { type: 'tel', autoComplete: 'off' })}
        </div>
        <div className={styles.pair}>
          <div ref={form.fieldRef('dateOfBirth')}>
            <DatePicker
              label={patientFormLabels.dateOfBirth}
              value={form.values.dateOfBirth === '' ? null : form.values.dateOfBirth}
              onChange={(value) => form.setValue('dateOfBirth', value ?? '')}
              maxValue={today}
              errorMessage={form.errors.dateOfBirth}
            />
          </div>
          <div ref={form.fieldRef('status')}>
            <Select
              label={patientFormLabels.status}
              items={statusItems}
              selectedKey={form.values.status}
              onSelectionChange={(key) => {
                if (key !== null) form.setValue('status', String(key));
              }}
              description="Inactive: archived. A patient is never deleted."
              errorMessage={form.errors.status}
            />
          </div>
        </div>
        {text('address', { autoComplete: 'off' })}
        {text('conditions', { rows: 3, description: 'One per line, or separated by commas.' })}
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Emergency contact</legend>
          <div className={styles.pair}>
            {text('emergencyName', { autoComplete: 'off' })}
            {text('emergencyRelationship', { autoComplete: 'off' })}
          </div>
          {text('emergencyPhone', { type: 'tel', autoComplete: 'off' })}
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Insurance</legend>
          {text('insuranceProvider', { autoComplete: 'off' })}
          <div className={styles.pair}>
            {text('insurancePolicyNumber', { autoComplete: 'off' })}
            {text('insuranceGroup', { autoComplete: 'off' })}
          </div>
        </fieldset>
        {duplicates ? (
          <div ref={warningRef} role="alert" className={styles.warning}>
            <p className={styles.warningTitle}>{patientFormMessages.duplicateTitle}</p>
            <ul className={styles.warningList}>
              {duplicates.patients.map((duplicate) => (
                <li key={duplicate.id}>
                  <TextLink href={`/dashboard/patients/${duplicate.id}`}>{duplicate.name}</TextLink>
                  {duplicate.sameEmail ? ` has the email ${duplicate.email}` : ` has the same name and date of birth (${duplicate.dob ?? ''})`}
                  {duplicate.status === 'inactive' ? ' (archived)' : ''}.
                </li>
              ))}
            </ul>
            <p>Save again to {patient ? 'keep these details' : 'add this patient'} anyway.</p>
          </div>
        ) : null}
        <div className={styles.actions}>
          {patient ? (
            <Button
              variant="outline"
              isDisabled={saving}
              onPress={() =>
                archive.mutate(
                  { id: patient.id, archived: patient.status !== 'inactive' },
                  {
                    onSuccess: async (answer) => {
                      notify.success({ title: answer.message });
                      await queryClient.invalidateQueries(trpc.patients.pathFilter());
                      onClose();
                    },
                  },
                )
              }
            >
              {patient.status === 'inactive' ? 'Restore patient' : 'Archive patient'}
            </Button>
          ) : null}
          <Button variant="outline" onPress={onClose} isDisabled={saving}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={saving}>
            {saving ? 'Saving...' : duplicates ? (patient ? 'Save anyway' : 'Add anyway') : patient ? 'Save changes' : 'Add patient'}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

/** A button that opens the patient form: "Add New Patient" (no patient) or the patient's Edit. */
export function PatientFormButton({ patient, children, ...buttonProps }: { readonly patient?: PatientDetail; readonly children: ReactNode } & Pick<ButtonProps, 'variant' | 'size' | 'aria-label'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...buttonProps} onPress={() => setOpen(true)}>
        {children}
      </Button>
      {open ? <PatientFormDialog {...(patient ? { patient } : {})} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
