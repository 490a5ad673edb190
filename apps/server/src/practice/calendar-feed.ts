/**
 * Calendar sync (issue 24): a practice's appointments as a private, revocable RFC 5545 feed that
 * Google, Apple and Outlook calendars subscribe to, at `${PUBLIC_URL}/calendar/<token>.ics`.
 *
 * - The token is derived (auth/link-tokens.ts, purpose `calendar-feed`, the practice and the feed's
 *   generation); the practice row keeps only its SHA-256. A malformed token never reaches the
 *   database; a well-formed one is looked up by its hash through `practice_of_calendar_feed` (the
 *   fetching calendar has no practice for row-level security to name), then compared in constant
 *   time with the token of the practice's current generation. A regenerated or turned-off link
 *   answers 404 at once.
 * - The feed is read in a read-only transaction bound to the practice: its appointments that are
 *   not cancelled, 30 days back to 365 ahead, at most 5,000. Each event says only that the time is
 *   booked, for how long and where ("Booked — 60 min, virtual"); the patient's name only when the
 *   practice opted in, and then the read is audited. Never notes or reasons.
 */
import { calendarFeedSummary, type CalendarFeedState, type CalendarFeedStatus } from '@wellspring/domain';
import ical, { ICalEventClass, ICalEventStatus } from 'ical-generator';
import { auditAppenderOf } from '../audit/audit-appender.ts';
import { LINK_TOKEN_PATTERN, type LinkTokens } from '../auth/link-tokens.ts';
import type { Database } from '../db/client.ts';
import type { PracticeScope } from './practice-scope.ts';
import { readInPractice, type PracticeSql } from './practice-transaction.ts';

const CALENDAR_FEED_PAST_DAYS = 30;
const CALENDAR_FEED_FUTURE_DAYS = 365;
const CALENDAR_FEED_MAX_EVENTS = 5000;
/** How long a calendar (or a proxy) may keep an answer: `Cache-Control: private, max-age=300`. */
export const CALENDAR_FEED_MAX_AGE_SECONDS = 300;

const daysFrom = (at: Date, days: number): Date => new Date(at.getTime() + days * 86_400_000);

/** The feed's address for a token. */
const calendarFeedUrl = (publicUrl: string, token: string): string => `${publicUrl}/calendar/${token}.ics`;

/** The practice's feed settings, as the settings screen and the machine see them (`ctx.practice.calendarFeed`). */
export function calendarFeedRepository(sql: PracticeSql, scope: PracticeScope) {
  return {
    async state(): Promise<CalendarFeedState & { readonly tokenHash: Buffer | null }> {
      const { rows } = await sql.query<{ token_hash: Buffer | null; generation: number; shows_names: boolean }>(
        'SELECT calendar_feed_token_hash AS token_hash, calendar_feed_generation AS generation, calendar_feed_shows_names AS shows_names FROM practice WHERE id = $1',
        [scope.practiceId],
      );
      const row = rows[0];
      const tokenHash = row?.token_hash == null ? null : Buffer.from(row.token_hash);
      return { enabled: tokenHash !== null, generation: row?.generation ?? 0, showsNames: row?.shows_names ?? false, tokenHash };
    },
  };
}

/**
 * What the settings screen shows: the current link, derived again (it is never stored). A link
 * whose stored hash is not the derived token's (the link key changed) is shown as none: the screen
 * then offers to regenerate it.
 */
export function calendarFeedStatus(state: CalendarFeedState & { readonly tokenHash: Buffer | null }, practiceId: string, links: LinkTokens, publicUrl: string): CalendarFeedStatus {
  if (!state.enabled || state.tokenHash === null) return { enabled: false, url: null, showsNames: state.showsNames };
  const token = links.token('calendar-feed', practiceId, state.generation);
  return { enabled: true, url: links.hash(token).equals(state.tokenHash) ? calendarFeedUrl(publicUrl, token) : null, showsNames: state.showsNames };
}

interface FeedPracticeRow {
  readonly token_hash: Buffer | null;
  readonly generation: number;
  readonly shows_names: boolean;
}

interface FeedAppointmentRow {
  readonly id: string;
  readonly starts_at: Date;
  readonly duration_minutes: number;
  readonly mode: string;
  readonly status: string;
  readonly created_at: Date;
  readonly patient_name?: string | null;
}

/** A feed as answered: the calendar text, and what its audit needs. */
export interface CalendarFeed {
  readonly practiceId: string;
  readonly body: string;
  readonly events: number;
  readonly showsNames: boolean;
}

export interface CalendarFeedRequest {
  readonly publicUrl: string;
  readonly now: Date;
  readonly requestId: string;
  readonly sourceAddress: string | null;
}

