/**
 * The Practice part of Settings on the command runner (issue 25), decided by the domain's practice
 * settings machine. The aggregate is the practice: `load` locks its row. Online booking's settings
 * hold a copy of the zone and the currency (patients' slots and prices are read from them): a save
 * here rewrites that copy in the same transaction, as a save there rewrites the practice's.
 */
import {
  decidePracticeSettings,
  evolvePracticeSettings,
  practiceSettingsEventSchema,
  type PracticeSettingsEvent,
  type PracticeSettingsState,
  type SavePracticeSettingsCommand,
} from '@wellspring/domain';
import type { CommandMachine } from '../commands/run-command.ts';
import type { PracticeScope } from './practice-scope.ts';
import { readPracticeSettings } from './practice-settings.repository.ts';

export function practiceSettingsCommands(scope: PracticeScope): CommandMachine<PracticeSettingsState, SavePracticeSettingsCommand, PracticeSettingsEvent> {
  return {
    aggregateType: 'practice_settings',
    eventSchema: practiceSettingsEventSchema,
    async load(tx) {
      const [row] = await tx.$queryRaw<{ name: string; time_zone: string; currency: string }[]>`SELECT name, time_zone, currency FROM practice WHERE id = ${scope.practiceId} FOR UPDATE`;
      if (!row) throw new Error('the practice of the scope is missing');
      return { settings: readPracticeSettings(row) };
    },
    decide: (state, command) => decidePracticeSettings(state, command),
    evolve: evolvePracticeSettings,
    async save(tx, { before, after }) {
      if (after.settings === before.settings) return undefined;
      const { name, timeZone, currency } = after.settings;
      await tx.$executeRaw`
        UPDATE practice
           SET name = ${name}, time_zone = ${timeZone}, currency = ${currency},
               booking_settings = CASE WHEN booking_settings IS NULL THEN NULL
                                       ELSE booking_settings || jsonb_build_object('timeZone', ${timeZone}::text, 'currency', ${currency}::text) END
         WHERE id = ${scope.practiceId}`;
      return undefined;
    },
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event } }),
  };
}
