/**
 * The outbox relay against a real PostgreSQL and a real local HTTP receiver: what the receiver gets,
 * retries, outages, concurrent workers, leases, dead letters.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { APPLICATION_FORM_TYPE } from '@wellspring/domain';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RelayConfig } from '../src/config.ts';
import { closeDatabase, createDatabaseClient, type Database } from '../src/db/client.ts';
import { createLogger } from '../src/logger.ts';
import { createRelay, retryDelayMs, type Relay } from '../src/outbox/relay.ts';
import { claimDueDeliveries, recordDeliveryAttempt, requeueDeadDeliveries } from '../src/repositories/outbox.repository.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { startTestServer, testConfig, trpcMutation, type TestServer } from './support/server.ts';
import { closedPort, startWebhookSink, type WebhookSink } from './support/webhook-sink.ts';

const SECRET = 'test-webhook-secret';
const RECEIVER = 'applications@wellspring.test';

let database: TestDatabase;
let server: TestServer;
let sink: WebhookSink;
const cleanups: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db, { RECEIVER_EMAIL: RECEIVER, RATE_LIMIT_APPLICATIONS_PER_MIN: '1000' });
  sink = await startWebhookSink();
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await sink?.close();
  await server?.close();
  await database?.drop();
});

function relayConfig(overrides: Partial<RelayConfig> = {}): RelayConfig {
  const base = testConfig({
    WEBHOOK_URL: sink.url,
    WEBHOOK_SECRET: SECRET,
    RECEIVER_EMAIL: RECEIVER,
    RELAY_BASE_DELAY_MS: '2',
    RELAY_MAX_DELAY_MS: '20',
    RELAY_POLL_MS: '20',
    DATA_DIR: '/tmp/wellspring-relay-test-unused',
  }).relay;
  return { ...base, ...overrides };
}

function relayOn(db: Database, overrides: Partial<RelayConfig> = {}, logger = createLogger('silent')): Relay {
  const relay = createRelay({ db, config: relayConfig(overrides), logger });
  cleanups.push(() => relay.stop({ graceMs: 0 }));
  return relay;
}

let applicantNumber = 0;
async function submitApplication(overrides: Record<string, unknown> = {}): Promise<{ applicationId: string; eventId: string }> {
  applicantNumber += 1;
  const response = await trpcMutation<{ id: string }>(server, 'applications.submit', {
    name: `Applicant ${applicantNumber}`,
    email: `applicant${applicantNumber}@example.test`,
    phone: '503-555-0142',
    specialties: 'Naturopathy, Herbalism',
    experience: '6-10',
    website: 'https://practice.example.test',
    message: 'Looking forward to it.',
    acceptTerms: true,
    ...overrides,
  });
  expect(response.status).toBe(200);
  const applicationId = response.data?.id ?? '';
  const [event] = await database.query<{ id: string }>("SELECT id::text FROM domain_event WHERE aggregate_id = $1 AND type = 'ApplicationSubmitted'", [applicationId]);
  return { applicationId, eventId: event?.id ?? '' };
}

interface OutboxRow {
  delivery_status: string;
  attempts: number;
  last_error: string | null;
  delivered_at: Date | null;
  claimed_until: Date | null;
  next_attempt_at: Date | null;
}

const outboxRow = async (eventId: string): Promise<OutboxRow | undefined> =>
  (await database.query<OutboxRow>('SELECT delivery_status, attempts, last_error, delivered_at, claimed_until, next_attempt_at FROM domain_event WHERE id = $1', [eventId]))[0];

interface AttemptRow {
  attempt: number;
  succeeded: boolean;
  status_code: number | null;
  error: string | null;
  started_at: Date;
  finished_at: Date;
}

const attemptsOf = (eventId: string): Promise<AttemptRow[]> =>
  database.query<AttemptRow>('SELECT attempt, succeeded, status_code, error, started_at, finished_at FROM delivery_attempt WHERE event_id = $1 ORDER BY attempt', [eventId]);

const applicationStatus = async (applicationId: string): Promise<string | undefined> =>
  (await database.query<{ status: string }>('SELECT status FROM practitioner_application WHERE id = $1', [applicationId]))[0]?.status;

const applicationEventTypes = async (applicationId: string): Promise<string[]> =>
  (await database.query<{ type: string }>('SELECT type FROM domain_event WHERE aggregate_id = $1 ORDER BY sequence', [applicationId])).map((row) => row.type);

/** Runs passes until `done` holds (the relay's retry delays are a few ms in these tests). */
async function passUntil(relay: Relay, done: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await relay.runOnce();
    await sleep(5);
  }
}

