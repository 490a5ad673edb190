/**
 * A patient of a practice as a decide/evolve machine: registered once under a fresh id (registering
 * an id that is already a patient is refused), then edited, archived (status inactive: a patient is
 * never deleted) and restored. Events hold the id only: the patient's name and contact details live
 * in the patient's own row, never in events.
 *
 * | state      | command                  | events                | next               |
 * |------------|--------------------------|-----------------------|--------------------|
 * | absent     | Register                 | PatientRegistered     | registered         |
 * | registered | Register                 | CONFLICT              | unchanged          |
 * | absent     | Update, SetArchived      | NOT_FOUND             | unchanged          |
 * | registered | Update                   | PatientUpdated        | unchanged          |
 * | registered | SetArchived, as it is    | —                     | unchanged          |
 * | registered | SetArchived, the other   | PatientArchived / PatientRestored | archived / not |
 * | registered | UpdateHealthRecord       | HealthRecordUpdated   | unchanged          |
 *
 * HealthRecordUpdated says how many items each section of the health record now holds, never what
 * they are (clinical text lives in the record's own rows).
 */
import { z } from 'zod';
import { accept, reject, type Decision } from '../shared/decision.ts';

export type PatientState = { readonly status: 'absent' } | { readonly status: 'registered'; readonly id: string; readonly archived: boolean };
export const initialPatient: PatientState = { status: 'absent' };

export interface RegisterPatientCommand {
  readonly kind: 'Register';
  readonly id: string;
}
export type PatientCommand =
  | RegisterPatientCommand
  | { readonly kind: 'Update'; readonly id: string }
  | { readonly kind: 'SetArchived'; readonly id: string; readonly archived: boolean }
  | { readonly kind: 'UpdateHealthRecord'; readonly id: string; readonly counts: HealthRecordCounts };

const count = z.number().int().min(0);
const healthRecordCountsSchema = z.object({ allergies: count, medications: count, medicalHistory: count, familyHistory: count, lifestyle: z.boolean() });
export type HealthRecordCounts = Readonly<z.output<typeof healthRecordCountsSchema>>;

const id = z.string().min(1);
export const patientEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('PatientRegistered'), id }),
  z.object({ type: z.literal('PatientUpdated'), id }),
  z.object({ type: z.literal('PatientArchived'), id }),
  z.object({ type: z.literal('PatientRestored'), id }),
  z.object({ type: z.literal('HealthRecordUpdated'), id, counts: healthRecordCountsSchema }),
]);
export type PatientEvent = Readonly<z.output<typeof patientEventSchema>>;

export const patientMachineMessages = { alreadyRegistered: 'This patient is already registered.', unknown: 'Unknown Patient' } as const;

export function decidePatient(state: PatientState, command: PatientCommand): Decision<PatientEvent> {
  if (command.kind === 'Register') {
    if (state.status !== 'absent') return reject('CONFLICT', patientMachineMessages.alreadyRegistered);
    return accept({ type: 'PatientRegistered', id: command.id });
  }
  if (state.status === 'absent') return reject('NOT_FOUND', patientMachineMessages.unknown);
  if (command.kind === 'Update') return accept({ type: 'PatientUpdated', id: state.id });
  if (command.kind === 'UpdateHealthRecord') return accept({ type: 'HealthRecordUpdated', id: state.id, counts: command.counts });
  if (command.archived === state.archived) return accept();
  return accept({ type: command.archived ? 'PatientArchived' : 'PatientRestored', id: state.id });
}

export function evolvePatient(state: PatientState, event: PatientEvent): PatientState {
  switch (event.type) {
    case 'PatientRegistered':
      return { status: 'registered', id: event.id, archived: false };
    case 'PatientUpdated':
    case 'HealthRecordUpdated':
      return state;
    case 'PatientArchived':
    case 'PatientRestored':
      return state.status === 'registered' ? { ...state, archived: event.type === 'PatientArchived' } : state;
  }
}
