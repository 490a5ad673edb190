/**
 * Two servers, one database (issue 27, record 0040): two real server processes on ports of their
 * own, on one PostgreSQL, as behind a load balancer. What a user or an operator would check: a
 * session made on one works on the other; sign-in and booking limits count on both together; a
 * directory change is seen at once on both; the outbox relay sends each e-mail once with both
 * running, and once when the server holding it is killed mid-send; a reminder goes out once; 20
 * bookings of one time spread over both give one appointment.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { authMessages, defaultBookingSettings, type BookingSettings, type DirectoryProfile, type OpenSlot } from '@wellspring/domain';
import pg from 'pg';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { eventually } from './support/eventually.ts';
import { createPractitioner, publishBookableListing, type TestPractitioner } from './support/practice-factory.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';
import { sessionCookieFrom, trpcMutation, trpcQuery, type Endpoint } from './support/server.ts';
import { readableMail, startSmtpSink, type SmtpSink } from './support/smtp-sink.ts';

let database: TestDatabase;
let smtp: SmtpSink;
let dataDir: string;
let serverA: ServerProcess;
let serverB: ServerProcess;
let practitioner: TestPractitioner;
let listingId: string;

/** Long enough that a held delivery of the surviving server does not time out before it is released. */
const RELAY_TIMEOUT_MS = 5_000;
const RELAY_LEASE_MARGIN_MS = 500;
const RELAY_POLL_MS = 200;
/** Events a relay claims per pass: with deliveries held, each server holds exactly this many. */
const RELAY_BATCH_SIZE = 2;
const SIGN_IN_MAX = 4;
const BOOKINGS_PER_ADDRESS_MAX = 3;

const settings: BookingSettings = {
  ...defaultBookingSettings('America/Chicago'),
  enabled: true,
  minimumNoticeMinutes: 0,
  horizonDays: 30,
  slotStepMinutes: 30,
  reminder: '24h',
  sessionTypes: [{ id: 'visit', name: 'Visit', durationMinutes: 30, priceMinor: 5000, mode: 'virtual', newPatientsOnly: false, description: '', approval: 'auto' }],
};

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpSink();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wellspring-cluster-'));
  // What every server behind one load balancer shares: the database, the audit key (sessions' links
  // and sealed secrets derive from it), the mail relay, the proxy in front.
  const shared = {
    DATABASE_URL: database.url,
    DATABASE_OWNER_URL: database.ownerUrl,
    AUDIT_HMAC_KEY: randomBytes(32).toString('hex'),
    SEED_DEMO: '0',
    SEED_DEMO_DIRECTORY: '0',
    WEB_DIST_DIR: '/nonexistent/wellspring-web-dist',
    TRUST_PROXY: '1',
    SMTP_URL: smtp.url,
    RELAY_POLL_MS: String(RELAY_POLL_MS),
    RELAY_TIMEOUT_MS: String(RELAY_TIMEOUT_MS),
    RELAY_LEASE_MARGIN_MS: String(RELAY_LEASE_MARGIN_MS),
    RELAY_BATCH_SIZE: String(RELAY_BATCH_SIZE),
    RELAY_BASE_DELAY_MS: '200',
    RATE_LIMIT_SIGN_IN_MAX: String(SIGN_IN_MAX),
    RATE_LIMIT_SIGN_IN_PER_ADDRESS_MAX: '1000',
    RATE_LIMIT_SIGN_UP_MAX: '1000',
    RATE_LIMIT_BOOKINGS_PER_ADDRESS_MAX: String(BOOKINGS_PER_ADDRESS_MAX),
    RATE_LIMIT_BOOKINGS_PER_EMAIL_MAX: '1000',
    DATABASE_POOL_MAX: '8',
  };
  const own = (name: string) => ({ DATA_DIR: path.join(dataDir, name), AUDIT_ANCHOR_FILE: path.join(dataDir, `${name}-anchors.jsonl`) });
  // Started together, as a deployment starts them: both migrate and seed the same database.
  [serverA, serverB] = await Promise.all([startServerProcess({ ...shared, ...own('a') }), startServerProcess({ ...shared, ...own('b') })]);
  practitioner = await createPractitioner(database.db, { name: 'Dr. Cluster', timeZone: 'America/Chicago' });
  listingId = await publishBookableListing(practitioner, 'Chicago, IL', settings);
}, 90_000);

