import { useMutation, useQuery } from '@tanstack/react-query';
import {
  appointmentErrors,
  appointmentMessages,
  appointmentTypeLabels,
  appointmentTypes,
  portalAppointmentFormDefaults,
  DEFAULT_PORTAL_DURATION,
  portalAppointmentEditFormSchema,
  portalDurationLabel,
  portalDurationOptions,
  portalFormToCreate,
  type AppointmentStatus,
  type AppointmentType,
  type PortalAppointmentEditForm,
} from '@wellspring/domain';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useParams } from 'wouter';
import { apiErrorCode, apiErrorMessage, apiFieldErrors } from '../../../lib/api-errors.ts';
import { notify } from '../../../lib/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { Button, LinkButton } from '../../../ui/button/button.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { Form, FormAlert } from '../../../ui/form/form.tsx';
import { ArrowLeftIcon } from '../../../ui/icons/icons.tsx';
import { Select } from '../../../ui/select/select.tsx';
import { Skeleton } from '../../../ui/skeleton/skeleton.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';
import { portalPaths } from '../portal-paths.ts';
import { useRefreshAppointmentViews } from '../../../lib/appointment-views.ts';
import * as styles from './appointments.css.ts';
import { PageHeader } from '../../../ui/page-header/page-header.tsx';

const typeItems = appointmentTypes.map((type) => ({ id: type, label: appointmentTypeLabels[type] }));
/** The form's durations, and an edited appointment's own when it is none of them (the schedule's 45). */
const durationItemsFor = (current: string) =>
  [...portalDurationOptions, ...((portalDurationOptions as readonly string[]).includes(current) ? [] : [current])].map((duration) => ({ id: duration, label: portalDurationLabel(duration) }));

/** The statuses whose appointment can no longer be rescheduled (the machine refuses it). */
const CLOSED: readonly AppointmentStatus[] = ['completed', 'cancelled'];
/** The error codes whose message is the appointment machine's, meant for the practitioner. */
const REFUSALS: readonly string[] = ['CONFLICT', 'PRECONDITION_FAILED'];

/**
 * `appointments/new` and `appointments/edit/:id` (docs/product.md#portal-appointments). Editing
 * first loads the appointment ("Loading appointment details..."); one that is not the practice's
 * (unknown, malformed, another practice's) says "Failed to load appointment details." and goes back
 * to the list (docs/product.md#portal-appointments).
 */
export function AppointmentFormPage() {
  const { id } = useParams<{ id?: string }>();
  return id === undefined ? <AppointmentFormScreen /> : <EditAppointment id={id} />;
}

function EditAppointment({ id }: { id: string }) {
  const trpc = useTRPC();
  const [, navigate] = useLocation();
  const appointment = useQuery({ ...trpc.appointments.byId.queryOptions({ id }), retry: false });
  const failed = appointment.isError;

  useEffect(() => {
    if (!failed) return;
    notify.error({ title: appointmentMessages.loadFailed });
    navigate(portalPaths.appointments, { replace: true });
  }, [failed, navigate]);

  if (appointment.isPending || appointment.isError) {
    return (
      <FormPage heading="Edit Appointment">
        <Card padding="md" role="status">
          <p className={styles.muted}>{appointmentMessages.loading}</p>
          <div className={styles.loading} aria-hidden="true">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} height="2.5rem" />
            ))}
          </div>
        </Card>
      </FormPage>
    );
  }
  const { form } = appointment.data;
  // Keyed by the appointment: another id is another form, with its own values.
  return <AppointmentFormScreen key={id} editing={{ id, status: appointment.data.status, form }} />;
}

function FormPage({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className={styles.formPage}>
      <PageHeader
        title={heading}
        leading={
          <LinkButton href={portalPaths.appointments} variant="ghost" size="icon" aria-label="Back to Appointments">
            <ArrowLeftIcon size={20} />
          </LinkButton>
        }
      />
      {children}
    </div>
  );
}

interface Editing {
  readonly id: string;
  readonly status: AppointmentStatus;
  readonly form: PortalAppointmentEditForm;
}

