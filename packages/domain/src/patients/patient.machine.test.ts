import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import { decidePatient, evolvePatient, initialPatient, patientEventSchema, patientMachineMessages, type PatientCommand } from './patient.machine.ts';

describe('patient machine', () => {
  it('registers a new patient once, with an event that holds its id only', () => {
    expect(decidePatient(initialPatient, { kind: 'Register', id: 'p1' })).toEqual({ ok: true, events: [{ type: 'PatientRegistered', id: 'p1' }] });
    const registered = evolvePatient(initialPatient, { type: 'PatientRegistered', id: 'p1' });
    expect(registered).toEqual({ status: 'registered', id: 'p1', archived: false });
    expect(decidePatient(registered, { kind: 'Register', id: 'p1' })).toEqual({ ok: false, error: { code: 'CONFLICT', message: patientMachineMessages.alreadyRegistered } });
  });

  it('edits, archives and restores a registered patient, each with an event of its id only; an unknown one is not found', () => {
    expect(decidePatient(initialPatient, { kind: 'Update', id: 'p1' })).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: patientMachineMessages.unknown } });
    expect(decidePatient(initialPatient, { kind: 'SetArchived', id: 'p1', archived: true })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const registered = evolvePatient(initialPatient, { type: 'PatientRegistered', id: 'p1' });
    expect(decidePatient(registered, { kind: 'Update', id: 'p1' })).toEqual({ ok: true, events: [{ type: 'PatientUpdated', id: 'p1' }] });
    expect(decidePatient(registered, { kind: 'SetArchived', id: 'p1', archived: false })).toEqual({ ok: true, events: [] });
    const archiving = decidePatient(registered, { kind: 'SetArchived', id: 'p1', archived: true });
    expect(archiving).toEqual({ ok: true, events: [{ type: 'PatientArchived', id: 'p1' }] });
    const archived = evolvePatient(registered, { type: 'PatientArchived', id: 'p1' });
    expect(archived).toEqual({ status: 'registered', id: 'p1', archived: true });
    expect(decidePatient(archived, { kind: 'SetArchived', id: 'p1', archived: true })).toEqual({ ok: true, events: [] });
    expect(decidePatient(archived, { kind: 'SetArchived', id: 'p1', archived: false })).toEqual({ ok: true, events: [{ type: 'PatientRestored', id: 'p1' }] });
  });

  it('obeys the machine laws', () => {
    const command: fc.Arbitrary<PatientCommand> = fc.oneof(
      fc.constant({ kind: 'Register' as const, id: 'p1' }),
      fc.constant({ kind: 'Update' as const, id: 'p1' }),
      fc.boolean().map((archived) => ({ kind: 'SetArchived' as const, id: 'p1', archived })),
      fc.nat({ max: 5 }).map((allergies) => ({ kind: 'UpdateHealthRecord' as const, id: 'p1', counts: { allergies, medications: 0, medicalHistory: 1, familyHistory: 0, lifestyle: allergies > 2 } })),
    );
    checkMachineLaws({
      initial: initialPatient,
      decide: (state, next: PatientCommand) => decidePatient(state, next),
      evolve: evolvePatient,
      step: fc.record({ command, context: fc.constant(undefined) }),
      isValid: (state) => state.status === 'absent' || state.id.length > 0,
      eventSchema: patientEventSchema,
    });
  });
});

describe('the health record of a patient', () => {
  const counts = { allergies: 2, medications: 1, medicalHistory: 0, familyHistory: 3, lifestyle: true };

  it('is updated for a registered patient, the event holding counts only', () => {
    const registered = evolvePatient(initialPatient, { type: 'PatientRegistered', id: 'p1' });
    const decision = decidePatient(registered, { kind: 'UpdateHealthRecord', id: 'p1', counts });
    expect(decision).toEqual({ ok: true, events: [{ type: 'HealthRecordUpdated', id: 'p1', counts }] });
    expect(patientEventSchema.parse(decision.ok ? decision.events[0] : null)).toEqual({ type: 'HealthRecordUpdated', id: 'p1', counts });
  });

  it('is refused for an unknown patient', () => {
    expect(decidePatient(initialPatient, { kind: 'UpdateHealthRecord', id: 'p1', counts })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});
