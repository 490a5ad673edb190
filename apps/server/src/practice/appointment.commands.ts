/**
 * The appointment aggregate on the command runner (commands/run-command.ts): its row in
 * `appointment`, locked within the caller's practice, decided by the domain's appointment machine.
 * Writing it leaves an audit entry.
 */
import {
  appointmentEventSchema,
  decideAppointment,
  evolveAppointment,
  initialAppointment,
  type AppointmentCommand,
  type AppointmentEvent,
  type AppointmentState,
  type AppointmentStatus,
  type AppointmentType,
  type BookingChangedBy,
} from '@wellspring/domain';
import type { CommandMachine } from '../commands/run-command.ts';
import type { DatabaseTransaction } from '../db/client.ts';
import { isDoubleBooking } from '../db/errors.ts';
import { followAppointment } from './booking-follow.ts';
import type { PracticeScope } from './practice-scope.ts';

/** What an appointment holds besides the machine's state: required for a new one, written with an edit when given. */
export interface AppointmentDetails {
  readonly patientId: string;
  readonly type: AppointmentType;
  readonly notes: string;
  /** Time kept free around a new appointment (an online booking's, from the practice's settings). */
  readonly bufferBeforeMinutes?: number;
  readonly bufferAfterMinutes?: number;
}

export interface AppointmentWriteOptions {
  /**
   * What a write the database's no-double-booking guard refuses becomes: the practitioner's own is
   * kept as a deliberate double booking (the default); a patient's online booking is refused, and
   * the refusal (SQLSTATE 23P01, `isDoubleBooking`) leaves the call's transaction.
   */
  readonly overlaps?: 'keep-as-deliberate' | 'refuse';
  /** Who changes it, for an online booking's e-mail (booking-follow.ts): the practice unless the patient's manage link. */
  readonly changedBy?: BookingChangedBy;
}

interface LockedAppointmentRow {
  id: string;
  patient_id: string;
  starts_at: Date;
  duration_minutes: number;
  mode: string;
  status: string;
  linked_records: number;
}

export function appointmentCommands(scope: PracticeScope, details?: AppointmentDetails, options: AppointmentWriteOptions = {}): CommandMachine<AppointmentState, AppointmentCommand, AppointmentEvent> {
  return {
    aggregateType: 'appointment',
    eventSchema: appointmentEventSchema,
    async load(tx, id) {
      const [row] = await tx.$queryRaw<LockedAppointmentRow[]>`
        SELECT a.id, a.patient_id, a.starts_at, a.duration_minutes, a.mode, a.status,
          ((SELECT count(*) FROM clinical_note n WHERE n.practice_id = a.practice_id AND n.appointment_id = a.id)
            + (SELECT count(*) FROM payment pm WHERE pm.practice_id = a.practice_id AND pm.appointment_id = a.id))::int AS linked_records
        FROM appointment a
        WHERE a.practice_id = ${scope.practiceId} AND a.id = ${id} FOR UPDATE OF a`;
      if (!row) return initialAppointment;
      return {
        id: row.id,
        status: row.status as AppointmentStatus,
        startsAt: row.starts_at.toISOString(),
        durationMinutes: row.duration_minutes,
        mode: row.mode === 'virtual' ? 'virtual' : 'in-person',
        linkedRecords: row.linked_records,
      };
    },
    decide: (state, command) => decideAppointment(state, command),
    evolve: evolveAppointment,
    async save(tx, { before, after, aggregateId, context, command }) {
      if (command.kind === 'SetCodes') {
        // The visit's codes only: its time and status stay as they are.
        await tx.appointment.update({
          where: { practiceId_id: { practiceId: scope.practiceId, id: aggregateId } },
          data: { cptCodes: [...command.cptCodes], icd10Codes: [...command.icd10Codes] },
          select: { id: true },
        });
        return undefined;
      }
      if (after.status === 'absent') {
        if (before.status === 'absent') return undefined;
        // Deleted (the machine refused it if notes or payments point at it).
        await tx.$executeRaw`DELETE FROM appointment WHERE practice_id = ${scope.practiceId} AND id = ${aggregateId}`;
        return undefined;
      }
      if (before.status === 'absent') {
        if (!details) throw new Error('appointmentCommands: a new appointment needs its patient, type and notes');
        await guarded(tx, options, (doubleBooked) =>
          tx.appointment.create({
            data: {
              id: aggregateId,
              practiceId: scope.practiceId,
              patientId: details.patientId,
              startsAt: new Date(after.startsAt),
              durationMinutes: after.durationMinutes,
              type: details.type,
              mode: after.mode,
              status: after.status,
              notes: details.notes,
              doubleBooked,
              bufferBeforeMinutes: details.bufferBeforeMinutes ?? 0,
              bufferAfterMinutes: details.bufferAfterMinutes ?? 0,
            },
            select: { id: true, patientId: true },
          }),
        );
        return undefined;
      }
      await guarded(tx, options, (doubleBooked) =>
        tx.appointment.update({
          where: { practiceId_id: { practiceId: scope.practiceId, id: aggregateId } },
          data: {
            status: after.status,
            startsAt: new Date(after.startsAt),
            durationMinutes: after.durationMinutes,
            ...(details ? { patientId: details.patientId, type: details.type, notes: details.notes } : {}),
            // Moved, it is guarded again unless its new time overlaps too.
            ...(doubleBooked || after.startsAt !== before.startsAt || after.durationMinutes !== before.durationMinutes ? { doubleBooked } : {}),
          },
          select: { id: true, patientId: true },
        }),
      );
      // An online booking's patient hears of it; a time that opened is offered to those waiting.
      await followAppointment(tx, scope, { appointmentId: aggregateId, before, after, context, by: options.changedBy ?? 'practice' });
      return undefined;
    },
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event } }),
  };
}

/**
 * The practitioner's own entries (the schedule dialog, the portal form) may overlap: the schedule
 * warns and "You can still schedule it" (SPEC). The write is tried under the database's guard
 * (record 0033); refused, it is written again marked as deliberately double-booked, which leaves
 * it out of the guard. A savepoint keeps the call's transaction alive across the refusal.
 */
async function guarded(tx: DatabaseTransaction, options: AppointmentWriteOptions, write: (doubleBooked: boolean) => Promise<unknown>): Promise<void> {
  if (options.overlaps === 'refuse') {
    await write(false);
    return;
  }
  await tx.$executeRawUnsafe('SAVEPOINT appointment_guard');
  try {
    await write(false);
    await tx.$executeRawUnsafe('RELEASE SAVEPOINT appointment_guard');
  } catch (error) {
    if (!isDoubleBooking(error)) throw error;
    await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT appointment_guard');
    await write(true);
  }
}
