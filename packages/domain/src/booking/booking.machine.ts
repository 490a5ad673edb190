/**
 * An online booking's life as the patient sees it (issue 24): what its e-mails say and when its
 * manage link changes. The appointment machine decides the appointment; this one follows it, so a
 * booking confirmed, declined, cancelled or moved from anywhere (the patient's manage link, the
 * portal's row menu, the schedule) tells the patient the same way. Its events carry ids and instants
 * only — never a name, an address or a reason — and the server turns each into an e-mail.
 *
 * | state     | command        | events                                              | next      |
 * |-----------|----------------|-----------------------------------------------------|-----------|
 * | absent    | Make           | BookingMade (+ BookingReminderScheduled)            | active    |
 * | active    | FollowConfirm  | BookingConfirmed                                    | active    |
 * | active    | FollowCancel   | BookingCancelled                                    | cancelled |
 * | active    | FollowMove     | BookingMoved (+ BookingReminderScheduled)           | active    |
 * | active    | OfferEarlier   | EarlierTimeOffered (only for a time before its own) | active    |
 * | cancelled | any            | — INVALID_TRANSITION                                | cancelled |
 *
 * `generation` counts the booking's times, from 1: a move makes a new manage link (the old one dies)
 * and is the calendar's SEQUENCE, so the patient's calendar replaces the old event.
 */
import { z } from 'zod';
import { accept, reject, type Decision } from '../shared/decision.ts';
import { bookingReminderLeadMinutes, type BookingReminder } from './booking-settings.schema.ts';

export type BookingState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'active' | 'cancelled';
      readonly id: string;
      readonly appointmentId: string;
      /** ISO-8601 instant. */
      readonly startsAt: string;
      readonly durationMinutes: number;
      readonly generation: number;
      readonly confirmed: boolean;
    };

export const initialBooking: BookingState = { status: 'absent' };

export type BookingCommand =
  | {
      readonly kind: 'Make';
      readonly id: string;
      readonly appointmentId: string;
      readonly startsAt: string;
      readonly durationMinutes: number;
      readonly confirmed: boolean;
      /** When the reminder goes out (`reminderSendAt`), or null for none. */
      readonly reminderAt: string | null;
    }
  | { readonly kind: 'FollowConfirm' }
  | { readonly kind: 'FollowCancel'; readonly by: BookingChangedBy }
  | { readonly kind: 'FollowMove'; readonly startsAt: string; readonly durationMinutes: number; readonly by: BookingChangedBy; readonly reminderAt: string | null }
  | { readonly kind: 'OfferEarlier'; readonly startsAt: string };

export const bookingChangedBy = ['patient', 'practice'] as const;
export type BookingChangedBy = (typeof bookingChangedBy)[number];

const instant = z.iso.datetime();
export const bookingMadeEventSchema = z.object({
  type: z.literal('BookingMade'),
  id: z.string(),
  appointmentId: z.string(),
  startsAt: instant,
  durationMinutes: z.number().int().positive(),
  confirmed: z.boolean(),
});
export const bookingReminderScheduledEventSchema = z.object({ type: z.literal('BookingReminderScheduled'), id: z.string(), generation: z.number().int().positive(), sendAt: instant });
export const bookingConfirmedEventSchema = z.object({ type: z.literal('BookingConfirmed'), id: z.string() });
export const bookingCancelledEventSchema = z.object({
  type: z.literal('BookingCancelled'),
  id: z.string(),
  by: z.enum(bookingChangedBy),
  /** A request the practitioner cancelled before confirming it was declined. */
  wasConfirmed: z.boolean(),
  generation: z.number().int().positive(),
});
export const bookingMovedEventSchema = z.object({
  type: z.literal('BookingMoved'),
  id: z.string(),
  by: z.enum(bookingChangedBy),
  generation: z.number().int().positive(),
  startsAt: instant,
  durationMinutes: z.number().int().positive(),
});
export const earlierTimeOfferedEventSchema = z.object({ type: z.literal('EarlierTimeOffered'), id: z.string(), startsAt: instant });
export const bookingEventSchema = z.discriminatedUnion('type', [
  bookingMadeEventSchema,
  bookingReminderScheduledEventSchema,
  bookingConfirmedEventSchema,
  bookingCancelledEventSchema,
  bookingMovedEventSchema,
  earlierTimeOfferedEventSchema,
]);
export type BookingEvent = Readonly<z.output<typeof bookingEventSchema>>;

