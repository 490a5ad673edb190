import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import { decidePatient, evolvePatient, initialPatient, patientEventSchema, patientMachineMessages } from './patient.machine.ts';

describe('patient machine', () => {
  it('registers a new patient once, with an event that holds its id only', () => {
    expect(decidePatient(initialPatient, { kind: 'Register', id: 'p1' })).toEqual({ ok: true, events: [{ type: 'PatientRegistered', id: 'p1' }] });
    const registered = evolvePatient(initialPatient, { type: 'PatientRegistered', id: 'p1' });
    expect(registered).toEqual({ status: 'registered', id: 'p1' });
    expect(decidePatient(registered, { kind: 'Register', id: 'p1' })).toEqual({ ok: false, error: { code: 'CONFLICT', message: patientMachineMessages.alreadyRegistered } });
  });

  it('obeys the machine laws', () => {
    checkMachineLaws({
      initial: initialPatient,
      decide: (state, command) => decidePatient(state, command),
      evolve: evolvePatient,
      step: fc.record({ command: fc.constantFrom('p1', 'p2').map((id) => ({ kind: 'Register' as const, id })), context: fc.constant(undefined) }),
      isValid: (state) => state.status === 'absent' || state.id.length > 0,
      eventSchema: patientEventSchema,
    });
  });
});
