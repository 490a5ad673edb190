/**
 * Referrals and referral codes (issue 14) on a real PostgreSQL: every command of the referral and
 * referral-code machines allowed and refused through the router, redemption at sign-up (counted,
 * completing the matching referral, crediting both sides), concurrent redemptions of a code at its
 * limit, expiry, and the referral e-mail through the outbox relay to a real local SMTP server.
 */
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoReferrals } from '../src/seed/demo-referrals.seed.ts';
import { createLogger } from '../src/logger.ts';
import { createRelay, type Relay } from '../src/outbox/relay.ts';
import { redeemReferralCode } from '../src/practice/referral-redemption.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createPractitioner, type PracticeCaller, type TestPractitioner } from './support/practice-factory.ts';
import { accountIdOf, latestLinkToken } from './support/account-links.ts';
import { createTestCaller, testConfig } from './support/server.ts';
import { readableMail, startSmtpSink, type SmtpSink } from './support/smtp-sink.ts';

let database: TestDatabase;
const relays: Relay[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  for (const relay of relays.splice(0)) await relay.stop({ graceMs: 0 });
});
afterAll(async () => {
  await database?.drop();
});

/** The error a call fails with (or null). */
const failure = async (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: unknown) => {
      expect(error).toBeInstanceOf(TRPCError);
      const trpc = error as TRPCError;
      const fieldErrors = (trpc.cause as { issues?: { path: string[]; message: string }[] } | undefined)?.issues?.map((issue) => [issue.path.join('.'), issue.message]);
      return { code: trpc.code, message: trpc.message, fieldErrors };
    },
  );

let codeCounter = 0;
const uniqueCode = (prefix = 'CODE') => `${prefix}-${Date.now().toString(36).toUpperCase()}${(codeCounter += 1)}`;

async function newCode(caller: PracticeCaller, fields: Partial<{ code: string; reward: string; maxUsage: string; expiryDate: string; description: string }> = {}) {
  return caller.referralCodes.create({ code: uniqueCode(), description: '$50 off first consultation', reward: '50', maxUsage: '', expiryDate: '', ...fields });
}

const callerAt = (practitioner: TestPractitioner, now: Date) => createTestCaller(database.db, { user: practitioner.user, sessionId: 'test-session', now });

const PASSWORD = 'Quiet-River-Stones-42';
const signUp = (email: string, referralCode: string, now = new Date()) => createTestCaller(database.db, { now }).auth.signUp({ name: 'New Person', email, password: PASSWORD, referralCode });
/** Opens the confirmation link the sign-up e-mailed: the address is proved, and the code is redeemed then. */
async function verify(email: string): Promise<{ id: string }> {
  const id = await accountIdOf(database.db, email);
  await createTestCaller(database.db).auth.verifyEmail({ token: await latestLinkToken(database.db, id, 'EmailVerificationRequested') });
  return { id };
}

