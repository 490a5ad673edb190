import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import superjson from 'superjson';
import { closeDatabase, createDatabaseClient } from '../src/db/client.ts';
import { isUniqueViolation } from '../src/db/errors.ts';
import { countRateLimitHit } from '../src/repositories/rate-limit.repository.ts';
import { startTestServer, trpcMutation, type TestServer } from './support/server.ts';
import { randomUUID } from 'node:crypto';
import { IdempotencyKeyTaken, idempotentRequests } from '../src/commands/idempotency.ts';
import { runCreation } from '../src/commands/run-command.ts';
import { waitlistJoin } from '../src/commands/waitlist.commands.ts';

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('waitlist.join', () => {
  it('stores the entry and a WaitlistJoined event in domain_event', async () => {
    const response = await trpcMutation<{ id: string }>(server, 'waitlist.join', { name: 'Ada Lovelace', email: 'Ada@Example.com', type: 'practitioner' });

    expect(response.status).toBe(200);
    const id = response.data?.id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await database.query<{ email: string; name: string; type: string }>('SELECT email, name, type::text FROM waitlist WHERE id = $1', [id]);
    expect(rows).toEqual([{ email: 'Ada@Example.com', name: 'Ada Lovelace', type: 'practitioner' }]);
    const events = await database.query<{ type: string; aggregate_type: string; payload: Record<string, unknown>; delivery_status: string | null }>(
      'SELECT type, aggregate_type, payload, delivery_status FROM domain_event WHERE aggregate_id = $1',
      [id],
    );
    expect(events).toEqual([
      {
        type: 'WaitlistJoined',
        aggregate_type: 'waitlist_entry',
        payload: { type: 'WaitlistJoined', id, email: 'Ada@Example.com', name: 'Ada Lovelace', waitlistType: 'practitioner' },
        delivery_status: null,
      },
    ]);
  });

  it('refuses the same email in another letter case with 409 "Email already registered"', async () => {
    await trpcMutation(server, 'waitlist.join', { name: 'Grace Hopper', email: 'grace@navy.mil', type: 'patient' });

    const duplicate = await trpcMutation(server, 'waitlist.join', { name: 'Grace H', email: '  GRACE@Navy.MIL ', type: 'practitioner' });

    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.data.code).toBe('CONFLICT');
    expect(duplicate.error?.message).toBe('Email already registered');
    const rows = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM waitlist WHERE lower(email) = 'grace@navy.mil'");
    expect(rows[0]?.n).toBe(1);
  });

  it('still refuses the duplicate after a server restart', async () => {
    await trpcMutation(server, 'waitlist.join', { name: 'Alan Turing', email: 'alan@bletchley.uk', type: 'patient' });
    const restarted = await startTestServer(database.db);
    try {
      const duplicate = await trpcMutation(restarted, 'waitlist.join', { name: 'Alan Turing', email: 'ALAN@bletchley.uk', type: 'patient' });
      expect(duplicate.status).toBe(409);
      expect(duplicate.error?.message).toBe('Email already registered');
    } finally {
      await restarted.close();
    }
  });

  it('keeps one row when the same email races in concurrently, and answers the losers with CONFLICT', async () => {
    const attempts = await Promise.all(
      ['race@example.com', 'RACE@example.com', 'Race@Example.com', 'race@EXAMPLE.com', 'rAce@example.com', 'raCe@example.com'].map((email) =>
        trpcMutation(server, 'waitlist.join', { name: 'Racing Person', email, type: 'patient' }),
      ),
    );

    expect(attempts.map((attempt) => attempt.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const loser of attempts.filter((attempt) => attempt.status === 409)) expect(loser.error?.message).toBe('Email already registered');
    const rows = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM waitlist WHERE lower(email) = 'race@example.com'");
    expect(rows[0]?.n).toBe(1);
  });

  it('recognises the database unique violation that decides a race (lower(email) index)', async () => {
    // Two transactions that both passed the read check: the second insert is refused by the index.
    await database.db.waitlistEntry.create({ data: { email: 'direct@example.com', name: 'Direct', type: 'patient' } });
    const error = await database.db.waitlistEntry
      .create({ data: { email: 'DIRECT@example.com', name: 'Direct', type: 'patient' } })
      .then(() => undefined, (caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error('something else'))).toBe(false);
  });

  it('answers a batched call (the web client uses httpBatchLink) with one result per call', async () => {
    const response = await fetch(`${server.baseUrl}/api/trpc/waitlist.join,waitlist.join?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin },
      body: JSON.stringify({
        0: superjson.serialize({ name: 'Batch One', email: 'batch-one@example.com', type: 'patient' }),
        1: superjson.serialize({ name: 'Batch Two', email: 'not-an-email', type: 'patient' }),
      }),
    });

    const body = (await response.json()) as [
      { result?: { data: { json: { id: string } } } },
      { error?: { json: { message: string; data: { code: string; fieldErrors: Record<string, string[]> } } } },
    ];
    expect(response.status, JSON.stringify(body)).toBe(207);
    expect(body[0].result?.data.json.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body[1].error?.json.data.code).toBe('BAD_REQUEST');
    expect(body[1].error?.json.data.fieldErrors).toEqual({ email: ['Please enter a valid email address.'] });
  });

  it('answers bad input with 400 and the domain field messages, never 500', async () => {
    const response = await trpcMutation(server, 'waitlist.join', { name: 'A', email: 'not-an-email', type: 'patient' });

    expect(response.status).toBe(400);
    expect(response.error?.data.code).toBe('BAD_REQUEST');
    expect(response.error?.data.fieldErrors).toEqual({
      name: ['Full name must be at least 2 characters.'],
      email: ['Please enter a valid email address.'],
    });
  });

  it('answers a missing or malformed body with 400', async () => {
    expect((await trpcMutation(server, 'waitlist.join', undefined)).status).toBe(400);
    expect((await trpcMutation(server, 'waitlist.join', { name: 'Ada Lovelace', email: 'a@b.co', type: 'doctor' })).status).toBe(400);
    const malformed = await fetch(`${server.baseUrl}/api/trpc/waitlist.join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin },
      body: '{"json": {',
    });
    expect(malformed.status).toBe(400);
  });

  it('answers a body over 100 KB with 413', async () => {
    const response = await fetch(`${server.baseUrl}/api/trpc/waitlist.join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin },
      body: JSON.stringify({ json: { name: 'x'.repeat(200 * 1024), email: 'big@example.com', type: 'patient' } }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    const rows = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM waitlist WHERE email = 'big@example.com'");
    expect(rows[0]?.n).toBe(0);
  });

  it('answers a body over 100 KB that is not declared as JSON with 413 as well', async () => {
    const response = await fetch(`${server.baseUrl}/api/trpc/waitlist.join`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: server.origin },
      body: 'x'.repeat(200 * 1024),
    });
    expect(response.status).toBe(413);
  });
});

describe('waitlist.join with an Idempotency-Key (the web client sends one with each submission)', () => {
  const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });
  const keyRows = (key: string) => database.query<{ response: unknown }>('SELECT response FROM idempotency_key WHERE key = $1', [key]);

  it('claims the key with the entry and replays the stored answer to a retry', async () => {
    const key = randomUUID();
    const input = { name: 'Mary Somerville', email: 'mary@example.com', type: 'patient' };

    const first = await trpcMutation<{ id: string }>(server, 'waitlist.join', input, withKey(key));
    const retry = await trpcMutation<{ id: string }>(server, 'waitlist.join', input, withKey(key));

    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.data?.id).toBe(first.data?.id);
    expect(await keyRows(key)).toEqual([{ response: { json: { id: first.data?.id } } }]);
    const rows = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM waitlist WHERE email = 'mary@example.com'");
    expect(rows[0]?.n).toBe(1);
  });

  it('claims no key for a join refused as a duplicate: a refused command writes nothing', async () => {
    await trpcMutation(server, 'waitlist.join', { name: 'Emmy Noether', email: 'emmy@example.com', type: 'patient' });
    const key = randomUUID();

    const duplicate = await trpcMutation(server, 'waitlist.join', { name: 'Emmy Noether', email: 'EMMY@example.com', type: 'patient' }, withKey(key));

    expect(duplicate.status).toBe(409);
    expect(await keyRows(key)).toEqual([]);
  });

  it('stores neither the entry nor its event when another request claimed the key first', async () => {
    // The key was claimed between this request's lookup and its write (a concurrent retry): the
    // claim in the join's statement violates the key's primary key and aborts the whole statement.
    const key = randomUUID();
    const claim = { scope: 'visitor:test', key, procedure: 'waitlist.join', fingerprint: 'f'.repeat(64) };
    await database.query('INSERT INTO idempotency_key (scope, key, procedure, fingerprint, created_at) VALUES ($1, $2, $3, $4, now())', [claim.scope, key, claim.procedure, claim.fingerprint]);
    const id = randomUUID();
    const deps = { db: database.db, actor: { userId: null }, requestId: null, now: new Date() };

    const outcome = await idempotentRequests
      .run({ ...claim, claimed: false }, () => runCreation(deps, waitlistJoin, id, { kind: 'Join', id, input: { name: 'Sophie Germain', email: 'sophie@example.com', type: 'patient' } }))
      .then(() => undefined, (caught: unknown) => caught);

    expect(outcome).toBeInstanceOf(IdempotencyKeyTaken);
    expect(await database.query('SELECT id FROM waitlist WHERE id = $1', [id])).toEqual([]);
    expect(await database.query('SELECT id FROM domain_event WHERE aggregate_id = $1', [id])).toEqual([]);
  });
});

describe('waitlist.invite', () => {
  it('stores the invite and a pending InviteSent event for the outbox', async () => {
    const response = await trpcMutation<{ id: string }>(server, 'waitlist.invite', { yourName: 'Ada Lovelace', friendEmail: 'Friend@Example.com', waitlistType: 'patient' });

    expect(response.status).toBe(200);
    const id = response.data?.id;
    const invites = await database.query('SELECT friend_email, your_name, waitlist_type::text FROM waitlist_invite WHERE id = $1', [id]);
    expect(invites).toEqual([{ friend_email: 'friend@example.com', your_name: 'Ada Lovelace', waitlist_type: 'patient' }]);
    const events = await database.query<{ type: string; delivery_status: string; attempts: number; next_attempt_at: Date | null; payload: Record<string, unknown> }>(
      'SELECT type, delivery_status, attempts, next_attempt_at, payload FROM domain_event WHERE aggregate_id = $1',
      [id],
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'InviteSent',
      delivery_status: 'pending',
      attempts: 0,
      payload: { friendEmail: 'friend@example.com', yourName: 'Ada Lovelace', waitlistType: 'patient' },
    });
    expect(events[0]?.next_attempt_at).toBeInstanceOf(Date);
  });

  it('answers bad input with the invite form messages', async () => {
    const response = await trpcMutation(server, 'waitlist.invite', { yourName: 'A', friendEmail: 'nope', waitlistType: 'patient' });
    expect(response.status).toBe(400);
    expect(response.error?.data.fieldErrors).toEqual({
      yourName: ['Your name must be at least 2 characters.'],
      friendEmail: ['Please enter a valid email address.'],
    });
  });
});

describe('rate-limit counter', () => {
  it('counts hits within the window and starts a new window after it', async () => {
    const key = `counter-test:${Date.now()}`;
    const start = new Date('2030-01-01T00:00:00Z');
    expect(await countRateLimitHit(database.db, key, 60_000, start)).toEqual({ count: 1, expiresAt: new Date(start.getTime() + 60_000) });
    expect(await countRateLimitHit(database.db, key, 60_000, new Date(start.getTime() + 30_000))).toEqual({ count: 2, expiresAt: new Date(start.getTime() + 60_000) });
    expect(await countRateLimitHit(database.db, key, 60_000, new Date(start.getTime() + 60_000))).toEqual({ count: 1, expiresAt: new Date(start.getTime() + 120_000) });
  });

  it('skips the WAL wait for the counter only: the pooled connection goes back with synchronous commits', async () => {
    const single = createDatabaseClient(database.url, { maxConnections: 1 });
    try {
      // Session-level `on` (the test server's default is off), then a hit on the same connection.
      await single.pool.query('SET synchronous_commit TO on');
      await countRateLimitHit(single, `commit-mode:${Date.now()}`, 60_000);
      const rows = await single.pool.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
      expect(rows.rows[0]?.synchronous_commit).toBe('on');
    } finally {
      await closeDatabase(single);
    }
  });
});

describe('waitlist rate limit', () => {
  it('answers 429 once an IP exceeds RATE_LIMIT_WAITLIST_PER_MIN', async () => {
    const limited = await startTestServer(database.db, { RATE_LIMIT_WAITLIST_PER_MIN: '3' });
    try {
      await database.query("DELETE FROM rate_limit WHERE key LIKE 'waitlist-join:%'");
      const statuses: number[] = [];
      for (let index = 0; index < 4; index += 1) {
        const response = await trpcMutation(limited, 'waitlist.join', { name: 'Limited Person', email: `limited${index}@example.com`, type: 'patient' });
        statuses.push(response.status);
        if (response.status === 429) expect(response.error?.data.code).toBe('TOO_MANY_REQUESTS');
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
      await database.query("DELETE FROM rate_limit WHERE key LIKE 'waitlist-join:%'");
    }
  });
});
