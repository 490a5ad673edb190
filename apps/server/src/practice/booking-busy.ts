/**
 * What online booking reads of a practice's calendar: its busy time (free/busy only, never who) and
 * its booking settings, inside a transaction already bound to the practice.
 */
import { bookingSettingsSchema, type BookingSettings, type BusyInterval } from '@wellspring/domain';
import type { PracticeSql } from './practice-transaction.ts';

const DAY_MS = 86_400_000;

/**
 * The practice's busy time that may touch [from, to): its open appointments' times and the times
 * patients hold while they fill the form (but `except`, the appointment being moved), merged where
 * they overlap or meet (`range_agg`), so a full day is one interval however many fill it. Only times,
 * never who.
 */
export async function busyBetween(sql: PracticeSql, practiceId: string, from: Date, to: Date, except: string | null = null): Promise<BusyInterval[]> {
  const { rows } = await sql.query<{ starts_at: Date; ends_at: Date }>({
    name: 'booking-busy',
    text: `SELECT lower(span) AS starts_at, upper(span) AS ends_at
           FROM (
             SELECT unnest(range_agg(span)) AS span
             FROM (
               SELECT tstzrange(starts_at, starts_at + make_interval(mins => duration_minutes), '[)') AS span
               FROM appointment
               WHERE practice_id = $1 AND status <> 'cancelled' AND starts_at < $3 AND starts_at > $2::timestamptz - interval '1 day'
                 AND ($4::text IS NULL OR id <> $4::text)
               UNION ALL
               SELECT tstzrange(starts_at, starts_at + make_interval(mins => duration_minutes), '[)')
               FROM booking_hold
               WHERE practice_id = $1 AND expires_at > clock_timestamp() AND starts_at < $3 AND starts_at > $2::timestamptz - interval '1 day'
             ) spans
           ) merged
           ORDER BY 1`,
    values: [practiceId, from, to, except],
  });
  return rows.map((row) => ({ startsAt: row.starts_at, endsAt: row.ends_at }));
}

/** The window of instants the settings can offer slots in, from now (a day of margin each side). */
export function horizonWindow(settings: Pick<BookingSettings, 'horizonDays'>, now: Date): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - DAY_MS), to: new Date(now.getTime() + (settings.horizonDays + 2) * DAY_MS) };
}

/** Parses stored settings in the practice's zone; null when never saved or no longer valid. */
export function parseBookingSettings(stored: unknown, timeZone: string): BookingSettings | null {
  if (stored == null) return null;
  const parsed = bookingSettingsSchema.safeParse(stored);
  // The practice's zone is the one in force (the settings screen saves both together).
  return parsed.success ? { ...parsed.data, timeZone } : null;
}

/** The practice's booking settings, read in its transaction. */
export async function practiceBookingSettings(sql: PracticeSql, practiceId: string): Promise<BookingSettings | null> {
  const { rows } = await sql.query<{ booking_settings: unknown; time_zone: string }>({
    name: 'booking-settings-of-practice',
    text: 'SELECT booking_settings, time_zone FROM practice WHERE id = $1',
    values: [practiceId],
  });
  const row = rows[0];
  return row ? parseBookingSettings(row.booking_settings, row.time_zone) : null;
}