describe('referral codes', () => {
  it('creates a code unique across the site, lists it, and refuses bad input with field messages', async () => {
    const owner = await createPractitioner(database.db);
    const other = await createPractitioner(database.db);
    const code = uniqueCode('SPRING');
    const created = await owner.caller.referralCodes.create({ code: code.toLowerCase(), description: '30% off a first visit', reward: '30.50', maxUsage: '10', expiryDate: '2099-12-31' });
    expect(created.code).toBe(code);
    expect(await owner.caller.referralCodes.list()).toEqual([
      { id: created.id, code, description: '30% off a first visit', rewards: { referrer: 3050, referee: 3050 }, usageCount: 0, maxUsage: 10, expiryDate: '2099-12-31T23:59:59.999Z', active: true, redeemable: true },
    ]);
    // Unique across the site: another practitioner cannot take it, in any letter case.
    expect(await failure(other.caller.referralCodes.create({ code: code.toLowerCase(), description: 'Mine', reward: '1', maxUsage: '', expiryDate: '' }))).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: [['code', 'This referral code already exists.']],
    });
    expect(await other.caller.referralCodes.list()).toEqual([]);
    expect(await failure(owner.caller.referralCodes.create({ code: 'a!', description: '', reward: '-1', maxUsage: '0', expiryDate: 'soon' }))).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('deactivates and activates by its owner only, each once, and deletes for good', async () => {
    const owner = await createPractitioner(database.db);
    const other = await createPractitioner(database.db);
    const { id } = await newCode(owner.caller);
    expect(await owner.caller.referralCodes.deactivate({ id })).toEqual({ id, status: 'inactive' });
    expect(await failure(owner.caller.referralCodes.deactivate({ id }))).toMatchObject({ code: 'CONFLICT', message: 'This referral code is already inactive.' });
    expect((await owner.caller.referralCodes.list())[0]).toMatchObject({ active: false, redeemable: false });
    expect(await owner.caller.referralCodes.activate({ id })).toEqual({ id, status: 'active' });
    expect(await failure(owner.caller.referralCodes.activate({ id }))).toMatchObject({ code: 'CONFLICT', message: 'This referral code is already active.' });
    // Another practitioner's id is exactly an unknown one.
    for (const verb of ['activate', 'deactivate', 'delete'] as const) {
      expect(await failure(other.caller.referralCodes[verb]({ id }))).toEqual({ code: 'NOT_FOUND', message: 'Referral code not found.', fieldErrors: undefined });
      expect(await failure(other.caller.referralCodes[verb]({ id: randomUUID() }))).toEqual({ code: 'NOT_FOUND', message: 'Referral code not found.', fieldErrors: undefined });
    }
    expect(await owner.caller.referralCodes.delete({ id })).toEqual({ id, status: 'deleted' });
    expect(await owner.caller.referralCodes.list()).toEqual([]);
    for (const verb of ['activate', 'deactivate', 'delete'] as const) expect(await failure(owner.caller.referralCodes[verb]({ id }))).toMatchObject({ code: 'NOT_FOUND', message: 'Referral code not found.' });
    const events = await database.query<{ type: string }>('SELECT type FROM domain_event WHERE aggregate_id = $1 ORDER BY sequence', [id]);
    expect(events.map((event) => event.type)).toEqual(['ReferralCodeCreated', 'ReferralCodeDeactivated', 'ReferralCodeActivated', 'ReferralCodeDeleted']);
  });

  it('shows a visitor what a shared code offers, and why it cannot be redeemed', async () => {
    const owner = await createPractitioner(database.db, { name: 'Dr. Offer' });
    const { id, code } = await newCode(owner.caller, { description: '$50 off first consultation' });
    const visitor = createTestCaller(database.db);
    expect(await visitor.referralCodes.offer({ code: code.toLowerCase() })).toEqual({ code, description: '$50 off first consultation', rewardMinor: 5000, referrerName: 'Dr. Offer', unavailable: null });
    await owner.caller.referralCodes.deactivate({ id });
    expect((await visitor.referralCodes.offer({ code })).unavailable).toBe('This referral code is inactive.');
    await owner.caller.referralCodes.delete({ id });
    expect(await failure(visitor.referralCodes.offer({ code }))).toMatchObject({ code: 'NOT_FOUND', message: 'Referral code not found.' });
  });
});

