import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clinicalRecordMessages, ehrFormDefaults, ehrFormSchema, ehrMessages, ehrRecordTypeLabels, ehrRecordTypes, NEW_PATIENT, type EhrRecordType } from '@wellspring/domain';
import type { RouterInputs } from '@wellspring/server/router';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { apiErrorCode, apiFieldErrors } from '../../../lib/api-errors.ts';
import { PatientPicker } from '../../../lib/patient-picker.tsx';
import { notify } from '../../../lib/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { Button, LinkButton } from '../../../ui/button/button.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { Form, FormAlert } from '../../../ui/form/form.tsx';
import { ArrowLeftIcon } from '../../../ui/icons/icons.tsx';
import { Select } from '../../../ui/select/select.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';
import { portalPaths } from '../portal-paths.ts';
import * as styles from './ehr.css.ts';
import { PageHeader } from '../../../ui/page-header/page-header.tsx';

type CreateInput = RouterInputs['clinicalRecords']['create'];

const typeItems = ehrRecordTypes.map((type) => ({ id: type, label: ehrRecordTypeLabels[type] }));
const isRecordType = (value: string): value is EhrRecordType => (ehrRecordTypes as readonly string[]).includes(value);

const soapFields = [
  ['subjective', 'Subjective', "The patient's account: symptoms, history, concerns"],
  ['objective', 'Objective', 'Observations, measurements, findings'],
  ['assessment', 'Assessment', 'Your assessment of the findings'],
  ['plan', 'Plan', 'Treatment, recommendations, follow-up'],
] as const;

/** Why the last save failed, for the message kept on the page (the toast goes away). */
type SaveFailure = 'not-authenticated' | 'failed' | null;

/**
 * `/provider-portal/ehr/create` (docs/product.md#clinical-notes): prefilled from `appointmentId`,
 * `patientId` and `patientName`; record type SOAP by default. "Save Draft" keeps it a draft (listed
 * first, edited until it is signed); "Sign Record" saves and signs it (locked from then on). Either
 * shows "{TYPE} note saved" and returns to the list. A failed save keeps the
 * form filled — also when the session has ended: what was typed is kept as a draft and is back after
 * signing in again.
 */
