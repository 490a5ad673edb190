/**
 * A practice's online booking settings as a decide/evolve machine (issue 24). The aggregate is the
 * practice. Saving what is already saved changes nothing (accepted with no events).
 *
 * | state        | command                   | events                | next          |
 * |--------------|---------------------------|-----------------------|---------------|
 * | any          | Save, same as saved       | —                     | unchanged     |
 * | any          | Save, different           | BookingSettingsSaved  | the new ones  |
 */
import { z } from 'zod';
import { accept, type Decision } from '../shared/decision.ts';
import { bookingSettingsSchema, type BookingSettings } from './booking-settings.schema.ts';

export interface BookingSettingsState {
  /** Null until the practice first saves its settings. */
  readonly settings: BookingSettings | null;
}
export const initialBookingSettings: BookingSettingsState = { settings: null };

export interface SaveBookingSettingsCommand {
  readonly kind: 'SaveBookingSettings';
  readonly settings: BookingSettings;
}

export const bookingSettingsEventSchema = z.discriminatedUnion('type', [z.object({ type: z.literal('BookingSettingsSaved'), settings: bookingSettingsSchema })]);
export type BookingSettingsEvent = Readonly<z.output<typeof bookingSettingsEventSchema>>;

/** Key order does not make two settings different. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, item]) => [key, canonical(item)]))
      : value;

export function decideBookingSettings(state: BookingSettingsState, command: SaveBookingSettingsCommand): Decision<BookingSettingsEvent> {
  if (state.settings !== null && JSON.stringify(canonical(state.settings)) === JSON.stringify(canonical(command.settings))) return accept();
  return accept({ type: 'BookingSettingsSaved', settings: command.settings });
}

export const evolveBookingSettings = (_state: BookingSettingsState, event: BookingSettingsEvent): BookingSettingsState => ({ settings: event.settings });
