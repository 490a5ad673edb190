/**
 * A patient of the practice on the command runner and the domain's patient machine: registered
 * (the patient form's "Add New Patient", the schedule's "New Patient", a booking), edited, archived
 * and restored, and its health record replaced by the editor's. The rows are written by `save`;
 * the events hold the id (and, for the health record, how many items each section holds) only.
 */
import {
  decidePatient,
  evolvePatient,
  initialPatient,
  patientEventSchema,
  type PatientCommand,
  type PatientDetailsInput,
  type PatientEvent,
  type PatientState,
  type StoredHealthRecord,
} from '@wellspring/domain';
import type { CommandMachine } from '../commands/run-command.ts';
import type { DatabaseTransaction } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';
import type { PracticeScope } from './practice-scope.ts';

/** What a new patient's row holds when only the basics are known (the schedule, a booking). */
export interface NewPatientDetails {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
}

/** The patient form's fields as the row's columns. */
function columnsOf(details: PatientDetailsInput) {
  return {
    name: details.name,
    email: details.email,
    phone: details.phone,
    dateOfBirth: details.dateOfBirth === '' ? null : new Date(`${details.dateOfBirth}T00:00:00Z`),
    address: details.address,
    emergencyName: details.emergencyName,
    emergencyRelationship: details.emergencyRelationship,
    emergencyPhone: details.emergencyPhone,
    insuranceProvider: details.insuranceProvider,
    insurancePolicyNumber: details.insurancePolicyNumber,
    insuranceGroup: details.insuranceGroup,
    conditions: [...details.conditions],
    status: details.status,
  };
}

/** The health record as the editor saved it: its items replace the old ones, in the order given. */
async function replaceHealthRecord(tx: DatabaseTransaction, scope: PracticeScope, patientId: string, record: StoredHealthRecord): Promise<void> {
  const sections = [
    ['allergy', record.allergies],
    ['medication', record.medications],
    ['medical_history', record.medicalHistory],
    ['family_history', record.familyHistory],
  ] as const;
  await tx.healthRecordItem.deleteMany({ where: { practiceId: scope.practiceId, patientId } });
  const items = sections.flatMap(([kind, entries]) => entries.map((details, position) => ({ practiceId: scope.practiceId, patientId, kind, position, details: { ...details } })));
  if (items.length > 0) await tx.healthRecordItem.createMany({ data: items });
  await tx.patient.update({
    where: { practiceId_id: { practiceId: scope.practiceId, id: patientId } },
    data: { lifestyle: record.lifestyle === null ? Prisma.DbNull : { ...record.lifestyle } },
    select: { id: true },
  });
}

/**
 * `details`: the new row's fields (Register) or the edited ones (Update); the whole form or, for a
 * patient registered on the way (the schedule, a booking), its name, e-mail and phone; or the
 * health record (UpdateHealthRecord).
 */
export function patientCommands(scope: PracticeScope, details?: NewPatientDetails | PatientDetailsInput | StoredHealthRecord): CommandMachine<PatientState, PatientCommand, PatientEvent> {
  return {
    aggregateType: 'patient',
    eventSchema: patientEventSchema,
    async load(tx, id) {
      const [row] = await tx.$queryRaw<{ id: string; status: string }[]>`SELECT id, status FROM patient WHERE practice_id = ${scope.practiceId} AND id = ${id} FOR UPDATE`;
      return row ? { status: 'registered', id: row.id, archived: row.status === 'inactive' } : initialPatient;
    },
    decide: (state, command) => decidePatient(state, command),
    evolve: evolvePatient,
    async save(tx, { before, after, aggregateId, events }) {
      const [event] = events;
      if (!event) return undefined;
      const where = { practiceId_id: { practiceId: scope.practiceId, id: aggregateId } };
      switch (event.type) {
        case 'PatientRegistered': {
          if (before.status !== 'absent' || !details) return undefined;
          if ('allergies' in details) return undefined;
          const data = 'status' in details ? columnsOf(details) : { name: details.name, email: details.email, phone: details.phone, conditions: [], status: 'new' };
          await tx.patient.create({ data: { id: aggregateId, practiceId: scope.practiceId, ...data }, select: { id: true } });
          return undefined;
        }
        case 'PatientUpdated':
          if (!details || !('status' in details)) return undefined;
          await tx.patient.update({ where, data: columnsOf(details), select: { id: true } });
          return undefined;
        case 'HealthRecordUpdated':
          if (!details || !('allergies' in details)) return undefined;
          await replaceHealthRecord(tx, scope, aggregateId, details);
          return undefined;
        case 'PatientArchived':
        case 'PatientRestored':
          // Restored as an active patient (it had been seen before it was archived).
          await tx.patient.update({ where, data: { status: after.status === 'registered' && after.archived ? 'inactive' : 'active' }, select: { id: true } });
          return undefined;
      }
    },
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event } }),
  };
}
