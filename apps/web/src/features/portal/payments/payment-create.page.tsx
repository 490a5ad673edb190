import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  appointmentTypeLabel,
  currencies,
  currencyLabels,
  dateTimeLocalToInstant,
  formatLongDateTime,
  minorToDecimalString,
  parseAmountToMinor,
  paymentFormDefaults,
  paymentFormSchema,
  paymentMessages,
  paymentMethodLabels,
  paymentMethods,
  paymentRecordedMessage,
  paymentStatusLabels,
  paymentStatuses,
} from '@wellspring/domain';
import type { RouterInputs, RouterOutputs } from '@wellspring/server/router';
import { useState, type KeyboardEvent } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { apiErrorCode, apiErrorMessage, apiFieldErrors } from '../../../lib/api-errors.ts';
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
import * as styles from './payments.css.ts';
import { PageHeader } from '../../../ui/page-header/page-header.tsx';

type CreateInput = RouterInputs['payments']['create'];
type LinkedAppointment = RouterOutputs['appointments']['byId'];

const currencyItems = currencies.map((currency) => ({ id: currency, label: currencyLabels[currency] }));
const methodItems = paymentMethods.map((method) => ({ id: method, label: paymentMethodLabels[method] }));
const statusItems = paymentStatuses.map((status) => ({ id: status, label: paymentStatusLabels[status] }));

/** The form's values as typed (text), starting from the spec's defaults: usd, card, completed. */
interface PaymentFormValues {
  amount: string;
  currency: string;
  paymentMethod: string;
  status: string;
  [field: string]: string;
}

const initialValues: PaymentFormValues = { ...paymentFormDefaults };

/**
 * The amount field steps by one cent (docs/product.md#payments: "step 0.01") with the arrow keys, in integer minor
 * units so no floating-point error creeps in; anything not yet an amount is left as typed.
 */
export function stepAmount(text: string, direction: 1 | -1): string | null {
  const parsed = parseAmountToMinor(text === '' ? '0' : text);
  if (!parsed.ok) return null;
  return minorToDecimalString(Math.max(0, parsed.minor + direction));
}

function describeAppointment(appointment: LinkedAppointment): string {
  const when = formatLongDateTime(dateTimeLocalToInstant(appointment.form.date, 'UTC'), 'UTC');
  return `${appointmentTypeLabel(appointment.form.appointmentType)} with ${appointment.form.patientName} on ${when}`;
}

/**
 * `/provider-portal/payments/create` (docs/product.md#payments), for the appointment `?appointmentId=`
 * when given, else of the patient chosen (optional; one of the practice's, issue 26). The amount is sent as typed and stored as integer minor units by the server; a failed
 * save keeps everything typed.
 */
export function PaymentCreatePage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const appointmentId = params.get('appointmentId')?.trim() || undefined;
  const form = useZodForm(paymentFormSchema, initialValues, { draft: 'record-payment' });
  // Who paid (issue 26): one of the practice's patients; with an appointment, its patient.
  const [patientId, setPatientId] = useState('');

  const appointment = useQuery({
    ...trpc.appointments.byId.queryOptions({ id: appointmentId ?? '' }),
    enabled: appointmentId !== undefined,
    retry: false,
  });

  const record = useMutation(trpc.payments.create.mutationOptions());
  const pending = record.isPending;

  const submit = async () => {
    const parsed = await form.validate();
    if (!parsed || record.isPending) return;
    const input: CreateInput = {
      amount: form.values.amount,
      currency: parsed.currency,
      paymentMethod: parsed.paymentMethod,
      status: parsed.status,
      ...(appointmentId ? { appointmentId } : {}),
      ...(!appointmentId && patientId !== '' ? { patientId } : {}),
    };
    record.mutate(input, {
      onSuccess: async (payment) => {
        notify.success({ title: paymentRecordedMessage(payment.amountMinor, payment.currency) });
        form.discardDraft();
        navigate(portalPaths.payments);
        await Promise.all([queryClient.invalidateQueries(trpc.payments.pathFilter()), queryClient.invalidateQueries(trpc.portalDashboard.pathFilter())]);
      },
      onError: (error) => {
        form.showServerErrors(apiFieldErrors(error));
        notify.error(paymentMessages.recordFailed);
      },
    });
  };

  const onAmountKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    const next = stepAmount(form.values.amount, event.key === 'ArrowUp' ? 1 : -1);
    if (next === null) return;
    event.preventDefault();
    form.setValue('amount', next);
  };

  const recordError = record.isError && apiErrorCode(record.error) === 'NOT_FOUND' ? apiErrorMessage(record.error) : undefined;

  return (
    <div className={styles.formPage}>
      <LinkButton href={portalPaths.payments} variant="ghost" size="sm" className={styles.back}>
        <ArrowLeftIcon size={16} />
        Back to Payments
      </LinkButton>
      <PageHeader title="Record Payment" description="Record a payment received from a patient." />

      <Card padding="lg">
        <Form
          aria-label="Record Payment"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {appointmentId ? (
            <div className={styles.linkedAppointment}>
              <span className={styles.secondary}>For appointment</span>
              {appointment.data ? (
                <span className={styles.strong}>{describeAppointment(appointment.data)}</span>
              ) : appointment.isPending ? (
                <span role="status">Loading appointment details...</span>
              ) : (
                <span className={styles.strong}>{appointmentId}</span>
              )}
              {appointment.isError && apiErrorCode(appointment.error) === 'NOT_FOUND' ? <span className={styles.secondary}>{apiErrorMessage(appointment.error)}</span> : null}
            </div>
          ) : (
            <PatientPicker label="Patient (optional)" allowNew={false} value={patientId} onChange={(id) => setPatientId(id)} description="The patient who paid: the payment shows on the list under their name." />
          )}
          {recordError ? <FormAlert>{recordError}</FormAlert> : null}

          <div className={styles.pair}>
            <TextField
              label="Amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              description="Up to two decimal places, e.g. 150.50"
              onKeyDown={onAmountKey}
              {...form.textField('amount')}
              isDisabled={pending}
            />
            <div ref={form.fieldRef('currency')}>
              <Select
                label="Currency"
                name="currency"
                items={currencyItems}
                selectedKey={form.values.currency}
                onSelectionChange={(key) => form.setValue('currency', String(key))}
                errorMessage={form.errors.currency}
                isDisabled={pending}
              />
            </div>
          </div>
          <div className={styles.pair}>
            <div ref={form.fieldRef('paymentMethod')}>
              <Select
                label="Payment Method"
                name="paymentMethod"
                items={methodItems}
                selectedKey={form.values.paymentMethod}
                onSelectionChange={(key) => form.setValue('paymentMethod', String(key))}
                errorMessage={form.errors.paymentMethod}
                isDisabled={pending}
              />
            </div>
            <div ref={form.fieldRef('status')}>
              <Select
                label="Status"
                name="status"
                items={statusItems}
                selectedKey={form.values.status}
                onSelectionChange={(key) => form.setValue('status', String(key))}
                errorMessage={form.errors.status}
                isDisabled={pending}
              />
            </div>
          </div>
          <div className={styles.formActions}>
            <LinkButton href={portalPaths.payments} variant="outline">
              Cancel
            </LinkButton>
            <Button type="submit" isDisabled={pending}>
              {pending ? 'Recording Payment...' : 'Record Payment'}
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
