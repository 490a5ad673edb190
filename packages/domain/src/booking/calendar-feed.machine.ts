/**
 * A practice's calendar feed (calendar sync, issue 24) as a decide/evolve machine. The aggregate is
 * the practice. The feed is a private link whose token is derived from the practice and the feed's
 * `generation` (server: auth/link-tokens.ts): every new link is a new generation, so the link of an
 * older one — regenerated, or turned off and on again — never works again. Showing patients' names
 * in the feed is an explicit opt-in, off by default. Events hold no patient data, only these facts.
 *
 * | state     | command                 | events                  | next                     |
 * |-----------|-------------------------|-------------------------|--------------------------|
 * | off       | Enable                  | CalendarFeedEnabled     | on, generation + 1       |
 * | on        | Enable                  | —                       | unchanged                |
 * | on        | Regenerate              | CalendarFeedRegenerated | on, generation + 1       |
 * | off       | Regenerate              | refused (no link)       | —                        |
 * | on        | Disable                 | CalendarFeedDisabled    | off                      |
 * | off       | Disable                 | —                       | unchanged                |
 * | any       | SetShowNames, different | CalendarFeedNamesSet    | showsNames as asked      |
 * | any       | SetShowNames, same      | —                       | unchanged                |
 */
import { z } from 'zod';
import { accept, reject, type Decision } from '../shared/decision.ts';

export interface CalendarFeedState {
  readonly enabled: boolean;
  /** The generation of the current (or last) link; 0 before the first. */
  readonly generation: number;
  readonly showsNames: boolean;
}
export const initialCalendarFeed: CalendarFeedState = { enabled: false, generation: 0, showsNames: false };

export type CalendarFeedCommand =
  | { readonly kind: 'EnableCalendarFeed' }
  | { readonly kind: 'RegenerateCalendarFeed' }
  | { readonly kind: 'DisableCalendarFeed' }
  | { readonly kind: 'SetCalendarFeedShowsNames'; readonly showsNames: boolean };

export const calendarFeedEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('CalendarFeedEnabled'), generation: z.number().int().positive() }),
  z.object({ type: z.literal('CalendarFeedRegenerated'), generation: z.number().int().positive() }),
  z.object({ type: z.literal('CalendarFeedDisabled'), generation: z.number().int().nonnegative() }),
  z.object({ type: z.literal('CalendarFeedNamesSet'), showsNames: z.boolean() }),
]);
export type CalendarFeedEvent = Readonly<z.output<typeof calendarFeedEventSchema>>;

export const calendarFeedMessages = {
  noLink: 'There is no calendar link to regenerate. Create one first.',
} as const;

export function decideCalendarFeed(state: CalendarFeedState, command: CalendarFeedCommand): Decision<CalendarFeedEvent> {
  switch (command.kind) {
    case 'EnableCalendarFeed':
      return state.enabled ? accept() : accept({ type: 'CalendarFeedEnabled', generation: state.generation + 1 });
    case 'RegenerateCalendarFeed':
      return state.enabled ? accept({ type: 'CalendarFeedRegenerated', generation: state.generation + 1 }) : reject('PRECONDITION_FAILED', calendarFeedMessages.noLink);
    case 'DisableCalendarFeed':
      return state.enabled ? accept({ type: 'CalendarFeedDisabled', generation: state.generation }) : accept();
    case 'SetCalendarFeedShowsNames':
      return state.showsNames === command.showsNames ? accept() : accept({ type: 'CalendarFeedNamesSet', showsNames: command.showsNames });
  }
}

export function evolveCalendarFeed(state: CalendarFeedState, event: CalendarFeedEvent): CalendarFeedState {
  switch (event.type) {
    case 'CalendarFeedEnabled':
    case 'CalendarFeedRegenerated':
      return { ...state, enabled: true, generation: event.generation };
    case 'CalendarFeedDisabled':
      return { ...state, enabled: false };
    case 'CalendarFeedNamesSet':
      return { ...state, showsNames: event.showsNames };
  }
}

/** What the settings screen shows of the feed. */
export interface CalendarFeedStatus {
  readonly enabled: boolean;
  /** The private link to subscribe to; null when there is none. */
  readonly url: string | null;
  readonly showsNames: boolean;
}

export const calendarFeedShowsNamesSchema = z.object({ showsNames: z.boolean() });

/**
 * An event's title in the feed: by default only that the time is booked, its length and where
 * ("Booked — 60 min, virtual"); the patient's name only when the practice opted in. Never notes or
 * reasons.
 */
export function calendarFeedSummary(appointment: { readonly durationMinutes: number; readonly mode: string; readonly patientName: string | null }): string {
  const where = appointment.mode === 'virtual' ? 'virtual' : 'in person';
  const name = appointment.patientName?.trim();
  return name ? `${name} — ${appointment.durationMinutes} min, ${where}` : `Booked — ${appointment.durationMinutes} min, ${where}`;
}