afterAll(async () => {
  await Promise.all([serverA?.stop(), serverB?.stop()]);
  smtp?.release();
  await smtp?.close();
  await database?.drop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const input = (value: unknown) => encodeURIComponent(JSON.stringify(superjson.serialize(value)));
const query = <Data>(on: Endpoint, procedure: string, value: unknown, cookie?: string) => trpcQuery<Data>(on, `${procedure}?input=${input(value)}`, { cookie });
/** A client as the load balancer passes it on: its address in the last X-Forwarded-For entry. */
const from = (address: string, cookie?: string) => ({ headers: { 'x-forwarded-for': address }, cookie });

let visitor = 0;
function bookingForm(startsAt: string) {
  visitor += 1;
  return { practitionerId: listingId, sessionTypeId: 'visit', startsAt, name: `Pat Cluster ${visitor}`, email: `pat.cluster.${visitor}@example.com`, phone: '', reason: 'Sleep trouble', consent: true, notifyEarlier: false };
}

/**
 * Open times, as the booking page reads them (from either server: both see the same calendar),
 * from two days on: each booking's reminder (a day before) is then scheduled, not already past.
 */
async function openTimes(on: Endpoint): Promise<string[]> {
  const answer = await query<{ slots: OpenSlot[] }>(on, 'booking.slots', { practitionerId: listingId, sessionTypeId: 'visit', days: 14 });
  const twoDays = Date.now() + 2 * 86_400_000;
  return (answer.data?.slots ?? []).map((slot) => slot.startsAt).filter((startsAt) => Date.parse(startsAt) > twoDays);
}

const eventIdOf = (raw: string) => /^X-Wellspring-Event-Id: *(\S+)/im.exec(raw)?.[1] ?? 'none';

/** Each event id the mail relay accepted, with how many times. */
function receivedCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of smtp.messages) counts.set(eventIdOf(message.raw), (counts.get(eventIdOf(message.raw)) ?? 0) + 1);
  return counts;
}