export const bookingErrors = {
  notFound: 'Booking not found.',
  alreadyExists: 'This booking already exists.',
  cancelled: 'This booking was cancelled.',
} as const;

/**
 * When the reminder of an appointment at `startsAt` goes out under the practice's setting: the lead
 * before it, or null when reminders are off or that moment has already passed (a booking made inside
 * the lead time gets its confirmation and no reminder).
 */
export function reminderSendAt(startsAt: string, reminder: BookingReminder, now: Date): string | null {
  const lead = bookingReminderLeadMinutes[reminder];
  if (lead === null) return null;
  const sendAt = Date.parse(startsAt) - lead * 60_000;
  return sendAt > now.getTime() ? new Date(sendAt).toISOString() : null;
}

/**
 * Whether a patient may still cancel or move, online, an appointment at `startsAt` under the
 * practice's cancellation window (hours before it), and until when.
 */
export function changeableOnline(startsAt: string, cancellationWindowHours: number, now: Date): { readonly allowed: boolean; readonly until: string } {
  const until = Date.parse(startsAt) - cancellationWindowHours * 3_600_000;
  return { allowed: now.getTime() < until, until: new Date(until).toISOString() };
}

const reminderEvent = (id: string, generation: number, reminderAt: string | null): BookingEvent[] =>
  reminderAt === null ? [] : [{ type: 'BookingReminderScheduled', id, generation, sendAt: new Date(reminderAt).toISOString() }];

export function decideBooking(state: BookingState, command: BookingCommand): Decision<BookingEvent> {
  if (command.kind === 'Make') {
    if (state.status !== 'absent') return reject('CONFLICT', bookingErrors.alreadyExists);
    return accept(
      {
        type: 'BookingMade',
        id: command.id,
        appointmentId: command.appointmentId,
        startsAt: new Date(command.startsAt).toISOString(),
        durationMinutes: command.durationMinutes,
        confirmed: command.confirmed,
      },
      ...reminderEvent(command.id, 1, command.reminderAt),
    );
  }
  if (state.status === 'absent') return reject('NOT_FOUND', bookingErrors.notFound);
  if (state.status === 'cancelled') return reject('INVALID_TRANSITION', bookingErrors.cancelled);
  switch (command.kind) {
    case 'FollowConfirm':
      return state.confirmed ? accept() : accept({ type: 'BookingConfirmed', id: state.id });
    case 'FollowCancel':
      return accept({ type: 'BookingCancelled', id: state.id, by: command.by, wasConfirmed: state.confirmed, generation: state.generation });
    case 'FollowMove': {
      const startsAt = new Date(command.startsAt).toISOString();
      if (startsAt === state.startsAt && command.durationMinutes === state.durationMinutes) return accept();
      const generation = state.generation + 1;
      return accept(
        { type: 'BookingMoved', id: state.id, by: command.by, generation, startsAt, durationMinutes: command.durationMinutes },
        ...reminderEvent(state.id, generation, command.reminderAt),
      );
    }
    case 'OfferEarlier': {
      const startsAt = new Date(command.startsAt).toISOString();
      return Date.parse(startsAt) < Date.parse(state.startsAt) ? accept({ type: 'EarlierTimeOffered', id: state.id, startsAt }) : accept();
    }
  }
}

export function evolveBooking(state: BookingState, event: BookingEvent): BookingState {
  switch (event.type) {
    case 'BookingMade':
      return { status: 'active', id: event.id, appointmentId: event.appointmentId, startsAt: event.startsAt, durationMinutes: event.durationMinutes, generation: 1, confirmed: event.confirmed };
    case 'BookingConfirmed':
      return state.status === 'absent' ? state : { ...state, confirmed: true };
    case 'BookingCancelled':
      return state.status === 'absent' ? state : { ...state, status: 'cancelled' };
    case 'BookingMoved':
      return state.status === 'absent' ? state : { ...state, startsAt: event.startsAt, durationMinutes: event.durationMinutes, generation: event.generation };
    case 'BookingReminderScheduled':
    case 'EarlierTimeOffered':
      return state;
  }
}
