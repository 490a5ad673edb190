/**
 * Sign-in is limited per source address across accounts and per account across addresses; a 429
 * says when to come back; behind a proxy the address is the one the proxy saw, however a client
 * fills X-Forwarded-For; a batch cannot carry more calls than the limit; counters go with their window.
 */
import { API_MAX_BATCH_SIZE, authMessages } from '@wellspring/domain';
import superjson from 'superjson';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { processLinkTokens } from '../src/auth/link-tokens.ts';
import { deleteExpiredRateLimits } from '../src/repositories/rate-limit.repository.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { startTestServer, trpcMutation, type TestServer } from './support/server.ts';

let database: TestDatabase;
const WINDOW_S = 15 * 60;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

beforeEach(async () => {
  await database.query('DELETE FROM rate_limit');
});

async function withServer(env: Record<string, string>, work: (server: TestServer) => Promise<void>): Promise<void> {
  const server = await startTestServer(database.db, env);
  try {
    await work(server);
  } finally {
    await server.close();
  }
}

const DEFAULT_LIMITS = { RATE_LIMIT_SIGN_IN_MAX: '10', RATE_LIMIT_SIGN_IN_PER_ADDRESS_MAX: '20' };

describe('sign-in from one address', () => {
  it('is refused with 429 and Retry-After once it has tried 20 accounts, whatever the e-mails', async () => {
    await withServer(DEFAULT_LIMITS, async (server) => {
      const statuses: number[] = [];
      let refused: Awaited<ReturnType<typeof trpcMutation>> | undefined;
      for (let index = 0; index < 40; index += 1) {
        const response = await trpcMutation(server, 'auth.signIn', { email: `nobody${index}@example.com`, password: 'a guess at best' });
        statuses.push(response.status);
        if (response.status === 429) refused ??= response;
      }
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(statuses.slice(20)).toEqual(Array(20).fill(429));
      expect(refused?.error?.message).toBe(authMessages.tooManyAttempts);
      const retryAfter = Number(refused?.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(WINDOW_S - 60);
      expect(retryAfter).toBeLessThanOrEqual(WINDOW_S);
    });
  });
});

describe('sign-in to one account', () => {
  it('counts failures only: twelve right passwords in a row all sign in', async () => {
    const email = `regular.${Date.now()}@example.com`;
    await withServer(DEFAULT_LIMITS, async (server) => {
      await trpcMutation(server, 'auth.signUp', { name: 'Regular Person', email, password: 'the real passphrase' });
      const statuses: number[] = [];
      for (let index = 0; index < 12; index += 1) statuses.push((await trpcMutation(server, 'auth.signIn', { email, password: 'the real passphrase' })).status);
      expect(statuses).toEqual(Array(12).fill(200));
    });
  });

  it('is locked after 10 failures from any number of addresses, e-mails the owner a reset link, and that link lets the owner back in', async () => {
    const email = `target.${Date.now()}@example.com`;
    await withServer({ ...DEFAULT_LIMITS, TRUST_PROXY: '1' }, async (server) => {
      await trpcMutation(server, 'auth.signUp', { name: 'Target Person', email, password: 'the real passphrase' });
      const statuses: number[] = [];
      for (let index = 0; index < 10; index += 1) {
        const response = await trpcMutation(server, 'auth.signIn', { email, password: `guess ${index} here` }, { headers: { 'x-forwarded-for': `198.51.100.${(index % 3) + 1}` } });
        statuses.push(response.status);
      }
      const right = await trpcMutation(server, 'auth.signIn', { email, password: 'the real passphrase' }, { headers: { 'x-forwarded-for': '198.51.100.200' } });
      expect(statuses).toEqual(Array(10).fill(401));
      expect(right.status).toBe(429);
      expect(right.error?.message).toBe(authMessages.tooManyAttempts);
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another account is not affected.
      const other = await trpcMutation(server, 'auth.signIn', { email: `other.${Date.now()}@example.com`, password: 'whatever it is' }, { headers: { 'x-forwarded-for': '198.51.100.201' } });
      expect(other.status).toBe(401);

      // The owner is told, with a reset link (the one e-mail of the lock).
      const [user] = await database.query<{ id: string }>('SELECT id FROM app_user WHERE email = $1', [email]);
      const locked = await database.query<{ payload: { tokenId: string; reason: string } }>("SELECT payload FROM domain_event WHERE aggregate_id = $1 AND type = 'PasswordResetRequested'", [user?.id]);
      expect(locked.map((event) => event.payload.reason)).toEqual(['locked']);
      const token = processLinkTokens().token('password-reset', locked[0]?.payload.tokenId ?? '', 0);
      const reset = await trpcMutation(server, 'auth.resetPassword', { token, password: 'a brand new passphrase' }, { headers: { 'x-forwarded-for': '198.51.100.200' } });
      expect(reset.status).toBe(200);
      const back = await trpcMutation(server, 'auth.signIn', { email, password: 'a brand new passphrase' }, { headers: { 'x-forwarded-for': '198.51.100.200' } });
      expect(back.status).toBe(200);
    });
  });
});

describe('behind a proxy (TRUST_PROXY=1)', () => {
  it('counts the address the proxy appended, not the ones a client writes before it', async () => {
    await withServer({ ...DEFAULT_LIMITS, RATE_LIMIT_SIGN_IN_PER_ADDRESS_MAX: '3', TRUST_PROXY: '1' }, async (server) => {
      const statuses: number[] = [];
      for (let index = 0; index < 5; index += 1) {
        // The client forges a new leftmost entry each time; the proxy appends the address it saw.
        const forwardedFor = `10.9.8.${index}, 203.0.113.7`;
        const response = await trpcMutation(server, 'auth.signIn', { email: `rotating${index}@example.com`, password: 'a guess at best' }, { headers: { 'x-forwarded-for': forwardedFor } });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const elsewhere = await trpcMutation(server, 'auth.signIn', { email: 'someone@example.com', password: 'a guess at best' }, { headers: { 'x-forwarded-for': '203.0.113.8' } });
      expect(elsewhere.status).toBe(401);
    });
  });
});

describe('a tRPC batch', () => {
  const batchOf = async (server: TestServer, size: number) => {
    const paths = Array.from({ length: size }, () => 'auth.signIn').join(',');
    const body = Object.fromEntries(Array.from({ length: size }, (_, index) => [String(index), superjson.serialize({ email: `batch${index}@example.com`, password: 'a guess at best' })]));
    return fetch(`${server.baseUrl}/api/trpc/${paths}?batch=1`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.origin }, body: JSON.stringify(body) });
  };

  it(`carries at most ${API_MAX_BATCH_SIZE} calls: a larger one is refused before any of them runs`, async () => {
    await withServer({}, async (server) => {
      const tooLarge = await batchOf(server, 500);
      expect(tooLarge.status).toBe(400);
      expect(JSON.stringify(await tooLarge.json())).toMatch(/batch/i);
      expect(await database.query("SELECT key FROM rate_limit WHERE key LIKE 'sign-in%'")).toEqual([]);

      const atLimit = await batchOf(server, API_MAX_BATCH_SIZE);
      const answers = (await atLimit.json()) as unknown[];
      expect(answers).toHaveLength(API_MAX_BATCH_SIZE);
      expect(atLimit.status).toBe(401);
    });
  });
});

describe('rate-limit counters', () => {
  it('close with their window and are deleted then, leaving no row per e-mail tried', async () => {
    await withServer(DEFAULT_LIMITS, async (server) => {
      for (let index = 0; index < 5; index += 1) await trpcMutation(server, 'auth.signIn', { email: `passing${index}@example.com`, password: 'a guess at best' });
    });
    const rows = await database.query<{ key: string; window_start: Date; expires_at: Date }>("SELECT key, window_start, expires_at FROM rate_limit WHERE key LIKE 'sign-in%'");
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row.expires_at.getTime() - row.window_start.getTime()).toBe(WINDOW_S * 1000);

    expect(await deleteExpiredRateLimits(database.db, new Date(Date.now() + 60_000))).toBe(0);
    expect(await deleteExpiredRateLimits(database.db, new Date(Date.now() + WINDOW_S * 1000 + 1_000))).toBe(6);
    expect(await database.query("SELECT key FROM rate_limit WHERE key LIKE 'sign-in%'")).toEqual([]);
  });
});
