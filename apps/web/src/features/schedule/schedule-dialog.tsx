import { useMutation, useQuery } from '@tanstack/react-query';
import {
  appointmentCreateSchema,
  appointmentMessages,
  appointmentModeLabels,
  appointmentModes,
  isCalendarDate,
  NEW_PATIENT,
  scheduleAppointmentTypes,
  scheduleDurationLabels,
  scheduleDurations,
  scheduleMessages,
  scheduleOverlapWarning,
  scheduleTimeSlotLabels,
  scheduleTimeSlots,
  scheduleTypeToAppointmentType,
  type AppointmentCreateInput,
  type AppointmentMode,
  type CalendarDate,
  type ScheduleAppointmentType,
  type ScheduleTimeSlot,
} from '@wellspring/domain';
import { useEffect, useRef, useState } from 'react';
import { apiFieldErrors } from '../../lib/api-errors.ts';
import { useRefreshAppointmentViews } from '../../lib/appointment-views.ts';
import { discardDraft, loadDraft, saveDraft } from '../../lib/form-drafts.ts';
import { PatientPicker } from '../../lib/patient-picker.tsx';
import { signedInUserId } from '../../lib/session-guard.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Button } from '../../ui/button/button.tsx';
import { DatePicker } from '../../ui/date-picker/date-picker.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { Form, FormAlert } from '../../ui/form/form.tsx';
import { Select } from '../../ui/select/select.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import { fullDay } from './schedule-dates.ts';
import * as styles from './schedule-dialog.css.ts';

export interface DialogValues {
  patientId: string;
  date: CalendarDate;
  time: ScheduleTimeSlot;
  duration: string;
  type: ScheduleAppointmentType;
  mode: AppointmentMode;
  notes: string;
  newPatientName: string;
  newPatientEmail: string;
  newPatientPhone: string;
}
type Field = keyof DialogValues;
type FieldErrors = Partial<Record<Field, string>>;

const timeItems = scheduleTimeSlots.map((slot) => ({ id: slot, label: scheduleTimeSlotLabels[slot] }));
const durationItems = scheduleDurations.map((minutes) => ({ id: String(minutes), label: scheduleDurationLabels[minutes] }));
const typeItems = scheduleAppointmentTypes.map((type) => ({ id: type, label: type }));
const modeItems = appointmentModes.map((mode) => ({ id: mode, label: appointmentModeLabels[mode] }));

/** The create's fields that are the dialog's under another name (the new patient's). */
const dialogFieldOf: Partial<Record<string, Field>> = { patientName: 'newPatientName', patientEmail: 'newPatientEmail', patientPhone: 'newPatientPhone', appointmentType: 'type' };

/** The dialog as the one appointment create (`appointments.create`, record 0046). */
function toInput(values: DialogValues): AppointmentCreateInput {
  const { newPatientName, newPatientEmail, newPatientPhone, duration, type, ...appointment } = values;
  return {
    ...appointment,
    duration: Number(duration),
    appointmentType: scheduleTypeToAppointmentType[type],
    ...(values.patientId === NEW_PATIENT ? { patientName: newPatientName, patientEmail: newPatientEmail, patientPhone: newPatientPhone } : {}),
  };
}

/** The dialog's field a message of the create's `field` belongs to. */
const fieldOf = (field: PropertyKey | undefined): Field | undefined =>
  typeof field !== 'string' ? undefined : (dialogFieldOf[field] ?? (field in emptyValues('') ? (field as Field) : undefined));

/**
 * What was typed in the dialog is kept as a draft (lib/form-drafts) until it is saved or closed, so
 * a session that ends with the dialog open (the idle limit) loses nothing: after signing in again,
 * the schedule opens the dialog as it was. Keyed by the page without its week (`?date=`).
 */
const SCHEDULE_DIALOG_DRAFT = '/dashboard/schedule#schedule-dialog';