/** The practice whose feed `token` opens, or null: a malformed token never reaches the database. */
async function practiceOfFeedToken(db: Database, links: LinkTokens, token: string): Promise<{ practiceId: string; hash: Buffer } | null> {
  if (!LINK_TOKEN_PATTERN.test(token)) return null;
  const hash = links.hash(token);
  const { rows } = await db.pool.query<{ practice_id: string | null }>('SELECT practice_of_calendar_feed($1) AS practice_id', [hash]);
  const practiceId = rows[0]?.practice_id;
  return practiceId ? { practiceId, hash } : null;
}

/** The feed of the practice `token` belongs to, or null (unknown, malformed, regenerated or turned off). */
export async function readCalendarFeed(db: Database, links: LinkTokens, token: string, request: CalendarFeedRequest): Promise<CalendarFeed | null> {
  const owner = await practiceOfFeedToken(db, links, token);
  if (!owner) return null;
  const { practiceId } = owner;
  const read = await readInPractice(db.pool, { practiceId }, async (sql) => {
    const { rows: practices } = await sql.query<FeedPracticeRow>(
      'SELECT calendar_feed_token_hash AS token_hash, calendar_feed_generation AS generation, calendar_feed_shows_names AS shows_names FROM practice WHERE id = $1',
      [practiceId],
    );
    const practice = practices[0];
    // The hash found the row; the token itself is checked in constant time against the current generation's.
    if (!practice?.token_hash || !links.matches(token, 'calendar-feed', practiceId, practice.generation)) return null;
    const from = daysFrom(request.now, -CALENDAR_FEED_PAST_DAYS);
    const until = daysFrom(request.now, CALENDAR_FEED_FUTURE_DAYS);
    // The patient's row is joined only when the practice asked for names: otherwise none is read.
    const { rows } = await sql.query<FeedAppointmentRow>(
      practice.shows_names
        ? `SELECT a.id, a.starts_at, a.duration_minutes, a.mode, a.status, a.created_at, p.name AS patient_name
           FROM appointment a JOIN patient p ON p.practice_id = a.practice_id AND p.id = a.patient_id
           WHERE a.practice_id = $1 AND a.status <> 'cancelled' AND a.starts_at >= $2 AND a.starts_at < $3
           ORDER BY a.starts_at, a.id LIMIT $4`
        : `SELECT a.id, a.starts_at, a.duration_minutes, a.mode, a.status, a.created_at
           FROM appointment a
           WHERE a.practice_id = $1 AND a.status <> 'cancelled' AND a.starts_at >= $2 AND a.starts_at < $3
           ORDER BY a.starts_at, a.id LIMIT $4`,
      [practiceId, from, until, CALENDAR_FEED_MAX_EVENTS],
    );
    return { showsNames: practice.shows_names, rows };
  });
  if (!read) return null;
  const body = calendarFeedFile(read.rows, { publicUrl: request.publicUrl, now: request.now, showsNames: read.showsNames });
  if (read.showsNames) {
    // Patients' names left the practice: one entry for the feed's read, stored before the answer leaves.
    await auditAppenderOf(db.pool).append({
      actorUserId: null,
      practiceId,
      recordType: 'calendar_feed',
      recordId: practiceId,
      patientId: null,
      action: 'list',
      requestId: request.requestId,
      sourceAddress: request.sourceAddress,
      detail: { events: read.rows.length, names: true },
    });
  }
  return { practiceId, body, events: read.rows.length, showsNames: read.showsNames };
}


/** The feed's RFC 5545 text. Times in UTC: every calendar shows them in its own zone. */
function calendarFeedFile(appointments: readonly FeedAppointmentRow[], options: { readonly publicUrl: string; readonly now: Date; readonly showsNames: boolean }): string {
  const host = new URL(options.publicUrl).hostname || 'wellspring.local';
  const calendar = ical({
    prodId: { company: 'Wellspring', product: 'Calendar feed', language: 'EN' },
    name: 'Wellspring appointments',
    // REFRESH-INTERVAL and X-PUBLISHED-TTL: how often a subscribed calendar should fetch again.
    ttl: 15 * 60,
  });
  for (const appointment of appointments) {
    calendar.createEvent({
      id: `appointment-${appointment.id}@${host}`,
      stamp: options.now,
      created: appointment.created_at,
      start: appointment.starts_at,
      end: new Date(appointment.starts_at.getTime() + appointment.duration_minutes * 60_000),
      summary: calendarFeedSummary({ durationMinutes: appointment.duration_minutes, mode: appointment.mode, patientName: options.showsNames ? (appointment.patient_name ?? null) : null }),
      status: appointment.status === 'scheduled' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
      class: ICalEventClass.PRIVATE,
      url: `${options.publicUrl}/dashboard/schedule`,
    });
  }
  return calendar.toString();
}
