/**
 * The booking aggregate (the domain's booking machine) on the command runner: its row in `booking`,
 * locked within the practice. Every event is an e-mail to the patient, delivered by the outbox relay
 * (outbox/booking-mail.ts); a reminder is due at its time. The manage link's token is never stored:
 * the row keeps its hash at the booking's generation, none once cancelled (auth/link-tokens.ts).
 */
import { bookingEventSchema, decideBooking, evolveBooking, initialBooking, type BookingCommand, type BookingEvent, type BookingState } from '@wellspring/domain';
import type { LinkTokens } from '../auth/link-tokens.ts';
import type { CommandMachine } from '../commands/run-command.ts';
import type { PracticeScope } from './practice-scope.ts';

/** What a new booking holds besides the machine's state. */
export interface BookingDetails {
  readonly sessionTypeId: string;
  readonly sessionTypeName: string;
  readonly notifyEarlier: boolean;
}

interface LockedBookingRow {
  id: string;
  appointment_id: string;
  status: string;
  confirmed: boolean;
  starts_at: Date;
  duration_minutes: number;
  generation: number;
}

/** The hash a booking's manage token is found by, at `generation`. */
const manageTokenHash = (links: LinkTokens, bookingId: string, generation: number): Buffer => links.hash(links.token('manage-booking', bookingId, generation));

export function bookingCommands(scope: PracticeScope, links: LinkTokens, details?: BookingDetails): CommandMachine<BookingState, BookingCommand, BookingEvent> {
  return {
    aggregateType: 'booking',
    eventSchema: bookingEventSchema,
    async load(tx, id) {
      const [row] = await tx.$queryRaw<LockedBookingRow[]>`
        SELECT id, appointment_id, status, confirmed, starts_at, duration_minutes, generation
        FROM booking WHERE practice_id = ${scope.practiceId} AND id = ${id} FOR UPDATE`;
      if (!row) return initialBooking;
      return {
        status: row.status === 'cancelled' ? 'cancelled' : 'active',
        id: row.id,
        appointmentId: row.appointment_id,
        startsAt: row.starts_at.toISOString(),
        durationMinutes: row.duration_minutes,
        generation: row.generation,
        confirmed: row.confirmed,
      };
    },
    decide: (state, command) => decideBooking(state, command),
    evolve: evolveBooking,
    async save(tx, { before, after, aggregateId }) {
      if (after.status === 'absent') return undefined;
      const tokenHash = after.status === 'cancelled' ? null : manageTokenHash(links, aggregateId, after.generation);
      if (before.status === 'absent') {
        if (!details) throw new Error('bookingCommands: a new booking needs its session type');
        await tx.$executeRaw`
          INSERT INTO booking (id, practice_id, appointment_id, session_type_id, session_type_name, status, confirmed, starts_at, duration_minutes, generation, manage_token_hash, notify_earlier)
          VALUES (${aggregateId}, ${scope.practiceId}, ${after.appointmentId}, ${details.sessionTypeId}, ${details.sessionTypeName}, ${after.status}, ${after.confirmed},
                  ${new Date(after.startsAt)}, ${after.durationMinutes}, ${after.generation}, ${tokenHash}, ${details.notifyEarlier})`;
        return undefined;
      }
      await tx.$executeRaw`
        UPDATE booking SET status = ${after.status}, confirmed = ${after.confirmed}, starts_at = ${new Date(after.startsAt)},
          duration_minutes = ${after.durationMinutes}, generation = ${after.generation}, manage_token_hash = ${tokenHash}
        WHERE practice_id = ${scope.practiceId} AND id = ${aggregateId}`;
      return undefined;
    },
    // Each event is an e-mail to the patient; a reminder waits for its time.
    toStoredEvent: (event) => ({
      type: event.type,
      payload: { ...event },
      delivery: 'pending',
      ...(event.type === 'BookingReminderScheduled' ? { deliverAt: new Date(event.sendAt) } : {}),
    }),
  };
}