describe('the application webhook', () => {
  it('POSTs the spec body, signed, with the event id as the idempotency key, and records the delivery', async () => {
    const { applicationId, eventId } = await submitApplication({ name: 'Mei Chen', email: 'mei@example.test' });
    const [stored] = await database.query<{ submitted_at: Date }>('SELECT submitted_at FROM practitioner_application WHERE id = $1', [applicationId]);

    const pass = await relayOn(database.db).drain();

    expect(pass).toMatchObject({ claimed: 1, delivered: 1, retrying: 0, dead: 0 });
    expect(sink.requests).toHaveLength(1);
    const [request] = sink.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/hooks/applications');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['idempotency-key']).toBe(eventId);
    expect(request?.headers['x-wellspring-event']).toBe('ApplicationSubmitted');
    const body = JSON.parse(request?.body ?? '{}') as Record<string, unknown>;
    // docs/product.md#application, field by field and in the spec's order.
    expect(Object.keys(body)).toEqual(['name', 'email', 'phone', 'specialties', 'experience', 'website', 'message', 'acceptTerms', 'formType', 'receiverEmail', 'timestamp', 'source']);
    expect(body).toEqual({
      name: 'Mei Chen',
      email: 'mei@example.test',
      phone: '503-555-0142',
      specialties: 'Naturopathy, Herbalism',
      experience: '6-10',
      website: 'https://practice.example.test',
      message: 'Looking forward to it.',
      acceptTerms: true,
      formType: APPLICATION_FORM_TYPE,
      receiverEmail: RECEIVER,
      timestamp: stored?.submitted_at.toISOString(),
      source: server.origin,
    });
    expect(body.formType).toBe('practitioner_detailed');

    // The signature verifies over the exact bytes received.
    const signature = String(request?.headers['x-wellspring-signature']);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    const expected = `sha256=${createHmac('sha256', SECRET).update(request?.body ?? '').digest('hex')}`;
    expect(timingSafeEqual(Buffer.from(signature), Buffer.from(expected))).toBe(true);
    const forged = `sha256=${createHmac('sha256', 'another-secret').update(request?.body ?? '').digest('hex')}`;
    expect(signature).not.toBe(forged);

    expect(await outboxRow(eventId)).toMatchObject({ delivery_status: 'delivered', attempts: 1, last_error: null, claimed_until: null });
    expect((await outboxRow(eventId))?.delivered_at).toBeInstanceOf(Date);
    expect(await attemptsOf(eventId)).toMatchObject([{ attempt: 1, succeeded: true, status_code: 200, error: null }]);
    expect(await applicationStatus(applicationId)).toBe('relayed');
    expect(await applicationEventTypes(applicationId)).toEqual(['ApplicationSubmitted', 'ApplicationRelayed']);
    // The relay's own events have nothing to deliver.
    const [relayed] = await database.query<{ delivery_status: string | null }>("SELECT delivery_status FROM domain_event WHERE aggregate_id = $1 AND type = 'ApplicationRelayed'", [applicationId]);
    expect(relayed?.delivery_status).toBeNull();
  });

  it('retries a receiver that fails the first 3 attempts: one success per application, the same key and body each time', async () => {
    sink.respond = (request) => (request.tryOfKey < 3 ? { status: 500, body: 'upstream exploded' } : { status: 202 });
    const submitted = [await submitApplication(), await submitApplication()];

    const pass = await relayOn(database.db).drain();

    expect(pass).toMatchObject({ delivered: 2, retrying: 6, dead: 0 });
    for (const { applicationId, eventId } of submitted) {
      const tries = sink.requests.filter((request) => request.headers['idempotency-key'] === eventId);
      expect(tries).toHaveLength(4);
      expect(new Set(tries.map((request) => request.body)).size).toBe(1);
      expect(new Set(tries.map((request) => request.headers['x-wellspring-signature'])).size).toBe(1);
      expect(sink.successesByKey().get(eventId)).toBe(1);

      const attempts = await attemptsOf(eventId);
      expect(attempts.map(({ attempt, succeeded, status_code, error }) => ({ attempt, succeeded, status_code, error }))).toEqual([
        { attempt: 1, succeeded: false, status_code: 500, error: 'HTTP 500: upstream exploded' },
        { attempt: 2, succeeded: false, status_code: 500, error: 'HTTP 500: upstream exploded' },
        { attempt: 3, succeeded: false, status_code: 500, error: 'HTTP 500: upstream exploded' },
        { attempt: 4, succeeded: true, status_code: 202, error: null },
      ]);
      for (const attempt of attempts) expect(attempt.finished_at.getTime()).toBeGreaterThanOrEqual(attempt.started_at.getTime());
      expect(await outboxRow(eventId)).toMatchObject({ delivery_status: 'delivered', attempts: 4, last_error: null });
      expect(await applicationStatus(applicationId)).toBe('relayed');
      expect(await applicationEventTypes(applicationId)).toEqual([
        'ApplicationSubmitted',
        'ApplicationRelayFailed',
        'ApplicationRelayFailed',
        'ApplicationRelayFailed',
        'ApplicationRelayed',
      ]);
    }
  });

  it('schedules the next try with exponential backoff after a failure', async () => {
    sink.respond = () => ({ status: 503 });
    const { eventId } = await submitApplication();
    const relay = relayOn(database.db, { baseDelayMs: 60_000, maxDelayMs: 3_600_000 });

    const pass = await relay.runOnce();

    expect(pass).toMatchObject({ claimed: 1, retrying: 1 });
    const row = await outboxRow(eventId);
    const [attempt] = await attemptsOf(eventId);
    const wait = (row?.next_attempt_at?.getTime() ?? 0) - (attempt?.finished_at.getTime() ?? 0);
    // Attempt 1 failed: between half and all of base × 2^0, give or take the clock between statements.
    expect(wait).toBeGreaterThanOrEqual(30_000 - 1_000);
    expect(wait).toBeLessThanOrEqual(60_000 + 1_000);
    expect(await relay.runOnce()).toMatchObject({ claimed: 0 });
    expect(sink.requests).toHaveLength(1);
  });

  it('counts a receiver slower than RELAY_TIMEOUT_MS as a failed attempt', async () => {
    sink.respond = (request) => (request.tryOfKey === 0 ? { status: 200, delayMs: 2_000 } : { status: 200 });
    const { eventId } = await submitApplication();

    await relayOn(database.db, { timeoutMs: 200 }).drain();

    const attempts = await attemptsOf(eventId);
    expect(attempts.map(({ succeeded, error }) => ({ succeeded, error }))).toEqual([
      { succeeded: false, error: 'timed out after 200 ms' },
      { succeeded: true, error: null },
    ]);
  });

  it('loses nothing while the receiver is down, and a new relay delivers everything once it is back', async () => {
    const port = await closedPort();
    const webhookUrl = `http://127.0.0.1:${port}/hooks/applications`;
    const submitted = await Promise.all(Array.from({ length: 5 }, () => submitApplication()));
    const firstRelay = relayOn(database.db, { webhookUrl, maxAttempts: 100 });

    await passUntil(firstRelay, async () => {
      const rows = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM domain_event WHERE type = 'ApplicationSubmitted' AND attempts >= 3");
      return rows[0]?.n === submitted.length;
    });
    await firstRelay.stop();

    for (const { applicationId, eventId } of submitted) {
      const row = await outboxRow(eventId);
      expect(row?.delivery_status).toBe('pending');
      expect(row?.attempts).toBeGreaterThanOrEqual(3);
      expect(row?.last_error).toMatch(/ECONNREFUSED/);
      const attempts = await attemptsOf(eventId);
      expect(attempts).toHaveLength(row?.attempts ?? -1);
      for (const attempt of attempts) expect(attempt).toMatchObject({ succeeded: false, status_code: null, error: expect.stringMatching(/ECONNREFUSED/) as unknown });
      expect(await applicationStatus(applicationId)).toBe('relay_failed');
    }

    // The receiver comes back on the same address; a fresh relay (as after a restart) runs its loop.
    const revived = await startWebhookSink({ port });
    cleanups.push(() => revived.close());
    const secondRelay = relayOn(database.db, { webhookUrl });
    secondRelay.start();
    const deadline = Date.now() + 10_000;
    while ((await database.query<{ n: number }>("SELECT count(*)::int AS n FROM domain_event WHERE delivery_status = 'pending'"))[0]?.n !== 0) {
      if (Date.now() > deadline) throw new Error('not delivered');
      await sleep(20);
    }
    await secondRelay.stop();

    expect(revived.requests).toHaveLength(submitted.length);
    for (const { applicationId, eventId } of submitted) {
      expect(revived.countByKey().get(eventId)).toBe(1);
      expect(await outboxRow(eventId)).toMatchObject({ delivery_status: 'delivered' });
      expect(await applicationStatus(applicationId)).toBe('relayed');
    }
  });

  it('never delivers an event twice with two relays working the same database at once', async () => {
    sink.respond = () => ({ status: 200, delayMs: 20 });
    const submitted = await Promise.all(Array.from({ length: 30 }, () => submitApplication()));
    // Two servers: separate connection pools, one database.
    const otherServerDb = createDatabaseClient(database.url, { maxConnections: 5 });
    cleanups.push(() => closeDatabase(otherServerDb));
    await otherServerDb.$queryRaw`SELECT 1`;
    const relayA = relayOn(database.db, { batchSize: 3 });
    const relayB = relayOn(otherServerDb, { batchSize: 3 });

    const [passA, passB] = await Promise.all([relayA.drain(), relayB.drain()]);

    expect(passA.delivered + passB.delivered).toBe(30);
    // Both did part of the work.
    expect(passA.delivered).toBeGreaterThan(0);
    expect(passB.delivered).toBeGreaterThan(0);
    expect(sink.requests).toHaveLength(30);
    for (const { eventId } of submitted) expect(sink.countByKey().get(eventId)).toBe(1);
    const [attempts] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM delivery_attempt');
    expect(attempts?.n).toBe(30);
  });

  it('re-delivers an event whose worker died holding the lease, once the lease runs out', async () => {
    const { eventId } = await submitApplication();
    // A worker claims the event with a short lease and dies before sending or recording anything.
    const [crashedClaim] = await claimDueDeliveries(database.db, { types: ['ApplicationSubmitted'], limit: 10, leaseMs: 1_000 });
    expect(crashedClaim?.id).toBe(eventId);
    const relay = relayOn(database.db);

    expect(await relay.runOnce()).toMatchObject({ claimed: 0 });
    await sleep(1_100);
    await relay.drain();

    expect(sink.countByKey().get(eventId)).toBe(1);
    expect(await outboxRow(eventId)).toMatchObject({ delivery_status: 'delivered', attempts: 1 });

    // The dead worker's late report is refused: its lease is gone.
    const late = await database.db.$transaction((tx) =>
      recordDeliveryAttempt(tx, crashedClaim!, { startedAt: new Date(), finishedAt: new Date(), succeeded: false, statusCode: 500, error: 'late' }, { maxAttempts: 8, retryDelayMs: 1 }),
    );
    expect(late).toEqual({ kind: 'lease_lost' });
    expect(await outboxRow(eventId)).toMatchObject({ delivery_status: 'delivered', attempts: 1, last_error: null });
    expect(await attemptsOf(eventId)).toHaveLength(1);
  });

  it('abandons an in-flight delivery when stopped, handing the lease back without counting an attempt', async () => {
    sink.respond = (request) => (request.tryOfKey === 0 ? { status: 200, delayMs: 5_000 } : { status: 200 });
    const { eventId } = await submitApplication();
    const relay = relayOn(database.db);
    relay.start();
    while (sink.requests.length === 0) await sleep(10);

    const stoppedAt = Date.now();
    await relay.stop({ graceMs: 50 });

    expect(Date.now() - stoppedAt).toBeLessThan(2_000);
    expect(await outboxRow(eventId)).toMatchObject({ delivery_status: 'pending', attempts: 0, claimed_until: null });
    expect(await attemptsOf(eventId)).toEqual([]);
    await relayOn(database.db).drain();
    expect(await outboxRow(eventId)).toMatchObject({ delivery_status: 'delivered', attempts: 1 });
  });

  it('wakes on a submit instead of waiting for its next poll', async () => {
    const relay = relayOn(database.db, { pollMs: 60_000 });
    relay.start();
    await sleep(50);

    const { eventId } = await submitApplication();

    const deadline = Date.now() + 5_000;
    while (sink.countByKey().get(eventId) !== 1) {
      if (Date.now() > deadline) throw new Error('the relay was not woken');
      await sleep(10);
    }
  });
});

