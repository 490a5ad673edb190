/**
 * Appointment lifecycle, as decide/evolve.
 *
 * | state      | command    | events                 | next       |
 * |------------|------------|------------------------|------------|
 * | absent     | Schedule   | AppointmentScheduled   | scheduled  |
 * | scheduled  | Confirm    | AppointmentConfirmed   | confirmed  |
 * | confirmed  | Complete   | AppointmentCompleted   | completed  |
 * | scheduled  | Cancel     | AppointmentCancelled   | cancelled  |
 * | confirmed  | Cancel     | AppointmentCancelled   | cancelled  |
 * | scheduled  | Reschedule | AppointmentRescheduled | scheduled  |
 * | confirmed  | Reschedule | AppointmentRescheduled | confirmed  |
 * | any status | Delete     | AppointmentDeleted     | absent     |  (none of its clinical notes or payments exist)
 * | any status | Delete     | — PRECONDITION_FAILED  | unchanged  |  (it has clinical notes or payments)
 * | not cancelled | SetCodes | AppointmentCodesSet    | unchanged  |  (its CPT and ICD-10-CM codes; issue 26)
 * | cancelled  | SetCodes   | — INVALID_TRANSITION   | cancelled  |
 * | completed  | other      | — INVALID_TRANSITION   | completed  |
 * | cancelled  | other      | — INVALID_TRANSITION   | cancelled  |
 * | any other combination    | — INVALID_TRANSITION (or CONFLICT for a second Schedule, NOT_FOUND before one) | unchanged |
 *
 * Reconciling with docs/product.md#appointments: the spec's portal row menu marks an appointment "Confirmed or Completed
 * from any status" and nothing sets Cancelled. Wellspring persists statuses, so the machine is the
 * rule: the UI offers only the actions `allowedAppointmentActions` returns (Confirm while scheduled,
 * Complete while confirmed, Cancel and Reschedule while open) and the server rejects anything else
 * with the machine's message. The toast text "Appointment status updated to {status}" is kept.
 *
 * Dashboard (docs/product.md#appointments): its statuses confirmed / pending / cancelled are this machine's
 * confirmed / scheduled / cancelled — "pending" is how the dashboard shows a scheduled appointment
 * awaiting confirmation; completed appointments are not on the dashboard's upcoming list.
 * "Start Session" is allowed only for a virtual, confirmed appointment (`canStartSession`).
 */
import { z } from 'zod';
import { accept, reject, type Decision } from '../shared/decision.ts';
import { appointmentModeSchema, type AppointmentMode, type AppointmentStatus } from './appointment.schema.ts';

export type AppointmentState =
  | { readonly status: 'absent' }
  | {
      readonly status: AppointmentStatus;
      readonly id: string;
      /** ISO-8601 instant. */
      readonly startsAt: string;
      readonly durationMinutes: number;
      readonly mode: AppointmentMode;
      /** Clinical notes and payments that point at it: an appointment with any is never deleted. */
      readonly linkedRecords: number;
    };

export const initialAppointment: AppointmentState = { status: 'absent' };

export type AppointmentCommand =
  | { readonly kind: 'Schedule'; readonly id: string; readonly startsAt: string; readonly durationMinutes: number; readonly mode: AppointmentMode }
  | { readonly kind: 'Confirm' }
  | { readonly kind: 'Complete' }
  | { readonly kind: 'Cancel' }
  | { readonly kind: 'Reschedule'; readonly startsAt: string; readonly durationMinutes: number }
  | { readonly kind: 'Delete' }
  /** The visit's billing codes, already read by the domain's visit codes schema (superbill/visit-codes.schema.ts). */
  | { readonly kind: 'SetCodes'; readonly cptCodes: readonly string[]; readonly icd10Codes: readonly string[] };

/**
 * The events, as zod schemas: the server stores an event as its JSON payload and reads it back
 * through `appointmentEventSchema`. Instants are ISO-8601 UTC, as `decide` normalizes them.
 */
