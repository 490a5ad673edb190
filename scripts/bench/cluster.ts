// Two servers, one database (issue 27, record 0040): two real server processes (ports 3281 and 3282)
// on one bench PostgreSQL database, as behind a load balancer. Prints what the cluster test checks
// (apps/server/test/cluster.int.test.ts), as observations, then the throughput and latency of two
// reads — a cached directory search and a signed-in `auth.me` (a session read in the database each
// time) — from 32 clients on one server, and spread 16 + 16 over both.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import superjson from 'superjson';
import { defaultBookingSettings, type BookingSettings } from '@wellspring/domain';
import { startSmtpSink, type SmtpSink } from '../../apps/server/test/support/smtp-sink.ts';
import { bookablePractice } from './booking.ts';
import { searchWorkload, summarize, type LatencyResult } from './directory.ts';
import { benchServerDatabaseEnv, createBenchDatabase, dropBenchDatabase, startServer, stopServer, waitForHealthy } from './lib.ts';
import { trpcPath } from './practice.ts';

const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 5);
const PORTS = [3281, 3282] as const;
const RELAY_BATCH_SIZE = 2;
const RELAY_TIMEOUT_MS = 3_000;
const RELAY_LEASE_MARGIN_MS = 500;

interface Check {
  readonly label: string;
  readonly holds: boolean;
  readonly detail: string;
}

interface ReadResult {
  readonly oneServer: LatencyResult;
  readonly twoServers: LatencyResult;
}

export interface ClusterBenchResult {
  readonly checks: readonly Check[];
  readonly search: ReadResult;
  readonly me: ReadResult;
  /** From the commit of a listing change to both servers answering with it. */
  readonly invalidationMs: number;
  /** From the kill to the last of the dead server's e-mails sent by the other. */
  readonly takeoverMs: number;
}

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: { result?: { data: { json: unknown } }; error?: { json: { message: string } } };
}

