/**
 * Accounts a practice can trust (issue 25), over HTTP: password reset (single use, expiry, only the
 * hash stored, every session ended, the same answer for any address, limits), e-mail verification,
 * change of password and e-mail, 2-step verification (a code once, recovery codes once, wrong codes
 * limited, a reset never past it), and the sessions list.
 */
import { accountMessages, authMessages } from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt, TOTP_PERIOD_SECONDS } from '../src/auth/totp.ts';
import { accountIdOf, latestLinkToken } from './support/account-links.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createLogger } from '../src/logger.ts';
import { createRelay, type Relay } from '../src/outbox/relay.ts';
import { sessionCookieFrom, startTestServer, testConfig, trpcMutation, trpcQuery, type TestServer } from './support/server.ts';
import { readableMail, startSmtpSink, type SmtpSink } from './support/smtp-sink.ts';

let database: TestDatabase;
let server: TestServer;
const PASSWORD = 'correct horse battery';
/** The servers' clock runs this far ahead of the wall clock: a test moves it to the next 30-second step instead of waiting. */
let clockOffsetMs = 0;
const serverNow = () => new Date(Date.now() + clockOffsetMs);
const clock = { now: serverNow };

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db, {}, clock);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

let counter = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${(counter += 1)}@example.com`;

interface Account {
  readonly email: string;
  readonly id: string;
  readonly cookie: string;
}

async function signIn(email: string, password = PASSWORD, headers: Record<string, string> = {}) {
  const response = await trpcMutation<{ status: string }>(server, 'auth.signIn', { email, password }, { headers });
  return { response, cookie: sessionCookieFrom(response.headers)?.header ?? '' };
}

async function newAccount(label: string): Promise<Account> {
  const email = uniqueEmail(label);
  expect((await trpcMutation(server, 'auth.signUp', { name: 'Dr. Robin Vale', email, password: PASSWORD })).status).toBe(200);
  const { cookie } = await signIn(email);
  return { email, id: await accountIdOf(database.db, email), cookie };
}

const me = async (cookie: string) => (await trpcQuery<{ user: { email: string; emailVerified: boolean } | null; secondFactorPending: boolean }>(server, 'auth.me', { cookie })).data;

describe('the e-mails', () => {
  let smtp: SmtpSink;
  let relay: Relay | undefined;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await relay?.stop();
    await smtp?.close();
  });

  // First in the file: the relay drains every pending e-mail of the database, so it runs before the other tests add theirs.
  it('a reset e-mail reaches the owner over SMTP with a link that works once; the log holds no token', async () => {
    const account = await newAccount('reset-mail');
    await trpcMutation(server, 'auth.requestPasswordReset', { email: account.email });
    const lines: string[] = [];
    const logger = createLogger('trace', { write: (line: string) => lines.push(line) });
    const config = testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://wellspring.test', MAIL_FROM: 'Wellspring <hello@wellspring.test>', RELAY_BASE_DELAY_MS: '2' }).relay;
    relay = createRelay({ db: database.db, config, logger });
    await relay.drain();

    const mine = smtp.messages.filter((message) => message.to.includes(account.email.toLowerCase()));
    const subjects = mine.map((message) => /^Subject: (.*)$/m.exec(readableMail(message.raw))?.[1]);
    expect(subjects).toEqual(expect.arrayContaining(['Confirm your email address for Wellspring', 'Reset your Wellspring password']));
    const reset = readableMail(mine.find((message) => readableMail(message.raw).includes('Reset your Wellspring password'))?.raw ?? '');
    const token = /https:\/\/wellspring\.test\/reset-password#([A-Za-z0-9_-]{43})/.exec(reset)?.[1] ?? '';
    expect(token).toHaveLength(43);
    expect(lines.join('\n')).not.toContain(token);

    expect((await trpcMutation(server, 'auth.resetPassword', { token, password: 'a fresh new passphrase' })).status).toBe(200);
    expect((await trpcMutation(server, 'auth.resetPassword', { token, password: 'a fresher passphrase' })).status).toBe(404);
    await relay.drain();
    const notices = smtp.messages.filter((message) => message.to.includes(account.email.toLowerCase()) && readableMail(message.raw).includes('Your Wellspring password was changed'));
    expect(notices).toHaveLength(1);
  }, 60_000);
});

describe('password reset', () => {
  it('its page is answered with Referrer-Policy: no-referrer, so nothing it links to learns its address', async () => {
    // The test server has no web build (the page answers 503 here): the header is on every answer, the page's included.
    const page = await fetch(`${server.baseUrl}/reset-password`);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const api = await trpcMutation(server, 'auth.requestPasswordReset', { email: uniqueEmail('referrer') });
    expect(api.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('answers a known and an unknown address alike, and sends a link only to the known one', async () => {
    const account = await newAccount('reset-known');
    const known = await trpcMutation(server, 'auth.requestPasswordReset', { email: account.email });
    const unknown = await trpcMutation(server, 'auth.requestPasswordReset', { email: uniqueEmail('reset-nobody') });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(unknown.data).toEqual(known.data);
    expect(known.data).toEqual({ message: accountMessages.resetSent });
    expect(await database.query("SELECT count(*)::int AS n FROM account_token WHERE user_id = $1 AND purpose = 'password-reset'", [account.id])).toEqual([{ n: 1 }]);
  });

  it('works once, stores only the hash, ends every session, and sends a notice', async () => {
    const account = await newAccount('reset-once');
    const second = await signIn(account.email);
    await trpcMutation(server, 'auth.requestPasswordReset', { email: account.email });
    const token = await latestLinkToken(database.db, account.id, 'PasswordResetRequested');

    // The raw token is nowhere in the database: not in the token row, not in the event.
    const dump = JSON.stringify(await database.query("SELECT t.*, encode(t.token_hash, 'hex') AS hex FROM account_token t WHERE user_id = $1", [account.id]));
    const events = JSON.stringify(await database.query('SELECT payload FROM domain_event WHERE aggregate_id = $1', [account.id]));
    expect(dump.includes(token) || events.includes(token)).toBe(false);

    expect((await trpcQuery<{ twoStep: boolean }>(server, `auth.passwordResetLink?input=${encodeURIComponent(JSON.stringify({ json: { token } }))}`)).data).toEqual({ twoStep: false });
    const reset = await trpcMutation(server, 'auth.resetPassword', { token, password: 'a fresh new passphrase' });
    expect(reset.status).toBe(200);
    expect(reset.data).toEqual({ message: accountMessages.passwordReset });
    expect(await me(account.cookie)).toEqual({ user: null, secondFactorPending: false });
    expect(await me(second.cookie)).toEqual({ user: null, secondFactorPending: false });
    expect((await signIn(account.email)).response.status).toBe(401);
    expect((await signIn(account.email, 'a fresh new passphrase')).response.status).toBe(200);

    const again = await trpcMutation(server, 'auth.resetPassword', { token, password: 'yet another passphrase' });
    expect(again.status).toBe(404);
    expect(again.error?.message).toBe(accountMessages.linkInvalid);
    const types = await database.query<{ type: string; delivery_status: string | null }>('SELECT type, delivery_status FROM domain_event WHERE aggregate_id = $1 AND type LIKE $2 ORDER BY sequence', [account.id, 'PasswordReset%']);
    expect(types).toEqual([
      { type: 'PasswordResetRequested', delivery_status: 'pending' },
      { type: 'PasswordReset', delivery_status: 'pending' },
    ]);
  });

  it('is refused once expired, or once a newer link was asked for', async () => {
    const account = await newAccount('reset-expiry');
    await trpcMutation(server, 'auth.requestPasswordReset', { email: account.email });
    const older = await latestLinkToken(database.db, account.id, 'PasswordResetRequested');
    await trpcMutation(server, 'auth.requestPasswordReset', { email: account.email });
    const newer = await latestLinkToken(database.db, account.id, 'PasswordResetRequested');
    expect((await trpcMutation(server, 'auth.resetPassword', { token: older, password: 'a fresh new passphrase' })).status).toBe(404);
    await database.query("UPDATE account_token SET expires_at = now() - interval '1 second' WHERE user_id = $1", [account.id]);
    const expired = await trpcMutation(server, 'auth.resetPassword', { token: newer, password: 'a fresh new passphrase' });
    expect(expired.status).toBe(404);
    expect((await signIn(account.email)).response.status).toBe(200);
  });

  it('keeps the password rules, and answers 429 with Retry-After past the per-e-mail limit', async () => {
    const account = await newAccount('reset-rules');
    await trpcMutation(server, 'auth.requestPasswordReset', { email: account.email });
    const token = await latestLinkToken(database.db, account.id, 'PasswordResetRequested');
    const common = await trpcMutation(server, 'auth.resetPassword', { token, password: 'password' });
    expect(common.status).toBe(400);
    expect(common.error?.data.fieldErrors).toEqual({ password: [authMessages.passwordTooCommon] });

    const limited = await startTestServer(database.db, { RATE_LIMIT_PASSWORD_RESET_PER_EMAIL_MAX: '2' });
    try {
      const email = uniqueEmail('reset-limit');
      const statuses: number[] = [];
      let last;
      for (let index = 0; index < 3; index += 1) statuses.push((last = await trpcMutation(limited, 'auth.requestPasswordReset', { email })).status);
      expect(statuses).toEqual([200, 200, 429]);
      expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('e-mail verification', () => {
  it('proves the address once through its link; a resend makes the older link stop working', async () => {
    const account = await newAccount('verify');
    expect((await me(account.cookie))?.user?.emailVerified).toBe(false);
    const first = await latestLinkToken(database.db, account.id, 'EmailVerificationRequested');
    const resent = await trpcMutation(server, 'account.resendVerification', undefined, { cookie: account.cookie });
    expect(resent.data).toEqual({ message: accountMessages.verificationSent });
    const second = await latestLinkToken(database.db, account.id, 'EmailVerificationRequested');
    expect((await trpcMutation(server, 'auth.verifyEmail', { token: first })).status).toBe(404);
    const verified = await trpcMutation(server, 'auth.verifyEmail', { token: second });
    expect(verified.data).toEqual({ message: accountMessages.emailVerified });
    expect((await me(account.cookie))?.user?.emailVerified).toBe(true);
    expect((await trpcMutation(server, 'auth.verifyEmail', { token: second })).status).toBe(404);
    const again = await trpcMutation(server, 'account.resendVerification', undefined, { cookie: account.cookie });
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe(accountMessages.alreadyVerified);
  });
});

describe('changing the password and the e-mail', () => {
  it('needs the current password, ends the other sessions and keeps this one', async () => {
    const account = await newAccount('change-password');
    const other = await signIn(account.email);
    const wrong = await trpcMutation(server, 'account.changePassword', { currentPassword: 'not my password', newPassword: 'a fresh new passphrase' }, { cookie: account.cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.error?.data.fieldErrors).toEqual({ currentPassword: [accountMessages.currentPasswordWrong] });
    const changed = await trpcMutation(server, 'account.changePassword', { currentPassword: PASSWORD, newPassword: 'a fresh new passphrase' }, { cookie: account.cookie });
    expect(changed.data).toEqual({ message: accountMessages.passwordChanged });
    expect((await me(account.cookie))?.user?.email).toBe(account.email.toLowerCase());
    expect((await me(other.cookie))?.user).toBeNull();
  });

  it('asks for the password again when it was entered more than 10 minutes ago', async () => {
    const account = await newAccount('reauth');
    await database.query("UPDATE session SET authenticated_at = now() - interval '11 minutes' WHERE user_id = $1", [account.id]);
    const refused = await trpcMutation(server, 'account.changePassword', { currentPassword: PASSWORD, newPassword: 'a fresh new passphrase' }, { cookie: account.cookie });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe(accountMessages.reauthenticate);
    expect((await trpcQuery<{ reauthenticate: boolean }>(server, 'account.overview', { cookie: account.cookie })).data?.reauthenticate).toBe(true);
    expect((await trpcMutation(server, 'account.reauthenticate', { password: PASSWORD }, { cookie: account.cookie })).status).toBe(200);
    expect((await trpcMutation(server, 'account.changePassword', { currentPassword: PASSWORD, newPassword: 'a fresh new passphrase' }, { cookie: account.cookie })).status).toBe(200);
  });

  it('changes the e-mail only through a link sent to the new address, and tells the old one', async () => {
    const account = await newAccount('change-email');
    const taken = await newAccount('change-email-taken');
    const newEmail = uniqueEmail('moved');
    const answerFree = await trpcMutation(server, 'account.changeEmail', { email: newEmail, password: PASSWORD }, { cookie: account.cookie });
    const answerTaken = await trpcMutation(server, 'account.changeEmail', { email: taken.email, password: PASSWORD }, { cookie: account.cookie });
    expect(answerTaken.data).toEqual(answerFree.data);
    expect((await me(account.cookie))?.user?.email).toBe(account.email.toLowerCase());
    const token = await latestLinkToken(database.db, account.id, 'EmailChangeRequested');
    expect((await trpcMutation(server, 'auth.verifyEmail', { token })).data).toEqual({ message: accountMessages.emailChanged });
    expect((await me(account.cookie))?.user).toEqual(expect.objectContaining({ email: newEmail.toLowerCase(), emailVerified: true }));
    expect(await database.query('SELECT previous_email FROM account_token WHERE user_id = $1 AND purpose = $2', [account.id, 'email-change'])).toEqual([{ previous_email: account.email.toLowerCase() }]);
    expect((await database.query<{ type: string }>("SELECT type FROM domain_event WHERE aggregate_id = $1 AND type = 'EmailChanged'", [account.id])).length).toBe(1);
  });
});

/** The secret of a set-up begun and confirmed; returns it with the recovery codes. */
async function turnOnTwoStep(account: Account): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await trpcMutation<{ secret: string; uri: string }>(server, 'account.twoStep.start', undefined, { cookie: account.cookie });
  const secret = started.data?.secret ?? '';
  expect(started.data?.uri).toMatch(/^otpauth:\/\/totp\/Wellspring:.+\?.*secret=/);
  const wrong = await trpcMutation(server, 'account.twoStep.confirm', { code: totpCodeAt(secret, new Date(serverNow().getTime() + 10 * TOTP_PERIOD_SECONDS * 1000)) }, { cookie: account.cookie });
  expect(wrong.status).toBe(400);
  const confirmed = await trpcMutation<{ recoveryCodes: string[] }>(server, 'account.twoStep.confirm', { code: totpCodeAt(secret, serverNow()) }, { cookie: account.cookie });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.data?.recoveryCodes ?? [] };
}

/** Moves the servers' clock into the next 30-second step, so that a new code is not the one just used. */
function nextStep(): void {
  clockOffsetMs += TOTP_PERIOD_SECONDS * 1000;
}

describe('2-step verification', () => {
  it('asks for the code after the password; a code works once; a recovery code works once; the secret is stored sealed', async () => {
    const account = await newAccount('totp');
    const { secret, recoveryCodes } = await turnOnTwoStep(account);
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = JSON.stringify(await database.query('SELECT totp_secret, totp_pending_secret FROM app_user WHERE id = $1', [account.id]));
    expect(stored.includes(secret)).toBe(false);
    expect(JSON.stringify(await database.query("SELECT encode(code_hash, 'hex') FROM recovery_code WHERE user_id = $1", [account.id]))).not.toContain(recoveryCodes[0]?.replace('-', ''));

    // The code that turned it on was of this step: the sign-in needs a code of a later one.
    nextStep();
    const pending = await signIn(account.email);
    expect(pending.response.data).toEqual({ status: 'second-factor' });
    expect(await me(pending.cookie)).toEqual({ user: null, secondFactorPending: true });
    expect((await trpcQuery(server, 'account.overview', { cookie: pending.cookie })).status).toBe(401);
    const code = totpCodeAt(secret, serverNow());
    const passed = await trpcMutation<{ user: { email: string } }>(server, 'auth.secondFactor', { code }, { cookie: pending.cookie });
    expect(passed.status).toBe(200);
    expect((await me(pending.cookie))?.user?.email).toBe(account.email.toLowerCase());

    // The same code again, in its own window, is refused (no replay).
    const replay = await signIn(account.email);
    const replayed = await trpcMutation(server, 'auth.secondFactor', { code }, { cookie: replay.cookie });
    expect(replayed.status).toBe(400);
    expect(replayed.error?.message).toBe(accountMessages.codeWrong);

    const recovery = recoveryCodes[0] ?? '';
    const withRecovery = await trpcMutation(server, 'auth.secondFactor', { recoveryCode: recovery.toUpperCase() }, { cookie: replay.cookie });
    expect(withRecovery.status).toBe(200);
    const reuse = await signIn(account.email);
    expect((await trpcMutation(server, 'auth.secondFactor', { recoveryCode: recovery }, { cookie: reuse.cookie })).error?.message).toBe(accountMessages.recoveryCodeWrong);
    expect((await trpcQuery<{ recoveryCodesLeft: number; twoStep: boolean }>(server, 'account.overview', { cookie: pending.cookie })).data).toMatchObject({ twoStep: true, recoveryCodesLeft: 9 });
  });

  it('accepts the previous step\'s code (clock drift) but not one from two steps back, and limits wrong codes per account', async () => {
    const account = await newAccount('totp-limit');
    const { secret } = await turnOnTwoStep(account);
    nextStep();
    nextStep();
    nextStep();
    const drift = await signIn(account.email);
    const twoBack = totpCodeAt(secret, new Date(serverNow().getTime() - 2 * TOTP_PERIOD_SECONDS * 1000));
    expect((await trpcMutation(server, 'auth.secondFactor', { code: twoBack }, { cookie: drift.cookie })).status).toBe(400);
    const previous = totpCodeAt(secret, new Date(serverNow().getTime() - TOTP_PERIOD_SECONDS * 1000));
    expect((await trpcMutation(server, 'auth.secondFactor', { code: previous }, { cookie: drift.cookie })).status).toBe(200);

    await database.query('DELETE FROM rate_limit WHERE key = $1', [`second-factor:${account.id}`]);
    const limited = await startTestServer(database.db, { RATE_LIMIT_SECOND_FACTOR_MAX: '3' }, clock);
    try {
      const pending = sessionCookieFrom((await trpcMutation(limited, 'auth.signIn', { email: account.email, password: PASSWORD })).headers)?.header ?? '';
      const statuses: number[] = [];
      for (let index = 0; index < 4; index += 1) statuses.push((await trpcMutation(limited, 'auth.secondFactor', { code: '000000' }, { cookie: pending })).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
      const right = await trpcMutation(limited, 'auth.secondFactor', { code: totpCodeAt(secret, serverNow()) }, { cookie: pending });
      expect(right.status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('a reset never bypasses it: the code comes first; turning it off needs a code', async () => {
    const account = await newAccount('totp-reset');
    const { secret } = await turnOnTwoStep(account);
    await trpcMutation(server, 'auth.requestPasswordReset', { email: account.email });
    const token = await latestLinkToken(database.db, account.id, 'PasswordResetRequested');
    expect((await trpcQuery<{ twoStep: boolean }>(server, `auth.passwordResetLink?input=${encodeURIComponent(JSON.stringify({ json: { token } }))}`)).data).toEqual({ twoStep: true });
    const withoutCode = await trpcMutation(server, 'auth.resetPassword', { token, password: 'a fresh new passphrase' });
    expect(withoutCode.status).toBe(400);
    expect(withoutCode.error?.message).toBe(accountMessages.codeRequired);
    expect((await signIn(account.email)).response.data).toEqual({ status: 'second-factor' });

    const off = await trpcMutation(server, 'account.twoStep.disable', { code: '000000' }, { cookie: account.cookie });
    expect(off.status).toBe(400);
    nextStep();
    expect((await trpcMutation(server, 'account.twoStep.disable', { code: totpCodeAt(secret, serverNow()) }, { cookie: account.cookie })).status).toBe(200);
    expect((await signIn(account.email)).response.data).toMatchObject({ status: 'signed-in' });
  });
});

describe('2-step verification with the phone lost', () => {
  it('takes recovery codes, each once: to sign in, to confirm it’s you, for new codes and to turn it off', async () => {
    const account = await newAccount('totp-lost');
    const { recoveryCodes } = await turnOnTwoStep(account);
    const [first = '', second = '', third = '', fourth = ''] = recoveryCodes;
    const signedIn = await signIn(account.email);
    expect((await trpcMutation(server, 'auth.secondFactor', { recoveryCode: first }, { cookie: signedIn.cookie })).status).toBe(200);

    // More than 10 minutes later: confirm it's you with the password and a recovery code.
    await database.query("UPDATE session SET authenticated_at = now() - interval '11 minutes' WHERE user_id = $1", [account.id]);
    expect((await trpcMutation(server, 'account.twoStep.regenerateRecoveryCodes', { recoveryCode: second }, { cookie: signedIn.cookie })).status).toBe(403);
    expect((await trpcMutation(server, 'account.reauthenticate', { password: PASSWORD }, { cookie: signedIn.cookie })).error?.data.fieldErrors).toEqual({ code: [accountMessages.codeRequired] });
    const usedAgain = await trpcMutation(server, 'account.reauthenticate', { password: PASSWORD, recoveryCode: first }, { cookie: signedIn.cookie });
    expect(usedAgain.status).toBe(400);
    expect(usedAgain.error?.message).toBe(accountMessages.recoveryCodeWrong);
    expect((await trpcMutation(server, 'account.reauthenticate', { password: PASSWORD, recoveryCode: second }, { cookie: signedIn.cookie })).status).toBe(200);

    // New codes with an old one; the old ones stop working.
    const renewed = await trpcMutation<{ recoveryCodes: string[] }>(server, 'account.twoStep.regenerateRecoveryCodes', { recoveryCode: third }, { cookie: signedIn.cookie });
    expect(renewed.status).toBe(200);
    const fresh = renewed.data?.recoveryCodes ?? [];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(fourth);
    expect((await trpcMutation(server, 'account.twoStep.disable', { recoveryCode: fourth }, { cookie: signedIn.cookie })).error?.message).toBe(accountMessages.recoveryCodeWrong);

    expect((await trpcMutation(server, 'account.twoStep.disable', { recoveryCode: fresh[0] ?? '' }, { cookie: signedIn.cookie })).status).toBe(200);
    expect((await signIn(account.email)).response.data).toMatchObject({ status: 'signed-in' });
  });
});

describe('sessions', () => {
  it('lists the account\'s sessions with browser, system and a shortened address, and signs one or all others out', async () => {
    const account = await newAccount('sessions');
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
    const other = await signIn(account.email, PASSWORD, { 'user-agent': firefox });
    const third = await signIn(account.email);
    const list = await trpcQuery<{ id: string; browser: string; os: string; address: string; current: boolean }[]>(server, 'account.sessions.list', { cookie: account.cookie });
    expect(list.data).toHaveLength(3);
    expect(list.data?.filter((session) => session.current)).toHaveLength(1);
    const firefoxSession = list.data?.find((session) => session.browser === 'Firefox');
    expect(firefoxSession).toMatchObject({ os: 'Windows', address: '127.0.0.x', current: false });

    const revoked = await trpcMutation(server, 'account.sessions.revoke', { sessionId: firefoxSession?.id }, { cookie: account.cookie });
    expect(revoked.data).toEqual({ message: accountMessages.sessionEnded });
    expect((await me(other.cookie))?.user).toBeNull();
    expect((await trpcMutation(server, 'account.sessions.revoke', { sessionId: firefoxSession?.id }, { cookie: account.cookie })).status).toBe(404);

    // Another account's session id is unknown here.
    const stranger = await newAccount('sessions-stranger');
    const strangerSessions = await trpcQuery<{ id: string }[]>(server, 'account.sessions.list', { cookie: stranger.cookie });
    expect((await trpcMutation(server, 'account.sessions.revoke', { sessionId: strangerSessions.data?.[0]?.id }, { cookie: account.cookie })).status).toBe(404);
    expect((await me(stranger.cookie))?.user).not.toBeNull();

    expect((await trpcMutation(server, 'account.sessions.revokeOthers', undefined, { cookie: account.cookie })).data).toEqual({ message: accountMessages.otherSessionsEnded, ended: 1 });
    expect((await me(third.cookie))?.user).toBeNull();
    expect((await me(account.cookie))?.user).not.toBeNull();
  });
});