describe('referrals', () => {
  it('sends a pending referral with an active code, its e-mail queued; refuses a code that is not usable', async () => {
    const owner = await createPractitioner(database.db, { name: 'Dr. Sender' });
    const { id: codeId, code } = await newCode(owner.caller);
    const sent = await owner.caller.referrals.create({ name: 'Pat Referee', email: ' Pat@Example.com ', type: 'patient', referralCode: code, message: 'See you soon' });
    expect(sent).toMatchObject({ status: 'pending', email: 'pat@example.com' });
    const [row] = await database.query<{ status: string; referee_email: string; message: string; code_id: string }>('SELECT status, referee_email, message, code_id FROM referral WHERE id = $1', [sent.id]);
    expect(row).toEqual({ status: 'pending', referee_email: 'pat@example.com', message: 'See you soon', code_id: codeId });
    expect(await database.query('SELECT type, delivery_status FROM domain_event WHERE aggregate_id = $1', [sent.id])).toEqual([{ type: 'ReferralSent', delivery_status: 'pending' }]);
    const { referrals, stats } = await owner.caller.referrals.list();
    expect(referrals).toEqual([expect.objectContaining({ id: sent.id, role: 'sender', status: 'pending', referralCode: code, refereeName: 'Pat Referee', actions: ['resend', 'cancel'] })]);
    expect(stats).toEqual({ total: 1, completed: 0, rewardsEarned: 0 });

    const form = { name: 'Pat Referee', email: 'pat2@example.com', type: 'patient' as const, referralCode: code };
    await owner.caller.referralCodes.deactivate({ id: codeId });
    expect(await failure(owner.caller.referrals.create(form))).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: [['referralCode', 'This referral code is inactive.']] });
    const other = await createPractitioner(database.db);
    const foreign = await newCode(other.caller);
    expect(await failure(owner.caller.referrals.create({ ...form, referralCode: foreign.code }))).toMatchObject({ fieldErrors: [['referralCode', 'Referral code not found.']] });
    const expiring = await newCode(owner.caller, { expiryDate: '2000-01-01' });
    expect(await failure(owner.caller.referrals.create({ ...form, referralCode: expiring.code }))).toMatchObject({ fieldErrors: [['referralCode', 'This referral code has expired.']] });
    const active = await newCode(owner.caller);
    expect(await failure(owner.caller.referrals.create({ ...form, email: owner.user.email.toUpperCase(), referralCode: active.code }))).toMatchObject({ fieldErrors: [['email', 'You cannot refer yourself.']] });
    expect(await failure(owner.caller.referrals.create({ ...form, name: 'P', email: 'nope', referralCode: '' }))).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: [
        ['name', 'Name must be at least 2 characters'],
        ['email', 'Please enter a valid email address'],
        ['referralCode', 'Please select a referral code'],
      ],
    });
  });

  it('lets the sender resend or cancel, the receiver (by account e-mail) accept or decline, and nobody else anything', async () => {
    const sender = await createPractitioner(database.db);
    const receiver = await createPractitioner(database.db);
    const stranger = await createPractitioner(database.db);
    const { code } = await newCode(sender.caller);
    const send = () => sender.caller.referrals.create({ name: 'Colleague', email: receiver.user.email, type: 'practitioner', referralCode: code });

    const first = await send();
    expect(await sender.caller.referrals.resend({ id: first.id })).toEqual({ id: first.id, status: 'pending' });
    expect(await database.query('SELECT resend_count FROM referral WHERE id = $1', [first.id])).toEqual([{ resend_count: 1 }]);
    expect(await failure(receiver.caller.referrals.resend({ id: first.id }))).toMatchObject({ code: 'FORBIDDEN', message: 'Only the person who sent this referral can do that.' });
    expect(await failure(receiver.caller.referrals.cancel({ id: first.id }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await failure(sender.caller.referrals.accept({ id: first.id }))).toMatchObject({ code: 'FORBIDDEN', message: 'Only the person who received this referral can do that.' });
    expect(await failure(sender.caller.referrals.decline({ id: first.id }))).toMatchObject({ code: 'FORBIDDEN' });
    // The receiver sees it as received, with their actions.
    expect((await receiver.caller.referrals.list()).referrals).toEqual([expect.objectContaining({ id: first.id, role: 'receiver', actions: ['accept', 'decline'] })]);
    expect(await receiver.caller.referrals.accept({ id: first.id })).toEqual({ id: first.id, status: 'accepted' });
    expect(await failure(receiver.caller.referrals.accept({ id: first.id }))).toMatchObject({ code: 'CONFLICT', message: 'This referral is accepted, not pending.' });
    expect(await failure(sender.caller.referrals.cancel({ id: first.id }))).toMatchObject({ code: 'CONFLICT', message: 'This referral is accepted, not pending.' });

    const second = await send();
    expect(await receiver.caller.referrals.decline({ id: second.id })).toEqual({ id: second.id, status: 'declined' });
    expect(await failure(sender.caller.referrals.resend({ id: second.id }))).toMatchObject({ code: 'CONFLICT', message: 'This referral is declined, not pending.' });

    const third = await send();
    expect(await sender.caller.referrals.cancel({ id: third.id })).toEqual({ id: third.id, status: 'cancelled' });
    expect(await failure(receiver.caller.referrals.decline({ id: third.id }))).toMatchObject({ code: 'CONFLICT', message: 'This referral is cancelled, not pending.' });

    // A third practitioner: the referral is exactly an unknown one.
    const fourth = await send();
    for (const verb of ['resend', 'cancel', 'accept', 'decline'] as const) {
      expect(await failure(stranger.caller.referrals[verb]({ id: fourth.id }))).toEqual({ code: 'NOT_FOUND', message: 'Referral not found.', fieldErrors: undefined });
      expect(await failure(stranger.caller.referrals[verb]({ id: randomUUID() }))).toEqual({ code: 'NOT_FOUND', message: 'Referral not found.', fieldErrors: undefined });
    }
    expect((await stranger.caller.referrals.list()).referrals).toEqual([]);
    const statuses = new Map((await database.query<{ id: string; status: string }>('SELECT id, status FROM referral WHERE id = ANY($1)', [[first.id, second.id, third.id, fourth.id]])).map((row) => [row.id, row.status]));
    expect([first, second, third, fourth].map((referral) => statuses.get(referral.id))).toEqual(['accepted', 'declined', 'cancelled', 'pending']);
  });

  it('expires a pending referral past its expiry; it can then be cancelled but not resent or accepted', async () => {
    const now = new Date();
    const sender = await createPractitioner(database.db, { now });
    const receiver = await createPractitioner(database.db);
    const { code } = await newCode(sender.caller);
    const sent = await sender.caller.referrals.create({ name: 'Late Colleague', email: receiver.user.email, type: 'practitioner', referralCode: code });
    const later = new Date(now.getTime() + 31 * 24 * 60 * 60 * 1000);
    expect(await failure(callerAt(sender, later).referrals.resend({ id: sent.id }))).toMatchObject({ code: 'PRECONDITION_FAILED', message: 'This referral has expired.' });
    expect(await failure(callerAt(receiver, later).referrals.accept({ id: sent.id }))).toMatchObject({ code: 'PRECONDITION_FAILED', message: 'This referral has expired.' });
    expect((await callerAt(sender, now).referrals.list()).referrals[0]).toMatchObject({ status: 'pending' });
    expect((await callerAt(sender, later).referrals.list()).referrals[0]).toMatchObject({ status: 'expired', actions: [] });
    expect(await database.query('SELECT status FROM referral WHERE id = $1', [sent.id])).toEqual([{ status: 'expired' }]);
    expect(await database.query("SELECT actor_id FROM domain_event WHERE aggregate_id = $1 AND type = 'ReferralExpired'", [sent.id])).toEqual([{ actor_id: null }]);
  });
});