export function EhrCreatePage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [searchParams] = useSearchParams();
  const appointmentId = searchParams.get('appointmentId') || undefined;
  const patientId = searchParams.get('patientId') || undefined;
  const patientNameParam = searchParams.get('patientName') ?? '';
  const listPath = patientId ? `${portalPaths.ehr}?${new URLSearchParams({ patientId }).toString()}` : portalPaths.ehr;

  const form = useZodForm(ehrFormSchema, { ...ehrFormDefaults, patientName: patientId ? patientNameParam : '' }, { draft: 'ehr-record' });
  const [failure, setFailure] = useState<SaveFailure>(null);
  // Without a patient in the address, one of the practice's is chosen, or New Patient (then named):
  // a typed name alone never becomes a patient (issue 26).
  const [chosen, setChosen] = useState('');
  // Which button started the save under way, so that one says so ("Saving..." / "Signing...").
  const [submitting, setSubmitting] = useState<'draft' | 'sign' | null>(null);

  const sign = useMutation(trpc.clinicalRecords.sign.mutationOptions());
  const save = useMutation(
    trpc.clinicalRecords.create.mutationOptions({
      onError: (error) => {
        if (apiErrorCode(error) === 'UNAUTHORIZED') {
          setFailure('not-authenticated');
          notify.error({ title: ehrMessages.notAuthenticated });
          return;
        }
        setFailure('failed');
        form.showServerErrors(apiFieldErrors(error));
        notify.error(ehrMessages.saveFailed);
      },
    }),
  );

  const saved = async (recordType: EhrRecordType) => {
    form.discardDraft();
    notify.success(ehrMessages.saved(recordType));
    await Promise.all([queryClient.invalidateQueries(trpc.clinicalRecords.pathFilter()), queryClient.invalidateQueries(trpc.patients.pathFilter())]);
    navigate(listPath);
  };

  const busy = submitting !== null || save.isPending || sign.isPending;
  const submit = async (signing: boolean) => {
    if (busy) return;
    if (!patientId && chosen === '') {
      form.showServerErrors({ patientName: clinicalRecordMessages.choosePatient });
      return;
    }
    const record = await form.validate();
    if (!record) return;
    setFailure(null);
    const picked = patientId ?? (chosen !== '' && chosen !== NEW_PATIENT ? chosen : undefined);
    const input: CreateInput = { ...record, ...(picked ? { patientId: picked } : {}), ...(appointmentId ? { appointmentId } : {}), ...(!patientId && chosen === NEW_PATIENT ? { newPatient: true } : {}) };
    setSubmitting(signing ? 'sign' : 'draft');
    try {
      const created = await save.mutateAsync(input).catch(() => null);
      if (!created) return;
      if (signing) {
        // The draft is kept if the signature fails: it is listed first, to be signed from there.
        const signed = await sign.mutateAsync({ id: created.id }).catch(() => null);
        if (!signed) {
          setFailure('failed');
          notify.error(ehrMessages.saveFailed);
          return;
        }
      }
      await saved(created.recordType);
    } finally {
      setSubmitting(null);
    }
  };

  return (
    <div className={styles.page}>
      <LinkButton href={listPath} variant="ghost" size="sm" className={styles.back}>
        <ArrowLeftIcon size={16} />
        Back to EHR Records
      </LinkButton>
      <PageHeader title="New EHR Record" />
      <Card className={styles.formCard}>
        <Form
          aria-label="New EHR Record"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(true);
          }}
        >
          <div className={styles.pair}>
            {patientId !== undefined ? (
              <TextField label="Patient Name" autoComplete="off" isReadOnly description="Saved to this patient's record." {...form.textField('patientName')} />
            ) : (
              <div ref={form.fieldRef('patientName')} className={styles.patientPick}>
                <PatientPicker
                  label="Patient"
                  value={chosen}
                  onChange={(id, name) => {
                    setChosen(id);
                    form.setValue('patientName', id === NEW_PATIENT ? '' : name);
                  }}
                  errorMessage={chosen === NEW_PATIENT ? undefined : form.errors.patientName}
                />
                {chosen === NEW_PATIENT ? <TextField label="New patient's name" autoComplete="off" autoFocus {...form.textField('patientName')} /> : null}
              </div>
            )}
            <div ref={form.fieldRef('recordType')}>
              <Select
                label="Record Type"
                items={typeItems}
                selectedKey={form.values.recordType}
                onSelectionChange={(key) => {
                  const type = String(key);
                  if (isRecordType(type)) form.setValue('recordType', type);
                }}
                errorMessage={form.errors.recordType}
              />
            </div>
          </div>
          {soapFields.map(([field, label, placeholder]) => (
            <TextField key={field} label={label} rows={4} placeholder={placeholder} {...form.textField(field)} />
          ))}
          {failure === 'not-authenticated' ? (
            <FormAlert>{ehrMessages.notAuthenticated}</FormAlert>
          ) : failure === 'failed' ? (
            <FormAlert>
              <strong>{ehrMessages.saveFailed.title}</strong> {ehrMessages.saveFailed.description}
            </FormAlert>
          ) : null}
          <div className={styles.actions}>
            <LinkButton href={listPath} variant="outline">
              Cancel
            </LinkButton>
            {/* The pressed button stays focused and says what is under way; the other waits. */}
            <Button variant="outline" isPending={submitting === 'draft'} isDisabled={submitting === 'sign'} onPress={() => void submit(false)}>
              {submitting === 'draft' ? 'Saving...' : 'Save Draft'}
            </Button>
            <Button type="submit" isPending={submitting === 'sign'} isDisabled={submitting === 'draft'}>
              {submitting === 'sign' ? 'Signing...' : 'Sign Record'}
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
