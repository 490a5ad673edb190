/**
 * Logs never hold a session token, a password, a cookie or an authorization header, whatever the
 * level: the log of a whole account's life (sign-up, sign-in, a renewed session, a failed sign-in,
 * sign-out) at `trace` is read back and searched for each.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionIdFromToken } from '../src/auth/session.ts';
import { totpCodeAt } from '../src/auth/totp.ts';
import { accountIdOf, latestLinkToken } from './support/account-links.ts';
import { createLogger } from '../src/logger.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { sessionCookieFrom, startTestServer, trpcMutation, trpcQuery, type TestServer } from './support/server.ts';

let database: TestDatabase;
let server: TestServer;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter((line) => line !== ''));
      done();
    },
  });
  server = await startTestServer(database.db, {}, { logger: createLogger('trace', sink) });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('the log of a sign-in', () => {
  it('has a line per request and never a token, a password, a cookie or an authorization header', async () => {
    const email = `logged.${Date.now()}@example.com`;
    const password = 'unguessable log-test passphrase';
    const bearer = 'Bearer leaked-bearer-credential-7f3a';

    await trpcMutation(server, 'auth.signUp', { name: 'Logged Person', email, password });
    const first = sessionCookieFrom((await trpcMutation(server, 'auth.signIn', { email, password })).headers);
    const signIn = await trpcMutation(server, 'auth.signIn', { email, password }, { cookie: first?.header, headers: { authorization: bearer } });
    const second = sessionCookieFrom(signIn.headers);
    expect(signIn.status).toBe(200);
    expect(second?.token).toMatch(/^[a-z2-7]{32}$/);

    // A session with under 15 days left is renewed: the answer sets the cookie again.
    await database.query("UPDATE session SET expires_at = now() + interval '1 day' WHERE id = $1", [sessionIdFromToken(second?.token ?? '')]);
    const renewed = await trpcQuery(server, 'auth.me', { cookie: second?.header, headers: { authorization: bearer } });
    expect(sessionCookieFrom(renewed.headers)?.token).toBe(second?.token);

    const wrong = await trpcMutation(server, 'auth.signIn', { email, password: `${password} but wrong` });
    expect(wrong.status).toBe(401);
    await trpcMutation(server, 'auth.signOut', undefined, { cookie: second?.header });

    const log = lines.join('\n');
    // The requests were logged (so the test reads a real log), with their paths.
    expect(log).toContain('"path":"/api/trpc/auth.signIn"');
    expect(log).toContain('"path":"/api/trpc/auth.me"');
    expect(lines.length).toBeGreaterThanOrEqual(5);
    for (const secret of [first?.token, second?.token, password, 'leaked-bearer-credential-7f3a']) {
      expect(secret && log.includes(secret), `log contains ${secret ?? '(missing token)'}`).toBe(false);
    }
    expect(log).not.toMatch(/session=[a-z2-7]/);
    expect(log).not.toMatch(/"(?:cookie|set-cookie|authorization)"\s*:\s*"(?!\[redacted\])/i);
    expect(log).not.toContain('password_hash');
  });

  it('holds no reset or verification token, 2-step secret, code or recovery code from an account\'s security flows', async () => {
    const email = `secured.${Date.now()}@example.com`;
    const password = 'another unguessable passphrase';
    await trpcMutation(server, 'auth.signUp', { name: 'Secured Person', email, password });
    const cookie = sessionCookieFrom((await trpcMutation(server, 'auth.signIn', { email, password })).headers)?.header;
    const id = await accountIdOf(database.db, email);
    const verification = await latestLinkToken(database.db, id, 'EmailVerificationRequested');
    await trpcMutation(server, 'auth.verifyEmail', { token: verification });
    const started = await trpcMutation<{ secret: string; uri: string }>(server, 'account.twoStep.start', undefined, { cookie });
    const secret = started.data?.secret ?? '';
    const code = totpCodeAt(secret, new Date());
    const confirmed = await trpcMutation<{ recoveryCodes: string[] }>(server, 'account.twoStep.confirm', { code }, { cookie });
    const recovery = confirmed.data?.recoveryCodes ?? [];
    const pending = sessionCookieFrom((await trpcMutation(server, 'auth.signIn', { email, password })).headers)?.header;
    await trpcMutation(server, 'auth.secondFactor', { recoveryCode: recovery[0] }, { cookie: pending });
    await trpcMutation(server, 'auth.requestPasswordReset', { email });
    const reset = await latestLinkToken(database.db, id, 'PasswordResetRequested');
    await trpcQuery(server, `auth.passwordResetLink?input=${encodeURIComponent(JSON.stringify({ json: { token: reset } }))}`);
    await trpcMutation(server, 'auth.resetPassword', { token: reset, password: 'a brand new passphrase', recoveryCode: recovery[1] });

    const log = lines.join('\n');
    expect(log).toContain('"path":"/api/trpc/auth.resetPassword"');
    expect(recovery).toHaveLength(10);
    for (const value of [verification, reset, secret, code, ...recovery, ...recovery.map((shown) => shown.replace('-', ''))]) {
      expect(value !== '' && log.includes(value), `log contains ${value}`).toBe(false);
    }
  });

  it('keeps secrets out of what a log call is given directly, at every level', () => {
    const captured: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        captured.push(chunk.toString('utf8'));
        done();
      },
    });
    const logger = createLogger('trace', sink);
    logger.trace({ password: 'p4ss-one', user: { passwordHash: '$argon2id$hash' } }, 'trace');
    logger.debug({ headers: { cookie: 'session=abcdefghijklmnop', authorization: 'Bearer xyz-secret' } }, 'debug');
    logger.error({ err: new Error('query failed for session=abcdefghijklmnop with {"password":"p4ss-two"}') }, 'error');
    const log = captured.join('');
    expect(captured).toHaveLength(3);
    for (const line of captured) expect(() => JSON.parse(line) as unknown).not.toThrow();
    for (const secret of ['p4ss-one', 'p4ss-two', '$argon2id$hash', 'abcdefghijklmnop', 'xyz-secret']) expect(log).not.toContain(secret);
    expect(log).toContain('[redacted]');
  });
});