/**
 * The form itself: patient name and e-mail (a patient of the practice with that e-mail is linked,
 * otherwise one is added), type, date and time in the practice's zone, duration and notes. A failed
 * save keeps everything typed, with the server's field messages under their fields.
 */
function AppointmentFormScreen({ editing }: { editing?: Editing }) {
  const trpc = useTRPC();
  const [, navigate] = useLocation();
  const refresh = useRefreshAppointmentViews();
  const form = useZodForm(portalAppointmentEditFormSchema, editing?.form ?? portalAppointmentFormDefaults);
  const create = useMutation(trpc.appointments.create.mutationOptions());
  const update = useMutation(trpc.appointments.update.mutationOptions());
  const save = editing ? update : create;
  const pending = save.isPending;
  const closed = editing !== undefined && CLOSED.includes(editing.status);

  const submit = async () => {
    const input = await form.validate();
    if (!input || pending) return;
    const onSuccess = () => {
      notify.success({ title: appointmentMessages.scheduled });
      form.reset();
      void refresh();
      navigate(portalPaths.appointments);
    };
    const onError = (error: unknown) => {
      // The create takes the day and the time of day apart: both are this form's one "Date and Time".
      const { time, ...fieldErrors } = apiFieldErrors(error);
      form.showServerErrors(time !== undefined && fieldErrors.date === undefined ? { ...fieldErrors, date: time } : fieldErrors);
      notify.error(appointmentMessages.scheduleFailed);
    };
    if (editing) update.mutate({ ...input, id: editing.id }, { onSuccess, onError });
    // The one create the schedule's dialog sends too (record 0046).
    else create.mutate(portalFormToCreate(input), { onSuccess, onError });
  };

  // The machine's own words for a refusal (a status changed in another tab); bad input is shown under its fields.
  const refusal = save.isError && REFUSALS.includes(apiErrorCode(save.error) ?? '') ? apiErrorMessage(save.error) : undefined;

  return (
    <FormPage heading={editing ? 'Edit Appointment' : 'New Appointment'}>
      <Card padding="md">
        <Form
          aria-label={editing ? 'Edit Appointment' : 'New Appointment'}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {closed ? <FormAlert>{appointmentErrors.reschedule(editing.status)}</FormAlert> : null}
          <div className={styles.pair}>
            <TextField label="Patient Name" autoComplete="off" {...form.textField('patientName')} isDisabled={pending} />
            <TextField label="Patient Email" type="email" autoComplete="off" {...form.textField('patientEmail')} isDisabled={pending} />
          </div>
          <div className={styles.pair}>
            <div ref={form.fieldRef('appointmentType')}>
              <Select
                label="Appointment Type"
                name="appointmentType"
                items={typeItems}
                selectedKey={form.values.appointmentType}
                onSelectionChange={(key) => form.setValue('appointmentType', String(key) as AppointmentType)}
                errorMessage={form.errors.appointmentType}
                isDisabled={pending}
              />
            </div>
            <div ref={form.fieldRef('duration')}>
              <Select
                label="Duration"
                name="duration"
                items={durationItemsFor(editing?.form.duration ?? DEFAULT_PORTAL_DURATION)}
                selectedKey={form.values.duration}
                onSelectionChange={(key) => form.setValue('duration', String(key))}
                errorMessage={form.errors.duration}
                isDisabled={pending}
              />
            </div>
          </div>
          <TextField
            label="Date and Time"
            type="datetime-local"
            description="In your practice’s time zone."
            {...form.textField('date')}
            isDisabled={pending}
          />
          <TextField label="Notes" rows={4} {...form.textField('notes')} isDisabled={pending} />
          {save.isError ? (
            <FormAlert>
              <strong>{appointmentMessages.scheduleFailed.title}</strong> {refusal ?? appointmentMessages.scheduleFailed.description}
            </FormAlert>
          ) : null}
          <div className={styles.actions}>
            <LinkButton href={portalPaths.appointments} variant="outline">
              Cancel
            </LinkButton>
            <Button type="submit" isPending={pending} isDisabled={closed}>
              {editing ? 'Update Appointment' : 'Schedule Appointment'}
            </Button>
          </div>
        </Form>
      </Card>
    </FormPage>
  );
}
