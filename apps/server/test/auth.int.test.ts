import { accountMessages, authMessages } from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionIdFromToken } from '../src/auth/session.ts';
import { authedProcedure, createCallerFactory, router } from '../src/trpc/trpc.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createTestCaller, sessionCookieFrom, startTestServer, testContext, trpcMutation, trpcQuery, type TestServer } from './support/server.ts';

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

interface SignedIn {
  user: { id: string; name: string; email: string; emailVerified: boolean };
}

let counter = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${(counter += 1)}@example.com`;

/** Signs up (no session: the answer is the same for any address), then signs in with the password. */
async function signUp(email: string, password = 'correct horse battery', name = 'Dr. Jane Doe', on: TestServer = server) {
  const signedUp = await trpcMutation<{ message: string }>(on, 'auth.signUp', { name, email, password });
  expect(signedUp.status).toBe(200);
  expect(sessionCookieFrom(signedUp.headers)).toBeUndefined();
  const response = await trpcMutation<SignedIn>(on, 'auth.signIn', { email, password });
  return { response, cookie: sessionCookieFrom(response.headers) };
}

describe('auth.signUp', () => {
  it('creates the account, unverified; its password signs in with an HttpOnly SameSite=Lax session cookie', async () => {
    const email = uniqueEmail('New.User');
    const { response, cookie } = await signUp(email);

    expect(response.status).toBe(200);
    expect(response.data?.user).toEqual({ id: expect.any(String), name: 'Dr. Jane Doe', email: email.toLowerCase(), emailVerified: false });
    expect(cookie?.token).toMatch(/^[a-z2-7]{32}$/);
    expect(cookie?.attributes).toMatch(/HttpOnly/i);
    expect(cookie?.attributes).toMatch(/SameSite=Lax/i);
    expect(cookie?.attributes).toMatch(/Path=\//);
    expect(cookie?.attributes).not.toMatch(/Secure/i);
    const me = await trpcQuery<SignedIn>(server, 'auth.me', { cookie: cookie?.header });
    expect(me.data?.user?.email).toBe(email.toLowerCase());
    const users = await database.query<{ password_hash: string }>('SELECT password_hash FROM app_user WHERE email = $1', [email.toLowerCase()]);
    expect(users[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers an address that already has an account exactly as a new one, makes no second account, and tells the owner', async () => {
    const email = uniqueEmail('taken');
    const fresh = await trpcMutation(server, 'auth.signUp', { name: 'Dr. Jane Doe', email, password: 'correct horse battery' });
    const again = await trpcMutation(server, 'auth.signUp', { name: 'Someone Else', email: email.toUpperCase(), password: 'another long password' });
    expect(again.status).toBe(fresh.status);
    expect(again.data).toEqual(fresh.data);
    expect(fresh.data).toEqual({ message: accountMessages.signUpCheckEmail });
    expect(sessionCookieFrom(again.headers)).toBeUndefined();
    const accounts = await database.query<{ id: string; name: string }>('SELECT id, name FROM app_user WHERE email = $1', [email.toLowerCase()]);
    expect(accounts).toEqual([{ id: expect.any(String), name: 'Dr. Jane Doe' }]);
    const events = await database.query<{ type: string }>("SELECT type FROM domain_event WHERE aggregate_id = $1 AND aggregate_type = 'account' ORDER BY sequence", [accounts[0]?.id]);
    expect(events.map((event) => event.type)).toEqual(['AccountRegistered', 'EmailVerificationRequested', 'SignUpAttempted']);
  });

  it('answers bad input with 400 and the field messages', async () => {
    const response = await trpcMutation(server, 'auth.signUp', { name: 'J', email: 'nope', password: 'short' });
    expect(response.status).toBe(400);
    expect(response.error?.data.fieldErrors).toEqual({
      name: [authMessages.name],
      email: [authMessages.email],
      password: [authMessages.passwordTooShort],
    });
  });
});

describe('sessions', () => {
  it('stores only the SHA-256 of the token: the cookie value never appears in the database', async () => {
    const { cookie } = await signUp(uniqueEmail('hashed'));
    const token = cookie?.token ?? '';

    const sessions = await database.query<{ id: string }>('SELECT id FROM session WHERE id = $1', [sessionIdFromToken(token)]);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.id).toMatch(/^[0-9a-f]{64}$/);
    const leaks = await database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM session s JOIN app_user u ON u.id = s.user_id WHERE row_to_json(s)::text LIKE '%' || $1 || '%' OR row_to_json(u)::text LIKE '%' || $1 || '%'",
      [token],
    );
    expect(leaks[0]?.n).toBe(0);
  });

  it('rejects an expired session and deletes it', async () => {
    const { cookie } = await signUp(uniqueEmail('expired'));
    const id = sessionIdFromToken(cookie?.token ?? '');
    await database.query("UPDATE session SET expires_at = now() - interval '1 minute' WHERE id = $1", [id]);

    const me = await trpcQuery<{ user: null }>(server, 'auth.me', { cookie: cookie?.header });

    expect(me.data).toEqual({ user: null, secondFactorPending: false });
    expect(await database.query('SELECT id FROM session WHERE id = $1', [id])).toHaveLength(0);
  });

  it('renews a session with under 15 days left to 30 days and resends the cookie', async () => {
    const { cookie } = await signUp(uniqueEmail('sliding'));
    const id = sessionIdFromToken(cookie?.token ?? '');
    await database.query("UPDATE session SET expires_at = now() + interval '10 days' WHERE id = $1", [id]);

    const me = await trpcQuery<SignedIn>(server, 'auth.me', { cookie: cookie?.header });

    expect(me.data?.user).not.toBeNull();
    const renewedCookie = sessionCookieFrom(me.headers);
    expect(renewedCookie?.token).toBe(cookie?.token);
    const [row] = await database.query<{ days: number }>('SELECT extract(epoch FROM expires_at - now()) / 86400 AS days FROM session WHERE id = $1', [id]);
    expect(Number(row?.days)).toBeGreaterThan(29.9);
    const expires = /Expires=([^;]+)/i.exec(renewedCookie?.attributes ?? '')?.[1];
    expect(new Date(expires ?? 0).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it('does not resend the cookie while more than 15 days remain', async () => {
    const { cookie } = await signUp(uniqueEmail('fresh'));
    const me = await trpcQuery<SignedIn>(server, 'auth.me', { cookie: cookie?.header });
    expect(me.data?.user).not.toBeNull();
    expect(sessionCookieFrom(me.headers)).toBeUndefined();
  });

  it('ignores an unknown token', async () => {
    const me = await trpcQuery<{ user: null }>(server, 'auth.me', { cookie: 'session=abcdefghijklmnopqrstuvwxyz234567' });
    expect(me.status).toBe(200);
    expect(me.data).toEqual({ user: null, secondFactorPending: false });
  });
});

describe('auth.signIn', () => {
  it('signs in with the right password and issues a new token each time', async () => {
    const email = uniqueEmail('signin');
    const { cookie: first } = await signUp(email, 'the right password');

    const response = await trpcMutation<SignedIn>(server, 'auth.signIn', { email: email.toUpperCase(), password: 'the right password' }, { cookie: first?.header });

    expect(response.status).toBe(200);
    expect(response.data?.user.email).toBe(email.toLowerCase());
    const second = sessionCookieFrom(response.headers);
    expect(second?.token).toMatch(/^[a-z2-7]{32}$/);
    expect(second?.token).not.toBe(first?.token);
    // The session the browser had before is gone; the new one works.
    expect(await database.query('SELECT id FROM session WHERE id = $1', [sessionIdFromToken(first?.token ?? '')])).toHaveLength(0);
    expect((await trpcQuery<SignedIn>(server, 'auth.me', { cookie: second?.header })).data?.user?.email).toBe(email.toLowerCase());
  });

  it('gives a wrong password and an unknown email the same 401 message', async () => {
    const email = uniqueEmail('wrong');
    await signUp(email, 'the right password');

    const wrongPassword = await trpcMutation(server, 'auth.signIn', { email, password: 'the wrong password' });
    const unknownEmail = await trpcMutation(server, 'auth.signIn', { email: uniqueEmail('nobody'), password: 'the wrong password' });

    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.error?.message).toBe(authMessages.invalidCredentials);
    expect(unknownEmail.error?.message).toBe(authMessages.invalidCredentials);
    expect(sessionCookieFrom(wrongPassword.headers)).toBeUndefined();
  });
});

describe('auth.signOut', () => {
  it('deletes the session row and clears the cookie', async () => {
    const { cookie } = await signUp(uniqueEmail('signout'));
    const id = sessionIdFromToken(cookie?.token ?? '');

    const response = await trpcMutation<{ ok: true }>(server, 'auth.signOut', undefined, { cookie: cookie?.header });

    expect(response.status).toBe(200);
    expect(response.data).toEqual({ ok: true });
    expect(await database.query('SELECT id FROM session WHERE id = $1', [id])).toHaveLength(0);
    const cleared = sessionCookieFrom(response.headers);
    expect(cleared?.token).toBe('');
    expect(cleared?.attributes).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await trpcQuery(server, 'auth.me', { cookie: cookie?.header })).data).toEqual({ user: null, secondFactorPending: false });
  });
});

describe('session cookie in production (NODE_ENV=production)', () => {
  it('is Secure when set and when cleared, and the answers carry HSTS', async () => {
    const production = await startTestServer(database.db, { NODE_ENV: 'production' });
    try {
      const { response: signedUp, cookie } = await signUp(uniqueEmail('secure'), 'correct horse battery', 'Dr. Jane Doe', production);
      expect(signedUp.status).toBe(200);
      expect(cookie?.attributes).toMatch(/; Secure/);
      expect(cookie?.attributes).toMatch(/HttpOnly/i);
      expect(signedUp.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);

      const signedOut = await trpcMutation(production, 'auth.signOut', undefined, { cookie: cookie?.header });
      const cleared = sessionCookieFrom(signedOut.headers);
      expect(cleared?.token).toBe('');
      expect(cleared?.attributes).toMatch(/; Secure/);
    } finally {
      await production.close();
    }
  });
});

describe('procedure guards', () => {
  const guarded = router({ secret: authedProcedure.query(({ ctx }) => ctx.user.email) });

  it('authedProcedure answers UNAUTHORIZED without a session', async () => {
    const caller = createCallerFactory(guarded)(testContext(database.db));
    await expect(caller.secret()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('authedProcedure passes the signed-in user through', async () => {
    const caller = createCallerFactory(guarded)(
      testContext(database.db, { user: { id: '00000000-0000-4000-8000-000000000000', name: 'N', email: 'n@example.com', role: 'practitioner', emailVerified: true }, sessionId: 'x' }),
    );
    await expect(caller.secret()).resolves.toBe('n@example.com');
  });

  it('auth.me through createCaller reports no user without a session', async () => {
    await expect(createTestCaller(database.db).auth.me()).resolves.toEqual({ user: null, secondFactorPending: false });
  });
});

describe('auth rate limits', () => {
  it('answers 429 "Too many attempts" after RATE_LIMIT_SIGN_IN_MAX sign-ins for one IP and email', async () => {
    const limited = await startTestServer(database.db, { RATE_LIMIT_SIGN_IN_MAX: '3' });
    try {
      const email = uniqueEmail('brute');
      const statuses: number[] = [];
      let last;
      for (let index = 0; index < 4; index += 1) {
        last = await trpcMutation(limited, 'auth.signIn', { email, password: `guess number ${index}` });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(last?.error?.message).toBe(authMessages.tooManyAttempts);
      expect(last?.error?.data.code).toBe('TOO_MANY_REQUESTS');
    } finally {
      await limited.close();
    }
  });

  it('answers 429 after RATE_LIMIT_SIGN_UP_MAX sign-ups from one IP', async () => {
    await database.query("DELETE FROM rate_limit WHERE key LIKE 'sign-up:%'");
    const limited = await startTestServer(database.db, { RATE_LIMIT_SIGN_UP_MAX: '2' });
    try {
      const statuses: number[] = [];
      let last;
      for (let index = 0; index < 3; index += 1) {
        last = await trpcMutation(limited, 'auth.signUp', { name: 'Rate Limited', email: uniqueEmail('many'), password: 'long enough password' });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(last?.error?.message).toBe(authMessages.tooManyAttempts);
    } finally {
      await limited.close();
      await database.query("DELETE FROM rate_limit WHERE key LIKE 'sign-up:%'");
    }
  });
});
