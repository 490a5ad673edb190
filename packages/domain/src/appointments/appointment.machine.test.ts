import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay } from '../shared/decision.ts';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import {
  appointmentEventSchema,
  allowedAppointmentActions,
  canStartSession,
  decideAppointment,
  evolveAppointment,
  fromDashboardStatus,
  initialAppointment,
  toDashboardStatus,
  type AppointmentCommand,
  type AppointmentState,
} from './appointment.machine.ts';
import { appointmentStatuses, type AppointmentStatus } from './appointment.schema.ts';

const schedule: AppointmentCommand = { kind: 'Schedule', id: 'a1', startsAt: '2025-06-16T17:00:00Z', durationMinutes: 60, mode: 'virtual' };

function run(...commands: AppointmentCommand[]): AppointmentState {
  let state = initialAppointment;
  for (const command of commands) {
    const decision = decideAppointment(state, command);
    if (!decision.ok) throw new Error(decision.error.message);
    state = replay(evolveAppointment, state, decision.events);
  }
  return state;
}

describe('appointment machine', () => {
  it('walks scheduled → confirmed → completed', () => {
    expect(run(schedule).status).toBe('scheduled');
    expect(run(schedule, { kind: 'Confirm' }).status).toBe('confirmed');
    expect(run(schedule, { kind: 'Confirm' }, { kind: 'Complete' }).status).toBe('completed');
  });

  it('normalizes the start instant to ISO UTC', () => {
    const state = run({ ...schedule, startsAt: '2025-06-16T10:00:00-07:00' });
    expect(state.status !== 'absent' && state.startsAt).toBe('2025-06-16T17:00:00.000Z');
  });

  it('cancels from scheduled and confirmed (the event holds the id only)', () => {
    expect(run(schedule, { kind: 'Cancel' }).status).toBe('cancelled');
    expect(run(schedule, { kind: 'Confirm' }, { kind: 'Cancel' }).status).toBe('cancelled');
    const decision = decideAppointment(run(schedule), { kind: 'Cancel' });
    expect(decision.ok && decision.events[0]).toEqual({ type: 'AppointmentCancelled', id: 'a1' });
  });

  it('reschedules while open and keeps the status', () => {
    const state = run(schedule, { kind: 'Confirm' }, { kind: 'Reschedule', startsAt: '2025-06-18T17:00:00Z', durationMinutes: 90 });
    expect(state).toMatchObject({ status: 'confirmed', startsAt: '2025-06-18T17:00:00.000Z', durationMinutes: 90 });
  });

  it('rejects every command out of completed and cancelled', () => {
    for (const terminal of [run(schedule, { kind: 'Cancel' }), run(schedule, { kind: 'Confirm' }, { kind: 'Complete' })]) {
      for (const command of [{ kind: 'Confirm' }, { kind: 'Complete' }, { kind: 'Cancel' }, { kind: 'Reschedule', startsAt: '2025-06-18T17:00:00Z', durationMinutes: 30 }] as const) {
        const decision = decideAppointment(terminal, command);
        expect(decision.ok).toBe(false);
        expect(!decision.ok && decision.error.code).toBe('INVALID_TRANSITION');
      }
    }
  });

  it('explains each rejection', () => {
    expect(decideAppointment(run(schedule), { kind: 'Complete' })).toEqual({
      ok: false,
      error: { code: 'INVALID_TRANSITION', message: 'Only a confirmed appointment can be completed; this one is scheduled.' },
    });
    expect(decideAppointment(run(schedule, { kind: 'Confirm' }), { kind: 'Confirm' })).toMatchObject({ ok: false, error: { message: 'Only a scheduled appointment can be confirmed; this one is confirmed.' } });
    expect(decideAppointment(initialAppointment, { kind: 'Confirm' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(decideAppointment(run(schedule), schedule)).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(decideAppointment(initialAppointment, { ...schedule, durationMinutes: 0 })).toMatchObject({ ok: false, error: { code: 'PRECONDITION_FAILED' } });
    expect(decideAppointment(initialAppointment, { ...schedule, startsAt: 'soon' })).toMatchObject({ ok: false, error: { message: 'Please choose a valid date and time.' } });
    expect(decideAppointment(run(schedule), { kind: 'Reschedule', startsAt: '2025-06-18T17:00:00Z', durationMinutes: 12.5 })).toMatchObject({ ok: false });
  });

  it('evolve ignores status events before a schedule', () => {
    for (const type of ['AppointmentConfirmed', 'AppointmentCompleted', 'AppointmentCancelled'] as const) {
      expect(evolveAppointment(initialAppointment, { type, id: 'x' })).toBe(initialAppointment);
    }
    expect(evolveAppointment(initialAppointment, { type: 'AppointmentRescheduled', id: 'x', startsAt: 'x', durationMinutes: 1 })).toBe(initialAppointment);
  });

  it('offers only allowed actions, matching decide', () => {
    expect(allowedAppointmentActions('scheduled')).toEqual(['confirm', 'cancel', 'reschedule']);
    expect(allowedAppointmentActions('confirmed')).toEqual(['complete', 'cancel', 'reschedule']);
    expect(allowedAppointmentActions('completed')).toEqual([]);
    expect(allowedAppointmentActions('cancelled')).toEqual([]);
    const kinds = { confirm: 'Confirm', complete: 'Complete', cancel: 'Cancel' } as const;
    for (const status of appointmentStatuses) {
      const state: AppointmentState = { status, id: 'a', startsAt: '2025-06-16T17:00:00.000Z', durationMinutes: 60, mode: 'virtual', linkedRecords: 0 };
      for (const [action, kind] of Object.entries(kinds)) {
        expect(decideAppointment(state, { kind }).ok).toBe(allowedAppointmentActions(status).includes(action as 'confirm'));
      }
    }
  });

  it('deletes an appointment in any status unless clinical notes or payments point at it', () => {
    for (const status of appointmentStatuses) {
      const state: AppointmentState = { status, id: 'a', startsAt: '2025-06-16T17:00:00.000Z', durationMinutes: 60, mode: 'virtual', linkedRecords: 0 };
      const decision = decideAppointment(state, { kind: 'Delete' });
      expect(decision).toEqual({ ok: true, events: [{ type: 'AppointmentDeleted', id: 'a' }] });
      expect(evolveAppointment(state, { type: 'AppointmentDeleted', id: 'a' })).toEqual(initialAppointment);
      expect(decideAppointment({ ...state, linkedRecords: 2 }, { kind: 'Delete' })).toEqual({
        ok: false,
        error: { code: 'PRECONDITION_FAILED', message: 'This appointment has clinical notes or payments, so it cannot be deleted. Cancel it instead.' },
      });
    }
    expect(decideAppointment(initialAppointment, { kind: 'Delete' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('sets a visit\'s codes in any status but cancelled; the event counts them and names none', () => {
    const codes = { kind: 'SetCodes', cptCodes: ['99213', '97140'], icd10Codes: ['M54.5'] } as const;
    const completed = run(schedule, { kind: 'Confirm' }, { kind: 'Complete' });
    const decision = decideAppointment(completed, codes);
    expect(decision).toEqual({ ok: true, events: [{ type: 'AppointmentCodesSet', id: 'a1', cptCount: 2, icd10Count: 1 }] });
    expect(JSON.stringify(decision)).not.toContain('M54.5');
    expect(run(schedule, { kind: 'Confirm' }, { kind: 'Complete' }, codes)).toEqual(completed);
    expect(decideAppointment(run(schedule), codes).ok).toBe(true);
    expect(decideAppointment(run(schedule, { kind: 'Cancel' }), codes)).toEqual({ ok: false, error: { code: 'INVALID_TRANSITION', message: 'A cancelled appointment has no billing codes.' } });
    expect(decideAppointment(initialAppointment, codes)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('starts a session only for virtual and confirmed', () => {
    expect(canStartSession({ mode: 'virtual', status: 'confirmed' })).toBe(true);
    expect(canStartSession({ mode: 'in-person', status: 'confirmed' })).toBe(false);
    expect(canStartSession({ mode: 'virtual', status: 'pending' })).toBe(false);
    expect(canStartSession({ mode: 'virtual', status: 'cancelled' })).toBe(false);
  });

  it('maps the dashboard statuses (pending = scheduled)', () => {
    expect(toDashboardStatus('scheduled')).toBe('pending');
    expect(toDashboardStatus('confirmed')).toBe('confirmed');
    expect(toDashboardStatus('cancelled')).toBe('cancelled');
    expect(toDashboardStatus('completed')).toBeNull();
    expect(fromDashboardStatus('pending')).toBe('scheduled');
    expect(fromDashboardStatus('confirmed')).toBe('confirmed');
    expect(fromDashboardStatus('cancelled')).toBe('cancelled');
  });

  it('obeys the machine laws', () => {
    const command: fc.Arbitrary<AppointmentCommand> = fc.oneof(
      fc.record({
        kind: fc.constant('Schedule' as const),
        id: fc.constantFrom('a1', 'a2'),
        startsAt: fc.constantFrom('2025-06-16T17:00:00Z', 'not a date'),
        durationMinutes: fc.constantFrom(30, 60, 0, -5),
        mode: fc.constantFrom('virtual' as const, 'in-person' as const),
      }),
      fc.constant({ kind: 'Confirm' as const }),
      fc.constant({ kind: 'Complete' as const }),
      fc.constant({ kind: 'Cancel' as const }),
      fc.record({ kind: fc.constant('Reschedule' as const), startsAt: fc.constantFrom('2025-07-01T16:00:00Z', ''), durationMinutes: fc.constantFrom(45, 0) }),
      fc.constant({ kind: 'Delete' as const }),
      fc.record({ kind: fc.constant('SetCodes' as const), cptCodes: fc.constantFrom([], ['99213']), icd10Codes: fc.constantFrom([], ['M54.5', 'F41.1']) }),
    );
    checkMachineLaws({
      initial: initialAppointment,
      decide: (state, cmd: AppointmentCommand) => decideAppointment(state, cmd),
      evolve: evolveAppointment,
      eventSchema: appointmentEventSchema,
      step: command.map((cmd) => ({ command: cmd, context: undefined })),
      isValid: (state) => state.status === 'absent' || ((appointmentStatuses as readonly AppointmentStatus[]).includes(state.status) && state.durationMinutes > 0 && !Number.isNaN(Date.parse(state.startsAt))),
    });
  });
});