/** Until nothing is due in the outbox or held under a lease: every due e-mail has been tried. */
async function outboxSettled(timeoutMs = 15_000): Promise<void> {
  const busy = await eventually(
    async () =>
      (
        await database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM domain_event
           WHERE delivery_status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= now() OR claimed_until > now())`,
        )
      )[0]?.n ?? -1,
    0,
    timeoutMs,
  );
  expect(busy, `outbox still busy:\n${serverA.log()}\n${serverB.log()}`).toBe(0);
}

describe('two servers on one database', () => {
  it('accepts on one server a session made on the other, and ends it on both at sign-out', async () => {
    const email = `cluster.${randomBytes(4).toString('hex')}@example.com`;
    const password = 'correct horse battery staple';
    expect((await trpcMutation(serverA, 'auth.signUp', { name: 'Dr. Two Servers', email, password })).status).toBe(200);
    const signedIn = await trpcMutation(serverA, 'auth.signIn', { email, password });
    const cookie = sessionCookieFrom(signedIn.headers)?.header;
    expect(cookie).toBeDefined();

    const onB = await trpcQuery<{ user: { email: string } | null }>(serverB, 'auth.me', { cookie });
    expect(onB.data?.user?.email).toBe(email);
    expect((await trpcMutation(serverB, 'auth.signOut', undefined, { cookie })).status).toBe(200);
    expect((await trpcQuery<{ user: null }>(serverA, 'auth.me', { cookie })).data?.user).toBeNull();
  });

  it('counts failed sign-ins and bookings on both servers together', async () => {
    const email = `limited.${randomBytes(4).toString('hex')}@example.com`;
    await trpcMutation(serverA, 'auth.signUp', { name: 'Dr. Limited', email, password: 'the right password here' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < SIGN_IN_MAX + 2; attempt += 1) {
      const on = attempt % 2 === 0 ? serverA : serverB;
      statuses.push((await trpcMutation(on, 'auth.signIn', { email, password: 'a wrong guess' }, from(`198.51.100.${attempt + 1}`))).status);
    }
    expect(statuses).toEqual([...Array<number>(SIGN_IN_MAX).fill(401), 429, 429]);
    const refused = await trpcMutation(serverB, 'auth.signIn', { email, password: 'the right password here' }, from('198.51.100.99'));
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toBe(authMessages.tooManyAttempts);

    // One address books at most BOOKINGS_PER_ADDRESS_MAX times an hour, whichever server it reaches.
    const times = await openTimes(serverA);
    const answers = [];
    for (let index = 0; index <= BOOKINGS_PER_ADDRESS_MAX; index += 1) {
      const on = index % 2 === 0 ? serverB : serverA;
      answers.push(await trpcMutation(on, 'booking.book', bookingForm(times[index * 2]!), from('203.0.113.7')));
    }
    expect(answers.map((answer) => answer.status)).toEqual([...Array<number>(BOOKINGS_PER_ADDRESS_MAX).fill(200), 429]);
    expect(answers.at(-1)?.error?.message).toBe('Too many bookings. Please try again later.');
  });

  it('shows a directory change on both servers at once, though each serves the profile from its own cache', async () => {
    const profile = async (on: Endpoint) => (await query<DirectoryProfile>(on, 'practitioners.byId', { id: listingId })).data?.shortBio;
    expect(await profile(serverA)).toBe('Books online.');
    expect(await profile(serverB)).toBe('Books online.');
    // A write that tells no one (triggers off, so no NOTIFY): both keep answering from memory.
    const owner = new pg.Client({ connectionString: database.ownerUrl });
    await owner.connect();
    try {
      await owner.query('BEGIN');
      await owner.query("SET LOCAL session_replication_role = 'replica'");
      await owner.query("UPDATE practitioner SET short_bio = 'Written behind the caches.' WHERE id = $1", [listingId]);
      await owner.query('COMMIT');
    } finally {
      await owner.end();
    }
    expect(await profile(serverA)).toBe('Books online.');
    expect(await profile(serverB)).toBe('Books online.');

    // The practitioner edits the listing through server A: server B drops its copy too.
    const saved = await trpcMutation(
      serverA,
      'profile.save',
      {
        name: 'Dr. Cluster',
        location: 'Chicago, IL',
        shortBio: 'Now on two servers.',
        about: 'An about text that is long enough for the profile editor to accept it as it is.',
        yearsExperience: '7',
        specialties: ['Naturopathy'],
        profileImage: null,
      },
      { cookie: practitioner.cookie },
    );
    expect(saved.status).toBe(200);
    expect(await eventually(() => profile(serverB), 'Now on two servers.', 2_000)).toBe('Now on two servers.');
    expect(await profile(serverA)).toBe('Now on two servers.');
  });

  it('gives one of 20 concurrent bookings of one time spread over both servers; the other 19 hear it was just taken', async () => {
    const [time] = await openTimes(serverB);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => trpcMutation(index % 2 === 0 ? serverA : serverB, 'booking.book', bookingForm(time!), from(`192.0.2.${index + 1}`))),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => answer.status)).toEqual(Array<number>(19).fill(409));
    for (const answer of refused) expect(answer.error?.message).toBe('That time was just taken — please choose another');
    expect(await database.query('SELECT count(*)::int AS n FROM appointment WHERE practice_id = $1 AND starts_at = $2', [practitioner.practiceId, time])).toEqual([{ n: 1 }]);
    // Whichever server took it, both pickers drop the time (each server's calendar cache heard the write).
    for (const on of [serverA, serverB]) expect(await eventually(() => openTimes(on), (times) => !times.includes(time!), 2_000)).not.toContain(time);
  });

  it('sends each e-mail of the outbox once, with both relays running', async () => {
    await outboxSettled();
    const events = await database.query<{ id: string; attempts: number }>(
      `SELECT e.id::text, (SELECT count(*)::int FROM delivery_attempt a WHERE a.event_id = e.id) AS attempts
       FROM domain_event e WHERE e.delivery_status = 'delivered'`,
    );
    // Sign-ups' confirmation links, the lock notice, the bookings' confirmations: all sent, none twice.
    expect(events.length).toBeGreaterThanOrEqual(6);
    const counts = receivedCounts();
    expect([...counts.values()].every((count) => count === 1), JSON.stringify([...counts])).toBe(true);
    for (const event of events) expect(event.attempts).toBe(1);
    expect([...counts.keys()].every((id) => events.some((event) => event.id === id))).toBe(true);
  });

  it("opens a booking's e-mailed manage link on either server: both sign links with the one shared key", async () => {
    await outboxSettled();
    const token = smtp.messages.map((message) => /\/bookings\/manage(?:\?[^#\s]*)?#([A-Za-z0-9_-]{43})/.exec(readableMail(message.raw))?.[1]).find((each) => each !== undefined);
    expect(token).toBeDefined();
    for (const on of [serverA, serverB]) {
      const managed = await query<{ startsAt: string }>(on, 'booking.manage', { token });
      expect(managed.status).toBe(200);
      expect(Date.parse(managed.data?.startsAt ?? '')).toBeGreaterThan(Date.now());
    }
  });

  it('sends due reminders once, with both relays looking for them', async () => {
    const reminders = await database.query<{ id: string }>("SELECT id::text FROM domain_event WHERE type = 'BookingReminderScheduled' AND delivery_status = 'pending'");
    expect(reminders.length).toBeGreaterThanOrEqual(3);
    // The day before comes (the test cannot wait for it): all at once, for both servers' next poll.
    await database.query("UPDATE domain_event SET next_attempt_at = now() WHERE type = 'BookingReminderScheduled' AND delivery_status = 'pending'");
    await outboxSettled();
    // A few more polls of both relays: nothing goes out again.
    await new Promise((resolve) => setTimeout(resolve, 3 * RELAY_POLL_MS));
    const counts = receivedCounts();
    for (const reminder of reminders) expect(counts.get(reminder.id)).toBe(1);
    const subjects = smtp.messages
      .filter((message) => reminders.some((reminder) => reminder.id === eventIdOf(message.raw)))
      .map((message) => /^Subject: (.*)$/m.exec(readableMail(message.raw))?.[1]);
    expect(subjects).toEqual(Array<string>(reminders.length).fill('Reminder: your appointment with Dr. Cluster'));
  });

  it('sends once what a server was sending when it was killed: the other takes it over when the lease runs out', async () => {
    // Six more bookings with their reminders, from six addresses; their confirmations go out first.
    const times = (await openTimes(serverA)).slice(0, 6);
    for (const [index, time] of times.entries()) {
      const answer = await trpcMutation(index % 2 === 0 ? serverA : serverB, 'booking.book', bookingForm(time), from(`198.18.0.${index + 1}`));
      expect(answer.status).toBe(200);
    }
    await outboxSettled();
    const reminders = await database.query<{ id: string }>("SELECT id::text FROM domain_event WHERE type = 'BookingReminderScheduled' AND delivery_status = 'pending'");
    expect(reminders).toHaveLength(6);

    // The mail relay slows to a stop: each server claims a batch, starts sending it, and waits.
    smtp.hold();
    await database.query("UPDATE domain_event SET next_attempt_at = now() WHERE type = 'BookingReminderScheduled' AND delivery_status = 'pending'");
    expect(await eventually(async () => smtp.heldCount(), 2 * RELAY_BATCH_SIZE, 5_000)).toBe(2 * RELAY_BATCH_SIZE);
    await serverA.kill();
    // Server A's connections close unanswered: nothing it was sending was accepted. Server B's is.
    expect(await eventually(async () => smtp.heldFromGone(), RELAY_BATCH_SIZE, 2_000)).toBe(RELAY_BATCH_SIZE);
    expect(smtp.release()).toBe(RELAY_BATCH_SIZE);

    // Server B sends the rest, and, once their leases have run out, what server A held.
    await outboxSettled(RELAY_TIMEOUT_MS + RELAY_LEASE_MARGIN_MS + 10_000);
    const counts = receivedCounts();
    expect(reminders.map((reminder) => counts.get(reminder.id))).toEqual(Array<number>(6).fill(1));
    const attempts = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM delivery_attempt WHERE event_id = ANY($1::uuid[])', [reminders.map((reminder) => reminder.id)]);
    expect(attempts).toEqual([{ n: 6 }]);
    // And server B alone serves on.
    expect((await fetch(`${serverB.baseUrl}/healthz`)).status).toBe(200);
  }, 45_000);
});
