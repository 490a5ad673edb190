import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import { calendarFeedEventSchema, calendarFeedSummary, decideCalendarFeed, evolveCalendarFeed, initialCalendarFeed, type CalendarFeedCommand, type CalendarFeedState } from './calendar-feed.machine.ts';

const commandArbitrary: fc.Arbitrary<CalendarFeedCommand> = fc.oneof(
  fc.constant({ kind: 'EnableCalendarFeed' as const }),
  fc.constant({ kind: 'RegenerateCalendarFeed' as const }),
  fc.constant({ kind: 'DisableCalendarFeed' as const }),
  fc.boolean().map((showsNames) => ({ kind: 'SetCalendarFeedShowsNames' as const, showsNames })),
);

const run = (state: CalendarFeedState, command: CalendarFeedCommand): CalendarFeedState => {
  const decision = decideCalendarFeed(state, command);
  if (!decision.ok) throw new Error(decision.error.message);
  return decision.events.reduce(evolveCalendarFeed, state);
};

describe('the calendar feed machine', () => {
  it('obeys the machine laws', () => {
    checkMachineLaws({
      initial: initialCalendarFeed,
      decide: decideCalendarFeed,
      evolve: evolveCalendarFeed,
      step: commandArbitrary.map((command) => ({ command, context: undefined })),
      isValid: (state) => Number.isInteger(state.generation) && state.generation >= 0 && (!state.enabled || state.generation > 0),
      eventSchema: calendarFeedEventSchema,
    });
  });

  it('never gives a link the generation of an earlier one', () => {
    fc.assert(
      fc.property(fc.array(commandArbitrary, { maxLength: 30 }), (commands) => {
        let state = initialCalendarFeed;
        const seen = new Set<number>();
        for (const command of commands) {
          const decision = decideCalendarFeed(state, command);
          if (!decision.ok) continue;
          for (const event of decision.events) {
            if (event.type === 'CalendarFeedEnabled' || event.type === 'CalendarFeedRegenerated') {
              expect(seen.has(event.generation)).toBe(false);
              seen.add(event.generation);
            }
          }
          state = decision.events.reduce(evolveCalendarFeed, state);
        }
      }),
    );
  });

  it('creates, regenerates and turns off a link; names stay off until asked for', () => {
    const on = run(initialCalendarFeed, { kind: 'EnableCalendarFeed' });
    expect(on).toEqual({ enabled: true, generation: 1, showsNames: false });
    expect(decideCalendarFeed(on, { kind: 'EnableCalendarFeed' })).toEqual({ ok: true, events: [] });
    const regenerated = run(on, { kind: 'RegenerateCalendarFeed' });
    expect(regenerated.generation).toBe(2);
    const off = run(regenerated, { kind: 'DisableCalendarFeed' });
    expect(off).toEqual({ enabled: false, generation: 2, showsNames: false });
    expect(decideCalendarFeed(off, { kind: 'RegenerateCalendarFeed' })).toMatchObject({ ok: false, error: { code: 'PRECONDITION_FAILED' } });
    expect(run(off, { kind: 'EnableCalendarFeed' }).generation).toBe(3);
    expect(run(off, { kind: 'SetCalendarFeedShowsNames', showsNames: true }).showsNames).toBe(true);
    expect(decideCalendarFeed(off, { kind: 'SetCalendarFeedShowsNames', showsNames: false })).toEqual({ ok: true, events: [] });
  });

  it('titles an event without the patient unless names are shown', () => {
    expect(calendarFeedSummary({ durationMinutes: 60, mode: 'virtual', patientName: null })).toBe('Booked — 60 min, virtual');
    expect(calendarFeedSummary({ durationMinutes: 45, mode: 'in-person', patientName: null })).toBe('Booked — 45 min, in person');
    expect(calendarFeedSummary({ durationMinutes: 30, mode: 'in-person', patientName: 'Ada Lovelace' })).toBe('Ada Lovelace — 30 min, in person');
  });
});