describe('redeeming a code at sign-up', () => {
  it('counts nothing and shows no referral to the address until it is proved, then counts the use, completes the matching referral and credits both sides', async () => {
    const sender = await createPractitioner(database.db);
    const { id: codeId, code } = await newCode(sender.caller, { reward: '25' });
    const email = `redeemer.${randomUUID().slice(0, 8)}@example.com`;
    const sent = await sender.caller.referrals.create({ name: 'Redeemer', email, type: 'practitioner', referralCode: code });
    const other = await sender.caller.referrals.create({ name: 'Someone Else', email: 'else@example.com', type: 'patient', referralCode: code });

    await signUp(email.toUpperCase(), code.toLowerCase());
    // Anyone can sign up with any address: until its link is opened, the account counts no
    // redemption and sees nothing sent to that address.
    expect(await database.query('SELECT usage_count FROM referral_code WHERE id = $1', [codeId])).toEqual([{ usage_count: 0 }]);
    const unproved = await database.db.user.findUniqueOrThrow({ where: { email }, select: { id: true, name: true, email: true, role: true } });
    const unprovedCaller = createTestCaller(database.db, { user: { ...unproved, emailVerified: false }, sessionId: 'unproved' });
    expect((await unprovedCaller.referrals.list()).referrals).toEqual([]);
    expect(await failure(unprovedCaller.referrals.decline({ id: sent.id }))).toMatchObject({ code: 'NOT_FOUND' });

    const user = await verify(email);
    expect(await database.query('SELECT usage_count FROM referral_code WHERE id = $1', [codeId])).toEqual([{ usage_count: 1 }]);
    const provedCaller = createTestCaller(database.db, { user: { ...unproved, emailVerified: true }, sessionId: 'proved' });
    expect((await provedCaller.referrals.list()).referrals.map((referral) => referral.id)).toEqual([sent.id]);
    const rows = await database.query<{ id: string; status: string; referrer_reward_minor: number | null; referee_reward_minor: number | null; referee_user_id: string | null }>(
      'SELECT id, status, referrer_reward_minor, referee_reward_minor, referee_user_id::text FROM referral WHERE id = ANY($1) ORDER BY status',
      [[sent.id, other.id]],
    );
    expect(rows).toEqual([
      { id: sent.id, status: 'completed', referrer_reward_minor: 2500, referee_reward_minor: 2500, referee_user_id: user.id },
      { id: other.id, status: 'pending', referrer_reward_minor: null, referee_reward_minor: null, referee_user_id: null },
    ]);
    expect(await database.query('SELECT referral_id, referrer_reward_minor, referee_reward_minor FROM referral_redemption WHERE code_id = $1', [codeId])).toEqual([
      { referral_id: sent.id, referrer_reward_minor: 2500, referee_reward_minor: 2500 },
    ]);
    const events = await database.query<{ type: string }>('SELECT type FROM domain_event WHERE aggregate_id = ANY($1) ORDER BY sequence', [[sent.id, codeId]]);
    expect(events.map((event) => event.type)).toEqual(['ReferralCodeCreated', 'ReferralSent', 'ReferralCodeRedeemed', 'ReferralAccepted', 'ReferralCompleted']);
    // The redemption's ledger row is written by its machine, with an event of ids and amounts, by the new account.
    const [redemption] = await database.query<{ id: string }>('SELECT id FROM referral_redemption WHERE code_id = $1', [codeId]);
    expect(await database.query('SELECT type, payload, actor_id::text FROM domain_event WHERE aggregate_type = $1 AND aggregate_id = $2', ['referral_redemption', redemption?.id])).toEqual([
      {
        type: 'ReferralRedemptionRecorded',
        payload: { type: 'ReferralRedemptionRecorded', id: redemption?.id, codeId, referralId: sent.id, rewards: { referrer: 2500, referee: 2500 } },
        actor_id: user.id,
      },
    ]);
    expect((await sender.caller.referrals.list()).stats).toEqual({ total: 2, completed: 1, rewardsEarned: 2500 });
  });

  it('refuses an inactive, expired, deleted, used-up or unknown code with its message, and makes no account', async () => {
    const owner = await createPractitioner(database.db);
    const inactive = await newCode(owner.caller);
    await owner.caller.referralCodes.deactivate({ id: inactive.id });
    const expired = await newCode(owner.caller, { expiryDate: '2001-02-03' });
    const deleted = await newCode(owner.caller);
    await owner.caller.referralCodes.delete({ id: deleted.id });
    const usedUp = await newCode(owner.caller, { maxUsage: '1' });
    const first = `first.${randomUUID().slice(0, 8)}@example.com`;
    await signUp(first, usedUp.code);
    await verify(first);
    const cases: [string, string][] = [
      [inactive.code, 'This referral code is inactive.'],
      [expired.code, 'This referral code has expired.'],
      [deleted.code, 'Referral code not found.'],
      [usedUp.code, 'This referral code has reached its maximum number of uses.'],
      ['NO-SUCH-CODE', 'Referral code not found.'],
    ];
    for (const [code, message] of cases) {
      const email = `refused.${randomUUID().slice(0, 8)}@example.com`;
      expect(await failure(signUp(email, code))).toMatchObject({ code: 'BAD_REQUEST', message, fieldErrors: [['referralCode', message]] });
      expect(await database.query('SELECT id FROM app_user WHERE email = $1', [email])).toEqual([]);
    }
    // The owner cannot redeem their own code.
    const own = await database.db.$transaction((tx) => redeemReferralCode(tx, { actor: { userId: owner.user.id }, requestId: null, now: new Date() }, { code: inactive.code, userId: owner.user.id, email: owner.user.email }));
    expect(own).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: 'You cannot redeem your own referral code.' } });
    expect(await database.query('SELECT usage_count FROM referral_code WHERE id = $1', [usedUp.id])).toEqual([{ usage_count: 1 }]);
  });

  it('never goes past a code\'s usage limit under concurrent redemptions', async () => {
    const owner = await createPractitioner(database.db);
    const { id: codeId, code } = await newCode(owner.caller, { maxUsage: '3' });
    const attempts = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const userId = randomUUID();
        return database.db.$transaction((tx) => redeemReferralCode(tx, { actor: { userId }, requestId: null, now: new Date() }, { code, userId, email: `${userId}@example.com` }), { timeout: 20_000, maxWait: 20_000 });
      }),
    );
    expect(attempts.filter((attempt) => attempt.ok)).toHaveLength(3);
    expect(attempts.filter((attempt) => !attempt.ok).map((attempt) => !attempt.ok && attempt.error.message)).toEqual(Array(7).fill('This referral code has reached its maximum number of uses.'));
    expect(await database.query('SELECT usage_count FROM referral_code WHERE id = $1', [codeId])).toEqual([{ usage_count: 3 }]);
    expect(await database.query('SELECT count(*)::int AS n FROM referral_redemption WHERE code_id = $1', [codeId])).toEqual([{ n: 3 }]);
  });

  it('never goes past the limit when accounts signed up with it are proved in parallel, and every one of them is proved', async () => {
    const owner = await createPractitioner(database.db);
    const { id: codeId, code } = await newCode(owner.caller, { maxUsage: '2' });
    const emails = Array.from({ length: 5 }, () => `parallel.${randomUUID().slice(0, 8)}@example.com`);
    for (const email of emails) await signUp(email, code);
    await Promise.all(emails.map((email) => verify(email)));
    expect(await database.query('SELECT usage_count FROM referral_code WHERE id = $1', [codeId])).toEqual([{ usage_count: 2 }]);
    expect(await database.query('SELECT count(*)::int AS n FROM app_user WHERE email = ANY($1) AND email_verified_at IS NOT NULL', [emails])).toEqual([{ n: 5 }]);
  });
});

