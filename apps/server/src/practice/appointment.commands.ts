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
} from '@wellspring/domain';
import type { CommandMachine } from '../commands/run-command.ts';
import { auditPractice } from './practice-audit.ts';
import type { PracticeScope } from './practice-scope.ts';

/** What a new appointment holds besides the machine's state. */
export interface AppointmentDetails {
  readonly patientId: string;
  readonly type: AppointmentType;
  readonly notes: string;
}

interface LockedAppointmentRow {
  id: string;
  patient_id: string;
  starts_at: Date;
  duration_minutes: number;
  mode: string;
  status: string;
}

export function appointmentCommands(scope: PracticeScope, details?: AppointmentDetails): CommandMachine<AppointmentState, AppointmentCommand, AppointmentEvent> {
  return {
    aggregateType: 'appointment',
    eventSchema: appointmentEventSchema,
    async load(tx, id) {
      const [row] = await tx.$queryRaw<LockedAppointmentRow[]>`
        SELECT id, patient_id, starts_at, duration_minutes, mode, status FROM appointment
        WHERE practice_id = ${scope.practiceId} AND id = ${id} FOR UPDATE`;
      if (!row) return initialAppointment;
      return {
        id: row.id,
        status: row.status as AppointmentStatus,
        startsAt: row.starts_at.toISOString(),
        durationMinutes: row.duration_minutes,
        mode: row.mode === 'virtual' ? 'virtual' : 'in-person',
      };
    },
    decide: (state, command) => decideAppointment(state, command),
    evolve: evolveAppointment,
    async save(tx, { before, after, aggregateId }) {
      if (after.status === 'absent') return undefined;
      if (before.status === 'absent') {
        if (!details) throw new Error('appointmentCommands: a new appointment needs its patient, type and notes');
        const created = await tx.appointment.create({
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
          },
          select: { id: true, patientId: true },
        });
        await auditPractice(tx, scope, 'create', { recordType: 'appointment', recordId: created.id, patientId: created.patientId });
        return undefined;
      }
      const updated = await tx.appointment.update({
        where: { practiceId_id: { practiceId: scope.practiceId, id: aggregateId } },
        data: { status: after.status, startsAt: new Date(after.startsAt), durationMinutes: after.durationMinutes },
        select: { id: true, patientId: true },
      });
      await auditPractice(tx, scope, 'update', { recordType: 'appointment', recordId: updated.id, patientId: updated.patientId, detail: { status: after.status } });
      return undefined;
    },
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event } }),
  };
}
