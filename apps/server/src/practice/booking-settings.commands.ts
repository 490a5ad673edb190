/**
 * A practice's online booking settings on the command runner (issue 24), decided by the domain's
 * booking settings machine. The aggregate is the practice: `load` locks its row.
 */
import {
  bookingSettingsEventSchema,
  bookingSettingsSchema,
  decideBookingSettings,
  evolveBookingSettings,
  type BookingSettingsEvent,
  type BookingSettingsState,
  type SaveBookingSettingsCommand,
} from '@wellspring/domain';
import type { CommandMachine } from '../commands/run-command.ts';
import type { PracticeScope } from './practice-scope.ts';

export function bookingSettingsCommands(scope: PracticeScope): CommandMachine<BookingSettingsState, SaveBookingSettingsCommand, BookingSettingsEvent> {
  return {
    aggregateType: 'booking_settings',
    eventSchema: bookingSettingsEventSchema,
    async load(tx) {
      const [row] = await tx.$queryRaw<{ booking_settings: unknown }[]>`SELECT booking_settings FROM practice WHERE id = ${scope.practiceId} FOR UPDATE`;
      const parsed = row?.booking_settings == null ? null : bookingSettingsSchema.safeParse(row.booking_settings);
      return { settings: parsed?.success ? parsed.data : null };
    },
    decide: (state, command) => decideBookingSettings(state, command),
    evolve: evolveBookingSettings,
    async save(tx, { before, after }) {
      if (after.settings === before.settings || after.settings === null) return undefined;
      // The settings screen shows and edits the practice's zone and currency (Settings › Practice
      // shows them too): the schedule, the dashboard and the public slots read the zone from the practice.
      await tx.practice.update({
        where: { id: scope.practiceId },
        data: { bookingSettings: { ...after.settings }, timeZone: after.settings.timeZone, currency: after.settings.currency },
        select: { id: true },
      });
      return undefined;
    },
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event } }),
  };
}