const appointmentId = z.string();
const durationMinutesSchema = z.number().int().positive();
export const appointmentScheduledEventSchema = z.object({
  type: z.literal('AppointmentScheduled'),
  id: appointmentId,
  startsAt: z.iso.datetime(),
  durationMinutes: durationMinutesSchema,
  mode: appointmentModeSchema,
});
export const appointmentConfirmedEventSchema = z.object({ type: z.literal('AppointmentConfirmed'), id: appointmentId });
export const appointmentCompletedEventSchema = z.object({ type: z.literal('AppointmentCompleted'), id: appointmentId });
/** No free-text reason: a cancellation's why may be health information, and events hold none. */
export const appointmentCancelledEventSchema = z.object({ type: z.literal('AppointmentCancelled'), id: appointmentId });
export const appointmentRescheduledEventSchema = z.object({
  type: z.literal('AppointmentRescheduled'),
  id: appointmentId,
  startsAt: z.iso.datetime(),
  durationMinutes: durationMinutesSchema,
});
export const appointmentDeletedEventSchema = z.object({ type: z.literal('AppointmentDeleted'), id: appointmentId });
/** How many codes, never which: a diagnosis code is health information, and events hold none. */
export const appointmentCodesSetEventSchema = z.object({
  type: z.literal('AppointmentCodesSet'),
  id: appointmentId,
  cptCount: z.number().int().nonnegative(),
  icd10Count: z.number().int().nonnegative(),
});
export const appointmentEventSchema = z.discriminatedUnion('type', [
  appointmentScheduledEventSchema,
  appointmentConfirmedEventSchema,
  appointmentCompletedEventSchema,
  appointmentCancelledEventSchema,
  appointmentRescheduledEventSchema,
  appointmentDeletedEventSchema,
  appointmentCodesSetEventSchema,
]);

export type AppointmentScheduledEvent = Readonly<z.output<typeof appointmentScheduledEventSchema>>;
export type AppointmentConfirmedEvent = Readonly<z.output<typeof appointmentConfirmedEventSchema>>;
export type AppointmentCompletedEvent = Readonly<z.output<typeof appointmentCompletedEventSchema>>;
export type AppointmentCancelledEvent = Readonly<z.output<typeof appointmentCancelledEventSchema>>;
export type AppointmentRescheduledEvent = Readonly<z.output<typeof appointmentRescheduledEventSchema>>;
export type AppointmentDeletedEvent = Readonly<z.output<typeof appointmentDeletedEventSchema>>;
export type AppointmentCodesSetEvent = Readonly<z.output<typeof appointmentCodesSetEventSchema>>;
export type AppointmentEvent =
  | AppointmentScheduledEvent
  | AppointmentConfirmedEvent
  | AppointmentCompletedEvent
  | AppointmentCancelledEvent
  | AppointmentRescheduledEvent
  | AppointmentDeletedEvent
  | AppointmentCodesSetEvent;

export type AppointmentAction = 'confirm' | 'complete' | 'cancel' | 'reschedule';

export const appointmentErrors = {
  notFound: 'Appointment not found.',
  alreadyExists: 'This appointment already exists.',
  invalidDuration: 'Duration must be a positive number of minutes.',
  invalidStart: 'Please choose a valid date and time.',
  confirm: (status: AppointmentStatus) => `Only a scheduled appointment can be confirmed; this one is ${status}.`,
  complete: (status: AppointmentStatus) => `Only a confirmed appointment can be completed; this one is ${status}.`,
  cancel: (status: AppointmentStatus) => `A ${status} appointment cannot be cancelled.`,
  reschedule: (status: AppointmentStatus) => `A ${status} appointment cannot be rescheduled.`,
  setCodes: 'A cancelled appointment has no billing codes.',
  hasLinkedRecords: 'This appointment has clinical notes or payments, so it cannot be deleted. Cancel it instead.',
} as const;

const OPEN: readonly AppointmentStatus[] = ['scheduled', 'confirmed'];

/** The actions the UI may offer for an appointment in `status`. */
export function allowedAppointmentActions(status: AppointmentStatus): AppointmentAction[] {
  switch (status) {
    case 'scheduled':
      return ['confirm', 'cancel', 'reschedule'];
    case 'confirmed':
      return ['complete', 'cancel', 'reschedule'];
    case 'completed':
    case 'cancelled':
      return [];
  }
}

const validSchedule = (startsAt: string, durationMinutes: number): string | null => {
  if (!Number.isInteger(durationMinutes) || durationMinutes <= 0) return appointmentErrors.invalidDuration;
  if (Number.isNaN(Date.parse(startsAt))) return appointmentErrors.invalidStart;
  return null;
};

