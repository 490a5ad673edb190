/**
 * A patient's registration in a practice as a decide/evolve machine: a new patient is registered
 * once under a fresh id; registering an id that is already a patient is refused. The event holds the
 * id only: the patient's name and contact details live in the patient's own row, never in events.
 *
 * | state      | command  | events            | next       |
 * |------------|----------|-------------------|------------|
 * | absent     | Register | PatientRegistered | registered |
 * | registered | Register | CONFLICT          | unchanged  |
 */
import { z } from 'zod';
import { accept, reject, type Decision } from '../shared/decision.ts';

export type PatientState = { readonly status: 'absent' } | { readonly status: 'registered'; readonly id: string };
export const initialPatient: PatientState = { status: 'absent' };

export interface RegisterPatientCommand {
  readonly kind: 'Register';
  readonly id: string;
}

export const patientEventSchema = z.discriminatedUnion('type', [z.object({ type: z.literal('PatientRegistered'), id: z.string().min(1) })]);
export type PatientEvent = Readonly<z.output<typeof patientEventSchema>>;

export const patientMachineMessages = { alreadyRegistered: 'This patient is already registered.' } as const;

export function decidePatient(state: PatientState, command: RegisterPatientCommand): Decision<PatientEvent> {
  if (state.status !== 'absent') return reject('CONFLICT', patientMachineMessages.alreadyRegistered);
  return accept({ type: 'PatientRegistered', id: command.id });
}

export const evolvePatient = (_state: PatientState, event: PatientEvent): PatientState => ({ status: 'registered', id: event.id });