/** A saved draft of the dialog, or null (none, another user's, or not one of ours). */
export function loadScheduleDraft(): DialogValues | null {
  const owner = signedInUserId();
  const draft = owner ? loadDraft(owner, SCHEDULE_DIALOG_DRAFT) : null;
  if (!draft) return null;
  const values = { ...emptyValues(typeof draft.date === 'string' ? draft.date : '') };
  for (const field of Object.keys(values) as Field[]) {
    const saved = draft[field];
    if (typeof saved === 'string') values[field] = saved as never;
  }
  return isCalendarDate(values.date) ? values : null;
}

function forgetScheduleDraft(): void {
  const owner = signedInUserId();
  if (owner) discardDraft(owner, SCHEDULE_DIALOG_DRAFT);
}

function emptyValues(date: CalendarDate): DialogValues {
  return {
    patientId: '',
    date,
    time: '09:00',
    duration: '60',
    type: 'Initial Consultation',
    mode: 'in-person',
    notes: '',
    newPatientName: '',
    newPatientEmail: '',
    newPatientPhone: '',
  };
}

export interface ScheduleDialogProps {
  /** The day chosen (a day's Add, or the day on screen for New Appointment). */
  readonly date: CalendarDate;
  /** What was typed before a session ended (loadScheduleDraft), instead of an empty dialog. */
  readonly draft?: DialogValues | null;
  readonly onClose: () => void;
  /** After a save: the appointment's day (the page may move to its week). */
  readonly onScheduled?: (date: CalendarDate) => void;
}

/**
 * "Schedule New Appointment" (docs/product.md#schedule): patient (one of the practice's, searchable, or a
 * new one), the chosen day, time, duration, type, mode and notes. An overlap with another open
 * appointment is a warning, never a refusal. Saving records it; a failure keeps everything typed.
 */
