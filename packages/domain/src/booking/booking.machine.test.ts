import { describe, expect, it } from 'vitest';
import { changeableOnline, decideBooking, evolveBooking, initialBooking, reminderSendAt, type BookingCommand, type BookingState } from './booking.machine.ts';

const make: BookingCommand = { kind: 'Make', id: 'b1', appointmentId: 'a1', startsAt: '2026-03-10T15:00:00Z', durationMinutes: 60, confirmed: false, reminderAt: '2026-03-09T15:00:00.000Z' };

function run(state: BookingState, ...commands: BookingCommand[]): BookingState {
  return commands.reduce((current, command) => {
    const decision = decideBooking(current, command);
    if (!decision.ok) throw new Error(decision.error.message);
    return decision.events.reduce(evolveBooking, current);
  }, state);
}

describe('the booking machine', () => {
  it('makes a booking with its reminder, and only ids and instants in its events', () => {
    const decision = decideBooking(initialBooking, make);
    expect(decision.ok && decision.events.map((event) => event.type)).toEqual(['BookingMade', 'BookingReminderScheduled']);
    expect(JSON.stringify(decision)).not.toMatch(/@|name/i);
    const noReminder = decideBooking(initialBooking, { ...make, reminderAt: null });
    expect(noReminder.ok && noReminder.events.map((event) => event.type)).toEqual(['BookingMade']);
  });

  it('confirms once, and a second confirm says nothing', () => {
    const confirmed = run(initialBooking, make, { kind: 'FollowConfirm' });
    const again = decideBooking(confirmed, { kind: 'FollowConfirm' });
    expect(again.ok && again.events).toEqual([]);
  });

  it('tells a declined request from a cancelled appointment', () => {
    const pending = run(initialBooking, make);
    const declined = decideBooking(pending, { kind: 'FollowCancel', by: 'practice' });
    expect(declined.ok && declined.events[0]).toMatchObject({ type: 'BookingCancelled', wasConfirmed: false, by: 'practice', generation: 1 });
    const cancelled = decideBooking(run(pending, { kind: 'FollowConfirm' }), { kind: 'FollowCancel', by: 'patient' });
    expect(cancelled.ok && cancelled.events[0]).toMatchObject({ wasConfirmed: true, by: 'patient' });
  });

  it('moves to a new generation with a new reminder, and refuses everything once cancelled', () => {
    const moved = run(initialBooking, make, { kind: 'FollowMove', startsAt: '2026-03-11T15:00:00Z', durationMinutes: 60, by: 'patient', reminderAt: '2026-03-10T15:00:00Z' });
    expect(moved).toMatchObject({ generation: 2, startsAt: '2026-03-11T15:00:00.000Z' });
    const cancelled = run(moved, { kind: 'FollowCancel', by: 'patient' });
    expect(decideBooking(cancelled, { kind: 'FollowConfirm' })).toMatchObject({ ok: false, error: { code: 'INVALID_TRANSITION' } });
  });

  it('offers only an earlier time', () => {
    const booked = run(initialBooking, make);
    const earlier = decideBooking(booked, { kind: 'OfferEarlier', startsAt: '2026-03-09T15:00:00Z' });
    const later = decideBooking(booked, { kind: 'OfferEarlier', startsAt: '2026-03-12T15:00:00Z' });
    expect(earlier.ok && earlier.events.map((event) => event.type)).toEqual(['EarlierTimeOffered']);
    expect(later.ok && later.events).toEqual([]);
  });

  it('sends a reminder the lead before, never in the past, never when off', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    expect(reminderSendAt('2026-03-10T15:00:00Z', '24h', now)).toBe('2026-03-09T15:00:00.000Z');
    expect(reminderSendAt('2026-03-10T15:00:00Z', '2h', now)).toBe('2026-03-10T13:00:00.000Z');
    expect(reminderSendAt('2026-03-10T15:00:00Z', 'off', now)).toBeNull();
    expect(reminderSendAt('2026-03-01T10:00:00Z', '24h', now)).toBeNull();
  });

  it('lets a patient change online only before the cancellation window', () => {
    expect(changeableOnline('2026-03-10T15:00:00Z', 24, new Date('2026-03-09T14:59:00Z'))).toEqual({ allowed: true, until: '2026-03-09T15:00:00.000Z' });
    expect(changeableOnline('2026-03-10T15:00:00Z', 24, new Date('2026-03-09T15:00:00Z')).allowed).toBe(false);
  });
});
