import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSession, SESSION_ACTIVITY_GRANULARITY_MS, sessionIdFromToken } from '../src/auth/session.ts';
import { loadConfig } from '../src/config.ts';
import { createUser } from '../src/repositories/user.repository.ts';
import { deleteExpiredSessions } from '../src/repositories/session.repository.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { sessionCookieFrom, startTestServer, trpcMutation, trpcQuery, type TestServer } from './support/server.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

let database: TestDatabase;
let server: TestServer;
/** The server's clock runs this far ahead of the wall clock; each test starts at 0. */
let clockOffsetMs = 0;
const serverNow = () => new Date(Date.now() + clockOffsetMs);
const advanceClock = (ms: number) => {
  clockOffsetMs += ms;
};

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db, {}, { now: serverNow });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

beforeEach(() => {
  clockOffsetMs = 0;
});

let counter = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${(counter += 1)}@example.com`;

interface Me {
  user: { email: string } | null;
}

/** Signs up over HTTP (the session starts now, by the wall clock); returns the Cookie header and the session's row id. */
async function signUp(on: TestServer = server) {
  const email = uniqueEmail('idle');
  expect((await trpcMutation(on, 'auth.signUp', { name: 'Dr. Idle Tester', email, password: 'correct horse battery' })).status).toBe(200);
  const response = await trpcMutation(on, 'auth.signIn', { email, password: 'correct horse battery' });
  expect(response.status).toBe(200);
  const cookie = sessionCookieFrom(response.headers);
  return { email: email.toLowerCase(), cookie: cookie?.header, sessionId: sessionIdFromToken(cookie?.token ?? '') };
}

const me = (cookie: string | undefined, on: TestServer = server) => trpcQuery<Me>(on, 'auth.me', { cookie });
const favoriteIds = (cookie: string | undefined) => trpcQuery<string[]>(server, 'favorites.ids', { cookie });

async function sessionRow(id: string) {
  const rows = await database.query<{ last_active_at: Date; expires_at: Date; created_at: Date }>(
    'SELECT last_active_at, expires_at, created_at FROM session WHERE id = $1',
    [id],
  );
  return rows[0];
}

describe('the session idle limit', () => {
  it('is 30 minutes by default, set by SESSION_IDLE_MINUTES, and cannot be turned off', () => {
    expect(loadConfig({}).sessions.idleTimeoutMs).toBe(30 * MINUTE_MS);
    expect(loadConfig({ SESSION_IDLE_MINUTES: '15' }).sessions.idleTimeoutMs).toBe(15 * MINUTE_MS);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow('SESSION_IDLE_MINUTES must be at least 1');
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: 'ten' })).toThrow('SESSION_IDLE_MINUTES');
  });

  it('keeps a session used within the limit signed in, and its activity moves with each use', async () => {
    const { email, cookie, sessionId } = await signUp();
    const signedUpAt = (await sessionRow(sessionId))?.last_active_at.getTime() ?? 0;

    advanceClock(20 * MINUTE_MS);
    expect((await me(cookie)).data?.user?.email).toBe(email);
    expect((await favoriteIds(cookie)).status).toBe(200);
    const afterFirstUse = (await sessionRow(sessionId))?.last_active_at.getTime() ?? 0;
    expect(afterFirstUse - signedUpAt).toBeGreaterThanOrEqual(20 * MINUTE_MS);
    expect(afterFirstUse - signedUpAt).toBeLessThan(21 * MINUTE_MS);

    // 45 minutes after signing up, 25 after the last use: still signed in.
    advanceClock(25 * MINUTE_MS);
    expect((await me(cookie)).data?.user?.email).toBe(email);
    expect((await favoriteIds(cookie)).status).toBe(200);
  });

  it('records activity at most once a minute, not at every request', async () => {
    const { cookie, sessionId } = await signUp();
    const initial = (await sessionRow(sessionId))?.last_active_at.getTime();

    advanceClock(SESSION_ACTIVITY_GRANULARITY_MS / 2);
    await me(cookie);
    expect((await sessionRow(sessionId))?.last_active_at.getTime()).toBe(initial);

    advanceClock(SESSION_ACTIVITY_GRANULARITY_MS);
    await me(cookie);
    expect((await sessionRow(sessionId))?.last_active_at.getTime()).toBeGreaterThan(initial ?? Infinity);
  });

  it('signs out a session idle past the limit: procedures answer 401, auth.me has no user, and the row is gone', async () => {
    const { cookie, sessionId } = await signUp();

    advanceClock(31 * MINUTE_MS);
    const favorites = await favoriteIds(cookie);
    expect(favorites.status).toBe(401);
    expect(favorites.error?.data.code).toBe('UNAUTHORIZED');
    expect(await sessionRow(sessionId)).toBeUndefined();
    expect((await me(cookie)).data).toEqual({ user: null, secondFactorPending: false });
  });

  it('ends the session once the limit has passed since its last recorded use', async () => {
    const { cookie } = await signUp();
    advanceClock(10 * MINUTE_MS);
    expect((await me(cookie)).data?.user).not.toBeNull();

    advanceClock(30 * MINUTE_MS);
    expect((await me(cookie)).data).toEqual({ user: null, secondFactorPending: false });
  });

  it('follows SESSION_IDLE_MINUTES', async () => {
    const strict = await startTestServer(database.db, { SESSION_IDLE_MINUTES: '5' }, { now: serverNow });
    try {
      const first = await signUp(strict);
      advanceClock(4 * MINUTE_MS);
      expect((await me(first.cookie, strict)).data?.user?.email).toBe(first.email);
      advanceClock(6 * MINUTE_MS);
      expect((await me(first.cookie, strict)).data).toEqual({ user: null, secondFactorPending: false });
    } finally {
      await strict.close();
    }
  });

  it('lets signing in again after an idle end open a new session', async () => {
    const { email, cookie } = await signUp();
    advanceClock(31 * MINUTE_MS);
    expect((await me(cookie)).data).toEqual({ user: null, secondFactorPending: false });

    clockOffsetMs = 0;
    const signedIn = await trpcMutation(server, 'auth.signIn', { email, password: 'correct horse battery' }, { cookie });
    expect(signedIn.status).toBe(200);
    expect((await me(sessionCookieFrom(signedIn.headers)?.header)).data?.user?.email).toBe(email);
  });
});

describe('the sliding 30-day expiry, alongside the idle limit', () => {
  it('renews a session in use with under 15 days left to 30 days from now and resends the cookie', async () => {
    const { cookie, sessionId } = await signUp();
    await database.query("UPDATE session SET expires_at = now() + interval '10 days' WHERE id = $1", [sessionId]);

    advanceClock(5 * MINUTE_MS);
    const response = await me(cookie);

    expect(response.data?.user).not.toBeNull();
    expect(sessionCookieFrom(response.headers)?.header).toBe(cookie);
    const row = await sessionRow(sessionId);
    expect((row?.expires_at.getTime() ?? 0) - serverNow().getTime()).toBeGreaterThan(30 * DAY_MS - MINUTE_MS);
    expect((row?.last_active_at.getTime() ?? 0) - (row?.created_at.getTime() ?? 0)).toBeGreaterThanOrEqual(5 * MINUTE_MS);
  });

  it('ends a session past its expiry even within the idle limit', async () => {
    const { cookie, sessionId } = await signUp();
    await database.query("UPDATE session SET expires_at = now() + interval '10 minutes' WHERE id = $1", [sessionId]);

    advanceClock(11 * MINUTE_MS);
    expect((await me(cookie)).data).toEqual({ user: null, secondFactorPending: false });
    expect(await sessionRow(sessionId)).toBeUndefined();
  });
});

describe('session housekeeping', () => {
  it('deletes expired and idle sessions and keeps active ones', async () => {
    const user = await createUser(database.db, { email: uniqueEmail('housekeeping'), name: 'House Keeper', passwordHash: 'x', role: 'patient' });
    const start = new Date();
    const idle = await createSession(database.db, user.id, new Date(start.getTime() - 40 * MINUTE_MS));
    const expired = await createSession(database.db, user.id, new Date(start.getTime() - 31 * DAY_MS));
    const active = await createSession(database.db, user.id, new Date(start.getTime() - 5 * MINUTE_MS));

    await deleteExpiredSessions(database.db, { now: start, idleTimeoutMs: 30 * MINUTE_MS });

    const left = await database.query<{ id: string }>('SELECT id FROM session WHERE user_id = $1', [user.id]);
    expect(left.map((row) => row.id)).toEqual([sessionIdFromToken(active.token)]);
    expect(left.map((row) => row.id)).not.toContain(sessionIdFromToken(idle.token));
    expect(left.map((row) => row.id)).not.toContain(sessionIdFromToken(expired.token));
  });
});