export function decideAppointment(state: AppointmentState, command: AppointmentCommand): Decision<AppointmentEvent> {
  if (command.kind === 'Schedule') {
    if (state.status !== 'absent') return reject('CONFLICT', appointmentErrors.alreadyExists);
    const invalid = validSchedule(command.startsAt, command.durationMinutes);
    if (invalid) return reject('PRECONDITION_FAILED', invalid);
    return accept({
      type: 'AppointmentScheduled',
      id: command.id,
      startsAt: new Date(command.startsAt).toISOString(),
      durationMinutes: command.durationMinutes,
      mode: command.mode,
    });
  }
  if (state.status === 'absent') return reject('NOT_FOUND', appointmentErrors.notFound);
  const { id, status } = state;
  switch (command.kind) {
    case 'Delete':
      return state.linkedRecords > 0 ? reject('PRECONDITION_FAILED', appointmentErrors.hasLinkedRecords) : accept({ type: 'AppointmentDeleted', id });
    case 'Confirm':
      return status === 'scheduled' ? accept({ type: 'AppointmentConfirmed', id }) : reject('INVALID_TRANSITION', appointmentErrors.confirm(status));
    case 'Complete':
      return status === 'confirmed' ? accept({ type: 'AppointmentCompleted', id }) : reject('INVALID_TRANSITION', appointmentErrors.complete(status));
    case 'Cancel':
      return OPEN.includes(status)
        ? accept({ type: 'AppointmentCancelled', id })
        : reject('INVALID_TRANSITION', appointmentErrors.cancel(status));
    case 'SetCodes':
      return status === 'cancelled'
        ? reject('INVALID_TRANSITION', appointmentErrors.setCodes)
        : accept({ type: 'AppointmentCodesSet', id, cptCount: command.cptCodes.length, icd10Count: command.icd10Codes.length });
    case 'Reschedule': {
      if (!OPEN.includes(status)) return reject('INVALID_TRANSITION', appointmentErrors.reschedule(status));
      const invalid = validSchedule(command.startsAt, command.durationMinutes);
      if (invalid) return reject('PRECONDITION_FAILED', invalid);
      return accept({ type: 'AppointmentRescheduled', id, startsAt: new Date(command.startsAt).toISOString(), durationMinutes: command.durationMinutes });
    }
  }
}

export function evolveAppointment(state: AppointmentState, event: AppointmentEvent): AppointmentState {
  switch (event.type) {
    case 'AppointmentScheduled':
      return { status: 'scheduled', id: event.id, startsAt: event.startsAt, durationMinutes: event.durationMinutes, mode: event.mode, linkedRecords: 0 };
    case 'AppointmentConfirmed':
      return state.status === 'absent' ? state : { ...state, status: 'confirmed' };
    case 'AppointmentCompleted':
      return state.status === 'absent' ? state : { ...state, status: 'completed' };
    case 'AppointmentCancelled':
      return state.status === 'absent' ? state : { ...state, status: 'cancelled' };
    case 'AppointmentRescheduled':
      return state.status === 'absent' ? state : { ...state, startsAt: event.startsAt, durationMinutes: event.durationMinutes };
    case 'AppointmentDeleted':
      return initialAppointment;
    case 'AppointmentCodesSet':
      return state;
  }
}

/** docs/product.md#dashboard: "Start Session" only for a virtual and confirmed appointment. */
export const canStartSession = (appointment: { readonly mode: string; readonly status: string }): boolean =>
  appointment.mode === 'virtual' && appointment.status === 'confirmed';

/** The dashboard's appointment statuses (docs/product.md#appointments). */
export const dashboardAppointmentStatuses = ['confirmed', 'pending', 'cancelled'] as const;
export type DashboardAppointmentStatus = (typeof dashboardAppointmentStatuses)[number];
export const dashboardAppointmentStatusLabels: Record<DashboardAppointmentStatus, string> = {
  confirmed: 'Confirmed',
  pending: 'Pending',
  cancelled: 'Cancelled',
};

/** scheduled → pending, confirmed → confirmed, cancelled → cancelled, completed → null (not on the dashboard). */
export function toDashboardStatus(status: AppointmentStatus): DashboardAppointmentStatus | null {
  switch (status) {
    case 'scheduled':
      return 'pending';
    case 'confirmed':
      return 'confirmed';
    case 'cancelled':
      return 'cancelled';
    case 'completed':
      return null;
  }
}

/** pending → scheduled; confirmed and cancelled keep their names. */
export function fromDashboardStatus(status: DashboardAppointmentStatus): AppointmentStatus {
  return status === 'pending' ? 'scheduled' : status;
}