describe('the demo seed', () => {
  it('gives the demo practitioner the spec figures: 12 referrals, 5 completed, $120 earned, and the three codes', async () => {
    const demo = await createPractitioner(database.db, { name: 'Dr. Sarah Mitchell' });
    expect(await seedDemoReferrals(database.ownerDb, demo.practiceId, demo.user.id, demo.user.name)).toBe(true);
    expect(await seedDemoReferrals(database.ownerDb, demo.practiceId, demo.user.id, demo.user.name)).toBe(false);
    const { referrals, stats } = await demo.caller.referrals.list();
    expect(stats).toEqual({ total: 12, completed: 5, rewardsEarned: 12_000 });
    expect(new Set(referrals.map((referral) => referral.status))).toEqual(new Set(['pending', 'accepted', 'completed', 'expired', 'declined', 'cancelled']));
    expect((await demo.caller.referralCodes.list()).map((code) => [code.code, code.rewards.referrer, code.maxUsage, code.active])).toEqual([
      ['WELLNESS50', 5000, 50, true],
      ['COLLAB20', 2000, null, true],
      ['INITIAL25', 2500, 25, true],
    ]);
  });
});

describe('the referral e-mail', () => {
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('reaches the referee over SMTP with the code, its offer and the link, and again on resend', async () => {
    const sender = await createPractitioner(database.db, { name: 'Dr. Mail Sender' });
    const { code } = await newCode(sender.caller, { description: '$50 off first consultation', reward: '50' });
    const sent = await sender.caller.referrals.create({ name: 'Mia Referee', email: 'mia.referee@example.test', type: 'patient', referralCode: code, message: 'You will like it here.' });
    const config = testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://wellspring.test', MAIL_FROM: 'Wellspring <hello@wellspring.test>', RELAY_BASE_DELAY_MS: '2' }).relay;
    const relay = createRelay({ db: database.db, config, logger: createLogger('silent') });
    relays.push(relay);
    await relay.drain();

    const mine = () => smtp.messages.filter((message) => message.to.includes('mia.referee@example.test'));
    expect(mine()).toHaveLength(1);
    // Quoted-printable decodes to bytes: read them back as UTF-8 (the em dash).
    const mail = Buffer.from(readableMail(mine()[0]?.raw ?? ''), 'latin1').toString('utf8');
    expect(mail).toContain('Subject: Dr. Mail Sender referred you to Wellspring');
    expect(mail).toContain(`Your referral code: ${code} — $50 off first consultation. Sign up with it and you both receive a $50 reward.`);
    expect(mail).toContain('You will like it here.');
    expect(mail).toContain(`Redeem your referral: https://wellspring.test/referral?code=${code}`);
    expect(mail).toContain(`<a href="https://wellspring.test/referral?code=${code}">Redeem your referral</a>`);

    await sender.caller.referrals.resend({ id: sent.id });
    await relay.drain();
    expect(mine()).toHaveLength(2);
    const delivered = await database.query<{ type: string; delivery_status: string }>('SELECT type, delivery_status FROM domain_event WHERE aggregate_id = $1 ORDER BY sequence', [sent.id]);
    expect(delivered).toEqual([
      { type: 'ReferralSent', delivery_status: 'delivered' },
      { type: 'ReferralResent', delivery_status: 'delivered' },
    ]);
  });

  it('is not sent to an account that turned referral e-mails off in Settings; the referral is there all the same', async () => {
    const sender = await createPractitioner(database.db, { name: 'Dr. Quiet Sender' });
    const { code } = await newCode(sender.caller);
    const quiet = await createPractitioner(database.db, { name: 'Dr. Quiet Referee' });
    await quiet.caller.account.notifications({ referrals: false, contactMessages: true, communityEvents: true });
    expect((await quiet.caller.account.overview()).notifications).toEqual({ referrals: false, contactMessages: true, communityEvents: true });
    const sent = await sender.caller.referrals.create({ name: 'Dr. Quiet Referee', email: quiet.user.email, type: 'practitioner', referralCode: code });
    const config = testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://wellspring.test', MAIL_FROM: 'Wellspring <hello@wellspring.test>', RELAY_BASE_DELAY_MS: '2' }).relay;
    const relay = createRelay({ db: database.db, config, logger: createLogger('silent') });
    relays.push(relay);
    await relay.drain();
    expect(smtp.messages.filter((message) => message.to.includes(quiet.user.email))).toEqual([]);
    expect(await database.query('SELECT delivery_status FROM domain_event WHERE aggregate_id = $1', [sent.id])).toEqual([{ delivery_status: 'delivered' }]);
    expect((await quiet.caller.referrals.list()).referrals.map((referral) => referral.id)).toContain(sent.id);
  });
});
