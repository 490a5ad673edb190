/**
 * Calendar sync (issue 24): a practice's private, revocable ICS feed. Fetched over HTTP like a
 * calendar app would and read back with ical.js: no patient names by default, names only after the
 * explicit opt-in (and then the read is audited), the old link dead at once after a regeneration or
 * when the feed is turned off, another practice's feed never showing this one's appointments, and
 * the token stored only hashed and never logged.
 */
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_TOKEN_PATTERN } from '../src/auth/link-tokens.ts';
import { createLogger } from '../src/logger.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { addAppointment, addPatient, createPractitioner, type TestPractitioner } from './support/practice-factory.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let database: TestDatabase;
let server: TestServer;
const logLines: string[] = [];
let owner: TestPractitioner;
let other: TestPractitioner;
const patientName = 'Feed Patient Marigold';
const appointments: Record<'virtualScheduled' | 'inPersonConfirmed' | 'completed' | 'cancelled' | 'longAgo' | 'tooFar', string> = {
  virtualScheduled: '',
  inPersonConfirmed: '',
  completed: '',
  cancelled: '',
  longAgo: '',
  tooFar: '',
};
const DAY = 86_400_000;

beforeAll(async () => {
  database = await createTestDatabase();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter((line) => line !== ''));
      done();
    },
  });
  server = await startTestServer(database.db, {}, { logger: createLogger('info', sink) });
  owner = await createPractitioner(database.db, { name: 'Dr. Feed Owner' });
  other = await createPractitioner(database.db, { name: 'Dr. Feed Other' });
  const patientId = await addPatient(database.db, owner.practiceId, { name: patientName, email: 'marigold@example.com' });
  const now = Date.now();
  appointments.virtualScheduled = await addAppointment(database.db, owner.practiceId, patientId, { startsAt: new Date(now + 2 * DAY), durationMinutes: 60, mode: 'virtual', status: 'scheduled' });
  appointments.inPersonConfirmed = await addAppointment(database.db, owner.practiceId, patientId, { startsAt: new Date(now + 3 * DAY), durationMinutes: 45, mode: 'in-person', status: 'confirmed' });
  appointments.completed = await addAppointment(database.db, owner.practiceId, patientId, { startsAt: new Date(now - 5 * DAY), durationMinutes: 30, mode: 'in-person', status: 'completed' });
  appointments.cancelled = await addAppointment(database.db, owner.practiceId, patientId, { startsAt: new Date(now + 4 * DAY), mode: 'virtual', status: 'cancelled' });
  appointments.longAgo = await addAppointment(database.db, owner.practiceId, patientId, { startsAt: new Date(now - 40 * DAY), status: 'completed' });
  appointments.tooFar = await addAppointment(database.db, owner.practiceId, patientId, { startsAt: new Date(now + 400 * DAY), status: 'scheduled' });
  // Clinical text that no feed may ever carry.
  await database.query(`UPDATE appointment SET notes = 'Private reason: migraines' WHERE practice_id = $1`, [owner.practiceId]);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

/** The feed at `url` (whatever origin PUBLIC_URL gave it), fetched from the test server. */
const fetchFeed = (url: string) => {
  const { pathname } = new URL(url);
  return fetch(`${server.baseUrl}${pathname}`);
};

interface FeedEvent {
  readonly uid: string;
  readonly summary: string;
  readonly status: string;
  readonly start: Date;
  readonly end: Date;
}

function parseFeed(text: string): { name: string; events: FeedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return { uid: event.uid, summary: event.summary, status: String(vevent.getFirstPropertyValue('status')), start: event.startDate.toJSDate(), end: event.endDate.toJSDate() };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), events };
}

const storedFeed = async (practiceId: string) =>
  (await database.query<{ calendar_feed_token_hash: Buffer | null; calendar_feed_generation: number; calendar_feed_shows_names: boolean }>(
    'SELECT calendar_feed_token_hash, calendar_feed_generation, calendar_feed_shows_names FROM practice WHERE id = $1',
    [practiceId],
  ))[0];

const tokenOf = (url: string): string => /\/calendar\/([^/]+)\.ics$/.exec(url)?.[1] ?? '';

