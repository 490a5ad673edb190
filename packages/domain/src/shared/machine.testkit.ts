/**
 * Property-test laws every decide/evolve machine obeys (used by the machines' tests):
 * - `decide` never throws and never mutates the state it is given;
 * - a rejected command changes nothing (the state stays deep-equal, no events);
 * - an accepted command's events, folded with `evolve`, give a state `isValid` accepts;
 * - replaying the whole history from the initial state rebuilds the same state;
 * - with `eventSchema`: every event, stored as JSON and read back through the schema, is the same
 *   event (what the server's outbox and history readers rely on).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { z } from 'zod';
import { replay, type Decision } from './decision.ts';

export interface MachineUnderTest<State, Command, Event, Context> {
  readonly initial: State;
  readonly decide: (state: State, command: Command, context: Context) => Decision<Event>;
  readonly evolve: (state: State, event: Event) => State;
  readonly step: fc.Arbitrary<{ command: Command; context: Context }>;
  readonly isValid: (state: State) => boolean;
  readonly eventSchema?: z.ZodType<Event>;
}

export function checkMachineLaws<State, Command, Event, Context>(machine: MachineUnderTest<State, Command, Event, Context>, numRuns = 300): void {
  fc.assert(
    fc.property(fc.array(machine.step, { maxLength: 25 }), (steps) => {
      let state = machine.initial;
      const history: Event[] = [];
      for (const { command, context } of steps) {
        const before: unknown = JSON.parse(JSON.stringify(state));
        const decision = machine.decide(state, command, context);
        expect(state).toEqual(before);
        if (!decision.ok) {
          expect(typeof decision.error.message).toBe('string');
          expect(decision.error.message.length).toBeGreaterThan(0);
          continue;
        }
        if (machine.eventSchema) for (const event of decision.events) expect(machine.eventSchema.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
        state = decision.events.reduce(machine.evolve, state);
        history.push(...decision.events);
        expect(machine.isValid(state)).toBe(true);
      }
      expect(replay(machine.evolve, machine.initial, history)).toEqual(state);
    }),
    { numRuns },
  );
}
