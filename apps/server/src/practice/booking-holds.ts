/**
 * Short holds on a time (issue 24): a patient who chooses a time keeps it from every other patient
 * (and from the no-double-booking guard's point of view, from any appointment) for
 * `BOOKING_HOLD_MINUTES` while they fill the form; booking it turns the hold into the appointment.
 * The database refuses a hold where an open appointment or another hold is (the guard's trigger,
 * record 0033), so two patients can never hold one time. A hold names no one: a practice, a time,
 * an expiry. Its id (128 random bits) is the patient's claim on it.
 */
import { randomBytes } from 'node:crypto';
import { BOOKING_HOLD_MINUTES, slotRefusal, type BookingHoldInput } from '@wellspring/domain';
import type { Database, DatabaseTransaction } from '../db/client.ts';
import { isDoubleBooking } from '../db/errors.ts';
import { busyBetween, horizonWindow } from './booking-busy.ts';
import { BookingRefused, type ListingBooking } from './booking-listing.ts';
import { inPractice, sqlOf } from './practice-transaction.ts';

export interface PlacedHold {
  readonly holdId: string;
  readonly expiresAt: string;
}

/** Drops the practice's expired holds and the hold `id`, if given (a patient's previous choice, or a hold being booked). */
export async function releaseHolds(tx: DatabaseTransaction, practiceId: string, id: string | null): Promise<void> {
  await tx.$executeRaw`DELETE FROM booking_hold WHERE practice_id = ${practiceId} AND (expires_at <= clock_timestamp() OR id = ${id})`;
}

/** Holds `startsAt` for the session type, or throws `BookingRefused` (the rules', or 'taken'). */
export async function placeHold(db: Database, booking: ListingBooking, input: BookingHoldInput, now: Date): Promise<PlacedHold> {
  const settings = booking.settings;
  if (!settings?.enabled) throw new BookingRefused('booking-off');
  const sessionType = settings.sessionTypes.find((type) => type.id === input.sessionTypeId);
  if (!sessionType) throw new BookingRefused('unknown-session-type');
  const holdId = randomBytes(16).toString('base64url');
  try {
    return await inPractice(db, { practiceId: booking.practiceId }, async (tx) => {
      await releaseHolds(tx, booking.practiceId, input.release ?? null);
      const window = horizonWindow(settings, now);
      const busy = await busyBetween(sqlOf(tx), booking.practiceId, window.from, window.to);
      const refusal = slotRefusal({ settings, sessionTypeId: sessionType.id, busy, now, startsAt: input.startsAt });
      if (refusal) throw new BookingRefused(refusal);
      const [row] = await tx.$queryRaw<{ expires_at: Date }[]>`
        INSERT INTO booking_hold (id, practice_id, starts_at, duration_minutes, buffer_before_minutes, buffer_after_minutes, expires_at)
        VALUES (${holdId}, ${booking.practiceId}, ${new Date(input.startsAt)}, ${sessionType.durationMinutes}, ${settings.bufferBeforeMinutes}, ${settings.bufferAfterMinutes},
                clock_timestamp() + make_interval(mins => ${BOOKING_HOLD_MINUTES}))
        RETURNING expires_at`;
      return { holdId, expiresAt: (row?.expires_at ?? new Date()).toISOString() };
    });
  } catch (error) {
    if (isDoubleBooking(error)) throw new BookingRefused('taken');
    throw error;
  }
}