export function ScheduleDialog({ date, draft, onClose, onScheduled }: ScheduleDialogProps) {
  const trpc = useTRPC();
  const refresh = useRefreshAppointmentViews();
  const fieldsRef = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<DialogValues>(() => draft ?? emptyValues(date));
  const [errors, setErrors] = useState<FieldErrors>({});
  const typed = useRef(draft !== undefined && draft !== null);
  useEffect(() => {
    const owner = signedInUserId();
    if (!owner || !typed.current) return;
    // Only something typed is worth bringing back: a dialog as it opened leaves no draft.
    const untouched = JSON.stringify(values) === JSON.stringify(emptyValues(date));
    if (untouched) discardDraft(owner, SCHEDULE_DIALOG_DRAFT);
    else saveDraft(owner, SCHEDULE_DIALOG_DRAFT, { ...values });
  }, [values, date]);
  const close = () => {
    forgetScheduleDraft();
    onClose();
  };

  const setValue = <F extends Field>(field: F, value: DialogValues[F]) => {
    typed.current = true;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const slot = { date: values.date, time: values.time, duration: Number(values.duration) };
  const overlaps = useQuery({ ...trpc.schedule.overlaps.queryOptions(slot), enabled: isCalendarDate(values.date) });
  const overlapping = overlaps.data ?? [];

  const schedule = useMutation(
    trpc.appointments.create.mutationOptions({
      onSuccess: async (created) => {
        notify.success(scheduleMessages.scheduled);
        onScheduled?.(created.date);
        close();
        await refresh();
      },
      onError: (error) => {
        const next: FieldErrors = {};
        for (const [field, message] of Object.entries(apiFieldErrors(error))) {
          const target = fieldOf(field);
          if (target) next[target] = message;
        }
        setErrors(next);
        // The toast of docs/product.md#schedule, and the same words inside the dialog: a modal hides the rest of the
        // page, toasts included, from screen readers.
        notify.error(appointmentMessages.scheduleFailed);
      },
    }),
  );

  const submit = () => {
    const parsed = appointmentCreateSchema.safeParse(toInput(values));
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path[0]);
        if (field && next[field] === undefined) next[field] = issue.message;
      }
      setErrors(next);
      // The first field to fix gets the focus (after the messages render).
      setTimeout(() => fieldsRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    schedule.reset();
    schedule.mutate(toInput(values));
  };



  return (
    <Dialog
      title={scheduleMessages.dialogTitle}
      isOpen
      isDismissable={!schedule.isPending}
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
    >
      <p className={styles.chosenDay}>{isCalendarDate(values.date) ? fullDay(values.date) : '\u00a0'}</p>
      <div ref={fieldsRef}>
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <PatientPicker label="Patient" value={values.patientId} onChange={(id) => setValue('patientId', id)} errorMessage={errors.patientId} />
          {values.patientId === NEW_PATIENT ? (
            <fieldset className={styles.newPatient}>
              <legend className={styles.legend}>{scheduleMessages.newPatient}</legend>
              <TextField
                label="Patient name"
                name="newPatientName"
                value={values.newPatientName}
                onChange={(value) => setValue('newPatientName', value)}
                errorMessage={errors.newPatientName}
                autoComplete="off"
              />
              <TextField
                label="Patient email (optional)"
                name="newPatientEmail"
                type="email"
                value={values.newPatientEmail}
                onChange={(value) => setValue('newPatientEmail', value)}
                errorMessage={errors.newPatientEmail}
                autoComplete="off"
              />
              <TextField
                label="Patient phone (optional)"
                name="newPatientPhone"
                type="tel"
                value={values.newPatientPhone}
                onChange={(value) => setValue('newPatientPhone', value)}
                errorMessage={errors.newPatientPhone}
                autoComplete="off"
              />
            </fieldset>
          ) : null}
          <div className={styles.pair}>
            <DatePicker label="Date" value={values.date} onChange={(value) => setValue('date', value ?? '')} errorMessage={errors.date} />
            <Select
              label="Time"
              items={timeItems}
              selectedKey={values.time}
              onSelectionChange={(key) => setValue('time', String(key) as ScheduleTimeSlot)}
              errorMessage={errors.time}
            />
          </div>
          <div className={styles.pair}>
            <Select
              label="Duration"
              items={durationItems}
              selectedKey={values.duration}
              onSelectionChange={(key) => setValue('duration', String(key))}
              errorMessage={errors.duration}
            />
            <Select
              label="Mode"
              items={modeItems}
              selectedKey={values.mode}
              onSelectionChange={(key) => setValue('mode', String(key) as AppointmentMode)}
              errorMessage={errors.mode}
            />
          </div>
          {/* Beside the time and duration it is about. */}
          <div role="status" className={styles.warning}>
            {overlapping.length > 0 ? (
              <>
                <span className={styles.warningTitle}>{scheduleOverlapWarning(overlapping.length)}</span>
                <ul className={styles.warningList}>
                  {overlapping.map((other) => (
                    <li key={other.id}>
                      {other.time} · {other.patient} · {other.type} ({other.duration} min)
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
          <Select
            label="Appointment Type"
            items={typeItems}
            selectedKey={values.type}
            onSelectionChange={(key) => setValue('type', String(key) as ScheduleAppointmentType)}
            errorMessage={errors.type}
          />
          <TextField label="Notes" name="notes" rows={3} value={values.notes} onChange={(value) => setValue('notes', value)} errorMessage={errors.notes} />
          {schedule.isError ? (
            <FormAlert>
              <strong>{appointmentMessages.scheduleFailed.title}</strong> {appointmentMessages.scheduleFailed.description}
            </FormAlert>
          ) : null}
          <div className={styles.actions}>
            <Button variant="outline" onPress={close} isDisabled={schedule.isPending}>
              Cancel
            </Button>
            <Button type="submit" isPending={schedule.isPending}>
              {scheduleMessages.submit}
            </Button>
          </div>
        </Form>
      </div>
    </Dialog>
  );
}
