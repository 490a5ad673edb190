/**
 * The practice behind a public listing, as online booking sees it (issue 24): its booking settings
 * and time zone, the session types a patient may choose, and why a booking or a hold was refused.
 * Read by the booking router, the holds (booking-holds.ts) and the booking itself (online-booking.ts).
 */
import type { BookingSettings, SessionType, SlotRefusal } from '@wellspring/domain';
import type { Database } from '../db/client.ts';
import { parseBookingSettings } from './booking-busy.ts';

/** A listing's practice and its booking settings (parsed; null when never saved or no longer valid). */
export interface ListingBooking {
  readonly practiceId: string;
  readonly practitionerName: string;
  readonly timeZone: string;
  readonly settings: BookingSettings | null;
}

/** The practice behind the public listing `practitionerId`, or null when no practice owns it. */
export async function listingBooking(db: Database, practitionerId: string): Promise<ListingBooking | null> {
  const { rows } = await db.pool.query<{ practice_id: string; name: string; time_zone: string; booking_settings: unknown }>(
    `SELECT p.id AS practice_id, l.name, p.time_zone, p.booking_settings
     FROM practice p JOIN practitioner l ON l.id = p.practitioner_id
     WHERE p.practitioner_id = $1`,
    [practitionerId],
  );
  const row = rows[0];
  if (!row) return null;
  return { practiceId: row.practice_id, practitionerName: row.name, timeZone: row.time_zone, settings: parseBookingSettings(row.booking_settings, row.time_zone) };
}

/** The session types a patient may choose, when booking is on. */
export const bookableSessionTypes = (booking: ListingBooking | null): readonly SessionType[] =>
  booking?.settings?.enabled ? booking.settings.sessionTypes : [];

/** A booking the rules or the guard refused: why, in the domain's words. */
export class BookingRefused extends Error {
  constructor(readonly reason: SlotRefusal | 'new-patients-only') {
    super(reason);
  }
}