describe('calendar feed', () => {
  it('has no link until one is created; the link is a private token stored only hashed', async () => {
    expect(await owner.caller.calendarFeed.status()).toEqual({ enabled: false, url: null, showsNames: false });
    const status = await owner.caller.calendarFeed.enable();
    expect(status.enabled).toBe(true);
    expect(status.showsNames).toBe(false);
    expect(status.url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const token = tokenOf(status.url ?? '');
    expect(token).toMatch(LINK_TOKEN_PATTERN);
    // The same link every time the screen asks; creating again changes nothing.
    expect(await owner.caller.calendarFeed.status()).toEqual(status);
    expect(await owner.caller.calendarFeed.enable()).toEqual(status);
    const stored = await storedFeed(owner.practiceId);
    expect(Buffer.from(stored?.calendar_feed_token_hash ?? []).equals(createHash('sha256').update(token).digest())).toBe(true);
    const practiceRow = JSON.stringify(await database.query('SELECT * FROM practice WHERE id = $1', [owner.practiceId]));
    expect(practiceRow).not.toContain(token);
  });

  it('serves the practice\'s appointments as RFC 5545 without patient names, notes or cancelled ones', async () => {
    const { url } = await owner.caller.calendarFeed.status();
    const response = await fetchFeed(url ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    const text = await response.text();
    expect(text).not.toContain(patientName);
    expect(text).not.toContain('Marigold');
    expect(text).not.toContain('migraines');
    const feed = parseFeed(text);
    expect(feed.name).toBe('Wellspring appointments');
    const byUid = new Map(feed.events.map((event) => [event.uid, event]));
    const uid = (id: string) => `appointment-${id}@localhost`;
    expect([...byUid.keys()].toSorted()).toEqual([appointments.virtualScheduled, appointments.inPersonConfirmed, appointments.completed].map(uid).toSorted());
    expect(byUid.get(uid(appointments.virtualScheduled))).toMatchObject({ summary: 'Booked — 60 min, virtual', status: 'TENTATIVE' });
    expect(byUid.get(uid(appointments.inPersonConfirmed))).toMatchObject({ summary: 'Booked — 45 min, in person', status: 'CONFIRMED' });
    expect(byUid.get(uid(appointments.completed))).toMatchObject({ summary: 'Booked — 30 min, in person', status: 'CONFIRMED' });
    const confirmed = byUid.get(uid(appointments.inPersonConfirmed));
    expect((confirmed?.end.getTime() ?? 0) - (confirmed?.start.getTime() ?? 0)).toBe(45 * 60_000);
    // Reading the feed without names is no read of patient data: no audit entry.
    expect(await database.query(`SELECT id FROM audit_entry WHERE practice_id = $1 AND record_type = 'calendar_feed' AND action = 'list'`, [owner.practiceId])).toEqual([]);
  });

  it('shows patients\' names only after the opt-in, and audits each such read', async () => {
    const shown = await owner.caller.calendarFeed.setShowsNames({ showsNames: true });
    expect(shown.showsNames).toBe(true);
    expect((await storedFeed(owner.practiceId))?.calendar_feed_shows_names).toBe(true);
    const text = await (await fetchFeed(shown.url ?? '')).text();
    const summaries = parseFeed(text).events.map((event) => event.summary).toSorted();
    expect(summaries).toEqual([`${patientName} — 30 min, in person`, `${patientName} — 45 min, in person`, `${patientName} — 60 min, virtual`]);
    expect(text).not.toContain('migraines');
    const reads = await database.query<{ actor_user_id: string | null; record_id: string; detail: unknown }>(
      `SELECT actor_user_id, record_id, detail FROM audit_entry WHERE practice_id = $1 AND record_type = 'calendar_feed' AND action = 'list'`,
      [owner.practiceId],
    );
    expect(reads).toEqual([{ actor_user_id: null, record_id: owner.practiceId, detail: { events: 3, names: true } }]);

    const hidden = await owner.caller.calendarFeed.setShowsNames({ showsNames: false });
    expect(hidden).toEqual({ ...shown, showsNames: false });
    expect(await (await fetchFeed(hidden.url ?? '')).text()).not.toContain(patientName);
    const changes = await database.query(`SELECT action FROM audit_entry WHERE practice_id = $1 AND record_type = 'calendar_feed' AND action = 'update'`, [owner.practiceId]);
    // enable (twice: the second changed nothing but was a call), show, hide.
    expect(changes).toHaveLength(4);
  });

  it('regenerates the link: the old one answers 404 at once, the new one works', async () => {
    const before = await owner.caller.calendarFeed.status();
    const after = await owner.caller.calendarFeed.regenerate();
    expect(after.url).not.toBe(before.url);
    expect(after.url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const old = await fetchFeed(before.url ?? '');
    expect(old.status).toBe(404);
    expect(await old.text()).toBe('Not found\n');
    expect((await fetchFeed(after.url ?? '')).status).toBe(200);
    const events = await database.query<{ type: string; payload: unknown }>(
      `SELECT type, payload FROM domain_event WHERE aggregate_type = 'calendar_feed' AND aggregate_id = $1 ORDER BY occurred_at, sequence`,
      [owner.practiceId],
    );
    expect(events.map((event) => event.type)).toEqual(['CalendarFeedEnabled', 'CalendarFeedNamesSet', 'CalendarFeedNamesSet', 'CalendarFeedRegenerated']);
    expect(events.at(-1)?.payload).toEqual({ type: 'CalendarFeedRegenerated', generation: 2 });
    expect(JSON.stringify(events)).not.toContain(patientName);
  });

  it('turns the feed off (404), and a link made again is new: no earlier one comes back', async () => {
    const before = await owner.caller.calendarFeed.status();
    expect(await owner.caller.calendarFeed.disable()).toEqual({ enabled: false, url: null, showsNames: false });
    expect((await storedFeed(owner.practiceId))?.calendar_feed_token_hash).toBeNull();
    expect((await fetchFeed(before.url ?? '')).status).toBe(404);
    await expect(owner.caller.calendarFeed.regenerate()).rejects.toMatchObject({ code: 'PRECONDITION_FAILED' });
    const again = await owner.caller.calendarFeed.enable();
    expect(again.url).not.toBe(before.url);
    expect((await fetchFeed(before.url ?? '')).status).toBe(404);
    expect((await fetchFeed(again.url ?? '')).status).toBe(200);
  });

  it('answers unknown and malformed links with the same bare 404', async () => {
    const { url } = await owner.caller.calendarFeed.status();
    const token = tokenOf(url ?? '');
    for (const path of [
      `/calendar/${'A'.repeat(43)}.ics`,
      `/calendar/${token.slice(0, 42)}.ics`,
      `/calendar/${token}x.ics`,
      `/calendar/${token}.ical`,
      `/calendar/${token}`,
      `/calendar/${encodeURIComponent("' OR 1=1 --")}.ics`,
      '/calendar/.ics',
    ]) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toBe('Not found\n');
    }
  });

  it('never shows one practice\'s appointments in another\'s feed', async () => {
    const otherPatient = await addPatient(database.db, other.practiceId, { name: 'Other Practice Patient' });
    const otherAppointment = await addAppointment(database.db, other.practiceId, otherPatient, { startsAt: new Date(Date.now() + DAY), mode: 'virtual', status: 'confirmed' });
    expect(await other.caller.calendarFeed.status()).toEqual({ enabled: false, url: null, showsNames: false });
    await other.caller.calendarFeed.setShowsNames({ showsNames: true });
    const theirs = await other.caller.calendarFeed.enable();
    const ours = await owner.caller.calendarFeed.status();
    expect(theirs.url).not.toBe(ours.url);
    const text = await (await fetchFeed(theirs.url ?? '')).text();
    expect(parseFeed(text).events.map((event) => event.uid)).toEqual([`appointment-${otherAppointment}@localhost`]);
    for (const id of Object.values(appointments)) expect(text).not.toContain(id);
    expect(text).not.toContain(patientName);
    // The owner's settings are untouched by the other practice's changes.
    expect((await storedFeed(owner.practiceId))?.calendar_feed_shows_names).toBe(false);
  });

  it('never writes a feed token to the log', async () => {
    const { url } = await owner.caller.calendarFeed.status();
    const token = tokenOf(url ?? '');
    await fetchFeed(url ?? '');
    const log = logLines.join('\n');
    expect(log).toContain('/calendar/[redacted]');
    expect(log).not.toContain(token);
  });
});