describe('dead letters', () => {
  it('dead-letters after RELAY_MAX_ATTEMPTS, and a requeue delivers it', async () => {
    sink.respond = () => ({ status: 503, body: 'maintenance' });
    const { applicationId, eventId } = await submitApplication();
    const relay = relayOn(database.db, { maxAttempts: 3 });

    const pass = await relay.drain();

    expect(pass).toMatchObject({ delivered: 0, retrying: 2, dead: 1 });
    expect(await outboxRow(eventId)).toMatchObject({ delivery_status: 'dead', attempts: 3, last_error: 'HTTP 503: maintenance' });
    expect((await attemptsOf(eventId)).map((attempt) => attempt.succeeded)).toEqual([false, false, false]);
    expect(await applicationStatus(applicationId)).toBe('relay_failed');
    // Dead letters are left alone.
    expect(await relay.drain()).toMatchObject({ claimed: 0 });
    expect(sink.requests).toHaveLength(3);

    sink.respond = () => ({ status: 200 });
    expect(await requeueDeadDeliveries(database.db)).toEqual([eventId]);
    expect(await outboxRow(eventId)).toMatchObject({ delivery_status: 'pending', attempts: 0, last_error: 'HTTP 503: maintenance' });
    await relay.drain();

    expect(await outboxRow(eventId)).toMatchObject({ delivery_status: 'delivered', attempts: 1, last_error: null });
    expect((await attemptsOf(eventId)).map(({ attempt, succeeded }) => ({ attempt, succeeded }))).toEqual([
      { attempt: 1, succeeded: false },
      { attempt: 2, succeeded: false },
      { attempt: 3, succeeded: false },
      { attempt: 4, succeeded: true },
    ]);
    expect(sink.successesByKey().get(eventId)).toBe(1);
    expect(await applicationStatus(applicationId)).toBe('relayed');
    expect(await requeueDeadDeliveries(database.db)).toEqual([]);
  });

  it('requeues only the ids asked for', async () => {
    sink.respond = () => ({ status: 410 });
    const first = await submitApplication();
    const second = await submitApplication();
    await relayOn(database.db, { maxAttempts: 1 }).drain();

    expect(await requeueDeadDeliveries(database.db, [second.eventId])).toEqual([second.eventId]);

    expect((await outboxRow(first.eventId))?.delivery_status).toBe('dead');
    expect((await outboxRow(second.eventId))?.delivery_status).toBe('pending');
  });
});

describe('without WEBHOOK_URL', () => {
  it('leaves applications pending without counting attempts, and warns once', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const { eventId } = await submitApplication();
    const relay = relayOn(database.db, { webhookUrl: undefined }, logger);

    for (let pass = 0; pass < 3; pass += 1) expect(await relay.runOnce()).toMatchObject({ claimed: 0 });
    await submitApplication();
    await relay.drain();

    expect(await outboxRow(eventId)).toMatchObject({ delivery_status: 'pending', attempts: 0, last_error: null, claimed_until: null });
    expect(await attemptsOf(eventId)).toEqual([]);
    expect(sink.requests).toEqual([]);
    expect(lines.filter((line) => line.includes('WEBHOOK_URL is not set'))).toHaveLength(1);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base, stays within the cap, and jitters within the upper half', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1000, 60_000, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1000, 60_000, () => 0.999_999))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(30, 1000, 60_000, () => 0.999_999)).toBe(60_000);
    expect(retryDelayMs(30, 1000, 60_000, () => 0)).toBe(30_000);
  });
});
