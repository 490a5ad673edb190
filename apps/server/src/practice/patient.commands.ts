/**
 * Registering a patient in the practice (the schedule's "New Patient", a portal form naming a patient
 * the practice does not have yet) through the command runner and the domain's patient machine: the
 * row is written by `save`, the event holds the id only.
 */
import { decidePatient, evolvePatient, initialPatient, patientEventSchema, type PatientEvent, type PatientState, type RegisterPatientCommand } from '@wellspring/domain';
import type { CommandMachine } from '../commands/run-command.ts';
import type { PracticeScope } from './practice-scope.ts';

/** What the new patient's row holds. */
export interface NewPatientDetails {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
}

export function patientCommands(scope: PracticeScope, details: NewPatientDetails): CommandMachine<PatientState, RegisterPatientCommand, PatientEvent> {
  return {
    aggregateType: 'patient',
    eventSchema: patientEventSchema,
    async load(tx, id) {
      const [row] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM patient WHERE practice_id = ${scope.practiceId} AND id = ${id} FOR UPDATE`;
      return row ? { status: 'registered', id: row.id } : initialPatient;
    },
    decide: (state, command) => decidePatient(state, command),
    evolve: evolvePatient,
    async save(tx, { before, aggregateId }) {
      if (before.status !== 'absent') return undefined;
      await tx.patient.create({
        data: { id: aggregateId, practiceId: scope.practiceId, name: details.name, email: details.email, phone: details.phone, conditions: [], status: 'new' },
        select: { id: true },
      });
      return undefined;
    },
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event } }),
  };
}