async function call(baseUrl: string, procedure: string, input: unknown, options: { post?: boolean; cookie?: string; address?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': options.address ?? '127.0.0.1' };
  if (options.cookie) headers.cookie = options.cookie;
  const response = options.post
    ? await fetch(`${baseUrl}/api/trpc/${procedure}`, { method: 'POST', headers, body: JSON.stringify(superjson.serialize(input)) })
    : await fetch(`${baseUrl}${trpcPath(procedure, input)}`, { headers });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer['body'] };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` every 5 ms until `done`, or `timeoutMs`; answers the milliseconds it took, or NaN. */
async function timeUntil(read: () => Promise<boolean>, timeoutMs = 20_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await read()) return performance.now() - started;
    await sleep(5);
  }
  return Number.NaN;
}

const eventIdOf = (raw: string) => /^X-Wellspring-Event-Id: *(\S+)/im.exec(raw)?.[1] ?? 'none';

function receivedCounts(smtp: SmtpSink): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of smtp.messages) counts.set(eventIdOf(message.raw), (counts.get(eventIdOf(message.raw)) ?? 0) + 1);
  return counts;
}

/** 32 clients for DURATION_S over `baseUrls` (connections split evenly), after WARMUP_S unrecorded. */
async function spread(baseUrls: readonly string[], nextPath: () => string, headers: Record<string, string>): Promise<LatencyResult> {
  const runOn = (baseUrl: string, duration: number, onResponse: (ms: number, status: number) => void) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        { url: baseUrl, connections: CONNECTIONS / baseUrls.length, duration, headers, requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath() }) }] },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      instance.on('response', (_client, statusCode, _bytes, responseTime) => onResponse(responseTime, statusCode));
    });
  if (WARMUP_S > 0) await Promise.all(baseUrls.map((baseUrl) => runOn(baseUrl, WARMUP_S, () => undefined)));
  const latencies: number[] = [];
  let failures = 0;
  await Promise.all(baseUrls.map((baseUrl) => runOn(baseUrl, DURATION_S, (ms, status) => (status === 200 ? latencies.push(ms) : (failures += 1)))));
  return summarize(latencies, failures, DURATION_S);
}

export async function measureCluster(): Promise<ClusterBenchResult> {
  const name = 'wellspring_bench_cluster';
  const databaseUrl = await createBenchDatabase(name);
  const env = await benchServerDatabaseEnv(databaseUrl);
  const smtp = await startSmtpSink();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wellspring-bench-cluster-'));
  const shared = {
    ...env,
    AUDIT_HMAC_KEY: randomBytes(32).toString('hex'),
    TRUST_PROXY: '1',
    SMTP_URL: smtp.url,
    RELAY_POLL_MS: '200',
    RELAY_BATCH_SIZE: String(RELAY_BATCH_SIZE),
    RELAY_TIMEOUT_MS: String(RELAY_TIMEOUT_MS),
    RELAY_LEASE_MARGIN_MS: String(RELAY_LEASE_MARGIN_MS),
    RATE_LIMIT_SIGN_IN_MAX: '4',
    RATE_LIMIT_BOOKINGS_PER_ADDRESS_MAX: '3',
    DATABASE_POOL_MAX: '10',
  };
  const servers = PORTS.map((port) => startServer({ ...shared, PORT: String(port), DATA_DIR: path.join(dataDir, String(port)) }));
  const [a, b] = PORTS.map((port) => `http://127.0.0.1:${port}`) as [string, string];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const checks: Check[] = [];
  const check = (label: string, holds: boolean, detail: string) => checks.push({ label, holds, detail });
  try {
    console.log('  cluster bench: starting two servers…');
    await Promise.all([waitForHealthy(a, 180_000), waitForHealthy(b, 180_000)]);

    // A listing that takes bookings (bookablePractice's zone is America/Chicago).
    const settings: BookingSettings = {
      ...defaultBookingSettings('America/Chicago'),
      enabled: true,
      minimumNoticeMinutes: 0,
      horizonDays: 60,
      slotStepMinutes: 30,
      reminder: '24h',
      sessionTypes: [{ id: 'visit', name: 'Visit', durationMinutes: 30, priceMinor: 5000, mode: 'virtual', newPatientsOnly: false, description: '', approval: 'auto' }],
    };
    await bookablePractice(pool, 'bench-cluster', settings);
    const slotsAnswer = await call(a, 'booking.slots', { practitionerId: 'bench-cluster', sessionTypeId: 'visit', days: 14 });
    // From two days on: every booking then has its reminder (a day before) still to come.
    const twoDays = Date.now() + 2 * 86_400_000;
    const slots = ((slotsAnswer.body.result?.data.json as { slots?: { startsAt: string }[] } | undefined)?.slots ?? []).map((slot) => slot.startsAt).filter((startsAt) => Date.parse(startsAt) > twoDays);
    if (slots.length < 30) throw new Error(`cluster bench: ${slots.length} open times two days on or later (booking.slots answered ${slotsAnswer.status}); 30 needed`);
    let nextSlot = 0;
    let visitor = 0;
    const book = (on: string, startsAt: string, address: string) => {
      visitor += 1;
      const form = { practitionerId: 'bench-cluster', sessionTypeId: 'visit', startsAt, name: `Bench Visitor ${visitor}`, email: `visitor.${visitor}@example.com`, phone: '', reason: '', consent: true, notifyEarlier: false };
      return call(on, 'booking.book', form, { post: true, address });
    };
    const outboxSettled = () =>
      timeUntil(async () => {
        const { rows } = await pool.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM domain_event WHERE delivery_status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= now() OR claimed_until > now())",
        );
        return rows[0]?.n === 0;
      }, 30_000);

    // A session made on A, used on B.
    const email = `cluster.${randomUUID()}@example.com`;
    await call(a, 'auth.signUp', { name: 'Dr. Bench Cluster', email, password: 'correct horse battery staple' }, { post: true });
    const signedIn = await call(a, 'auth.signIn', { email, password: 'correct horse battery staple' }, { post: true });
    const cookie = /^(session=[^;]*)/.exec(signedIn.headers.getSetCookie().find((line) => line.startsWith('session=')) ?? '')?.[1] ?? '';
    const me = await call(b, 'auth.me', undefined, { cookie });
    check('a session made on A works on B', (me.body.result?.data.json as { user?: { email: string } | null })?.user?.email === email, `auth.me on B: ${me.status}`);

    // Failed sign-ins to one account, alternating A and B, and bookings from one address.
    const target = `limited.${randomUUID()}@example.com`;
    await call(a, 'auth.signUp', { name: 'Dr. Limited', email: target, password: 'the right password here' }, { post: true });
    const signInStatuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) signInStatuses.push((await call(attempt % 2 === 0 ? a : b, 'auth.signIn', { email: target, password: 'wrong' }, { post: true, address: `198.51.100.${attempt + 1}` })).status);
    check('sign-in limit (4 per account) counted over both', signInStatuses.join(',') === '401,401,401,401,429,429', `statuses A,B,A,B…: ${signInStatuses.join(' ')}`);
    const bookingStatuses: number[] = [];
    for (let index = 0; index < 4; index += 1) bookingStatuses.push((await book(index % 2 === 0 ? b : a, slots[nextSlot++]!, '203.0.113.7')).status);
    check('booking limit (3 per address) counted over both', bookingStatuses.join(',') === '200,200,200,429', `statuses B,A,B,A: ${bookingStatuses.join(' ')}`);

    // The listing read on both (cached), a write no one hears (triggers off), then a real change.
    const bio = async (on: string) => ((await call(on, 'practitioners.byId', { id: 'bench-cluster' })).body.result?.data.json as { shortBio?: string } | undefined)?.shortBio;
    await Promise.all([bio(a), bio(b)]);
    const owner = new pg.Client({ connectionString: databaseUrl });
    await owner.connect();
    await owner.query("BEGIN; SET LOCAL session_replication_role = 'replica'; UPDATE practitioner SET short_bio = 'Unheard.' WHERE id = 'bench-cluster'; COMMIT");
    const cachedOnBoth = (await bio(a)) === 'Books online.' && (await bio(b)) === 'Books online.';
    await owner.query("UPDATE practitioner SET short_bio = 'Changed.' WHERE id = 'bench-cluster'");
    const invalidationMs = await timeUntil(async () => (await bio(a)) === 'Changed.' && (await bio(b)) === 'Changed.', 5_000);
    await owner.end();
    check('a directory change invalidates both caches', cachedOnBoth && Number.isFinite(invalidationMs), `served from cache on both before; both show the change ${invalidationMs.toFixed(0)} ms after its commit`);

    // 20 concurrent bookings of one time, alternating A and B.
    const contested = slots[nextSlot++]!;
    const contestedStatuses = await Promise.all(Array.from({ length: 20 }, async (_, index) => (await book(index % 2 === 0 ? a : b, contested, `192.0.2.${index + 1}`)).status));
    const successes = contestedStatuses.filter((status) => status === 200).length;
    const conflicts = contestedStatuses.filter((status) => status === 409).length;
    check('20 concurrent bookings of one time over both: one success', successes === 1 && conflicts === 19, `${successes} × 200, ${conflicts} × 409, others ${20 - successes - conflicts}`);

    // Twelve more bookings (their confirmations), then their reminders made due at once.
    for (let index = 0; index < 12; index += 1) await book(index % 2 === 0 ? a : b, slots[nextSlot++]!, `198.18.0.${index + 1}`);
    await outboxSettled();
    const delivered = await pool.query<{ id: string; attempts: number }>(
      "SELECT e.id::text, (SELECT count(*)::int FROM delivery_attempt d WHERE d.event_id = e.id) AS attempts FROM domain_event e WHERE e.delivery_status = 'delivered'",
    );
    const counts = receivedCounts(smtp);
    check(
      'the outbox sends each e-mail once with both relays',
      [...counts.values()].every((count) => count === 1) && delivered.rows.every((row) => row.attempts === 1),
      `${delivered.rows.length} events delivered, ${smtp.messages.length} e-mails received, ${counts.size} distinct`,
    );
    const reminders = (await pool.query<{ id: string }>("SELECT id::text FROM domain_event WHERE type = 'BookingReminderScheduled' AND delivery_status = 'pending'")).rows;
    await pool.query("UPDATE domain_event SET next_attempt_at = now() WHERE type = 'BookingReminderScheduled' AND delivery_status = 'pending'");
    await outboxSettled();
    await sleep(1_000);
    const afterReminders = receivedCounts(smtp);
    check('reminders are sent once', reminders.length > 0 && reminders.every((reminder) => afterReminders.get(reminder.id) === 1), `${reminders.length} reminders made due; each received ${[...new Set(reminders.map((reminder) => afterReminders.get(reminder.id) ?? 0))].join('/')} time(s)`);

    // Reads: 32 clients on A, then 16 on A and 16 on B.
    console.log('  cluster bench: reads…');
    const workload = searchWorkload();
    const searchPaths = workload.pool.map((input) => trpcPath('directory.search', input));
    let counter = 0;
    const nextSearch = () => searchPaths[workload.sequence[counter++ % workload.sequence.length] ?? 0] ?? '/';
    const search = { oneServer: await spread([a], nextSearch, {}), twoServers: await spread([a, b], nextSearch, {}) };
    const signedInAgain = await call(a, 'auth.signIn', { email, password: 'correct horse battery staple' }, { post: true });
    const meCookie = /^(session=[^;]*)/.exec(signedInAgain.headers.getSetCookie().find((line) => line.startsWith('session=')) ?? '')?.[1] ?? '';
    const mePath = trpcPath('auth.me', undefined);
    const meResult = { oneServer: await spread([a], () => mePath, { cookie: meCookie }), twoServers: await spread([a, b], () => mePath, { cookie: meCookie }) };

    // Last: six more bookings, their reminders due while the mail relay holds every message; A is
    // killed with its batch unanswered; B sends the rest, then A's once its leases run out.
    for (let index = 0; index < 6; index += 1) await book(index % 2 === 0 ? a : b, slots[nextSlot++]!, `198.19.0.${index + 1}`);
    await outboxSettled();
    const held = (await pool.query<{ id: string }>("SELECT id::text FROM domain_event WHERE type = 'BookingReminderScheduled' AND delivery_status = 'pending'")).rows;
    smtp.hold();
    await pool.query("UPDATE domain_event SET next_attempt_at = now() WHERE type = 'BookingReminderScheduled' AND delivery_status = 'pending'");
    await timeUntil(async () => smtp.heldCount() >= 2 * RELAY_BATCH_SIZE, 10_000);
    const heldBeforeKill = smtp.heldCount();
    const killed = new Promise((resolve) => servers[0]!.once('exit', resolve));
    servers[0]!.kill('SIGKILL');
    await killed;
    await timeUntil(async () => smtp.heldFromGone() >= RELAY_BATCH_SIZE, 2_000);
    const dropped = smtp.release();
    const killedAt = performance.now();
    await timeUntil(async () => held.every((event) => receivedCounts(smtp).has(event.id)), 30_000);
    const takeoverMs = performance.now() - killedAt;
    await outboxSettled();
    const afterKill = receivedCounts(smtp);
    check(
      'killed mid-delivery: the survivor sends what the dead one held, once',
      dropped > 0 && held.every((event) => afterKill.get(event.id) === 1),
      `${heldBeforeKill} held when A was killed, ${dropped} of them A's (never accepted); all ${held.length} received once, the last ${(takeoverMs / 1000).toFixed(1)} s after the kill (lease ${(RELAY_TIMEOUT_MS + RELAY_LEASE_MARGIN_MS) / 1000} s)`,
    );
    return { checks, search, me: meResult, invalidationMs, takeoverMs };
  } finally {
    smtp.release();
    await pool.end();
    await Promise.all(servers.map((server) => stopServer(server)));
    await smtp.close();
    await dropBenchDatabase(name);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const line = (label: string, result: LatencyResult) =>
  `  ${label.padEnd(40)} ${Math.round(result.requestsPerSec).toString().padStart(6)} req/s   p50 ${result.p50Ms} ms   p95 ${result.p95Ms} ms   p99 ${result.p99Ms} ms   failures ${result.failures}`;

export function printClusterReport(result: ClusterBenchResult): void {
  console.log(`\n## Two servers, one database (ports ${PORTS.join(' and ')}); reads: ${CONNECTIONS} clients, ${DURATION_S} s each`);
  for (const each of result.checks) console.log(`  ${each.holds ? 'yes' : 'NO '}  ${each.label} — ${each.detail}`);
  console.log(line('directory.search, one server', result.search.oneServer));
  console.log(line('directory.search, two servers (16 + 16)', result.search.twoServers));
  console.log(line('auth.me signed in, one server', result.me.oneServer));
  console.log(line('auth.me signed in, two servers (16 + 16)', result.me.twoServers));
}
