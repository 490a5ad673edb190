/**
 * Signing up, in and out, and getting back in (issue 25): sign-up answers the same whether or not
 * the address has an account (the e-mail tells the owner); sign-in counts failures only, per address
 * first and per account second, and asks for the 2-step code after the password when the account
 * has it on; a forgotten password is reset through a single-use link (never past the second
 * factor); an address is proved by its link.
 */
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import {
  accountMessages,
  authMessages,
  emailVerificationSchema,
  newPasswordProblemFor,
  normalizeEmail,
  normalizeReferralCode,
  passwordResetLinkSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  referralCodeErrors,
  secondFactorSchema,
  signInSchema,
  signUpSchema,
} from '@wellspring/domain';
import { findLiveAccountLink, newAccountToken } from '../auth/account-links.ts';
import { hashPassword, verifyAgainstDummyHash, verifyPassword } from '../auth/password.ts';
import { isCommonPassword } from '../auth/password-policy.ts';
import { checkSecondFactor } from '../auth/second-factor.ts';
import { clearSessionCookie, createSession, invalidateSession, readSessionToken, SESSION_LIFETIME_MS, setSessionCookie } from '../auth/session.ts';
import { accountCommands } from '../commands/account.commands.ts';
import { accountSecurityCommands } from '../commands/account-security.commands.ts';
import { commandContext, DomainRejection, runCommand } from '../commands/run-command.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { findReferralOffer } from '../practice/referral-offer.ts';
import { findUserCredentialsByEmail, type PublicUser } from '../repositories/user.repository.ts';
import { fieldError } from './field-error.ts';
import { clientIp, countFailure, enforceRateLimit, publicProcedure, refuseWhenLimited, router, type Context } from './trpc.ts';

export interface SignedInUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly emailVerified: boolean;
}

const toSignedInUser = (user: PublicUser): SignedInUser => ({ id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerified });

/** Requests whose answer must not tell whether the address has an account take at least this long. */
const EVEN_ANSWER_MS = 300;
const answerNoSoonerThan = async (startedAt: number): Promise<void> => {
  const left = EVEN_ANSWER_MS - (performance.now() - startedAt);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
};

async function startSession(ctx: Context, userId: string, secondFactorPending = false): Promise<void> {
  // A new token at every sign-in: an old (possibly planted) session cookie is never kept.
  if (ctx.sessionId) await invalidateSession(ctx.db, ctx.sessionId);
  if (ctx.pendingSignIn) await invalidateSession(ctx.db, ctx.pendingSignIn.sessionId);
  const { token, expiresAt } = await createSession(ctx.db, userId, ctx.now, {
    userAgent: ctx.req.headers['user-agent'] ?? null,
    address: clientIp(ctx),
    secondFactorPending,
  });
  setSessionCookie(ctx.res, token, expiresAt, ctx.config.production);
}

const signInRules = (ctx: Context) => {
  const { signInMax, signInPerAddressMax, signInWindowMs, secondFactorMax } = ctx.config.rateLimits;
  return {
    address: { bucket: 'sign-in-ip', max: signInPerAddressMax, windowMs: signInWindowMs },
    account: { bucket: 'sign-in-account', max: signInMax, windowMs: signInWindowMs },
    secondFactor: { bucket: 'second-factor', max: secondFactorMax, windowMs: signInWindowMs },
  };
};

/** Sends the account `userId` a new link to reset its password (asked for, or after its sign-in was locked). */
async function sendResetLink(ctx: Context, userId: string, reason: 'requested' | 'locked'): Promise<void> {
  const token = newAccountToken(ctx.links, 'password-reset', ctx.now);
  await runCommand({ ...commandContext(ctx), actor: { userId: ctx.user?.id ?? null } }, accountSecurityCommands({ token }), userId, {
    kind: 'RequestPasswordReset',
    tokenId: token.id,
    reason,
  });
}

/** Sends the account a new link to prove its address. */
export async function sendVerificationLink(ctx: Context, userId: string): Promise<void> {
  const token = newAccountToken(ctx.links, 'email-verification', ctx.now);
  await runCommand({ ...commandContext(ctx), actor: { userId } }, accountSecurityCommands({ token }), userId, { kind: 'RequestEmailVerification', tokenId: token.id });
}

/** A second factor's refusal counts against the account's limit of wrong codes (sign-in, reset, Settings). */
export async function withSecondFactorLimit<T>(ctx: Context, userId: string, work: () => Promise<T>): Promise<T> {
  const rule = signInRules(ctx).secondFactor;
  await refuseWhenLimited(ctx, rule, userId, authMessages.tooManyAttempts);
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainRejection && error.domainError.code === 'FORBIDDEN') await countFailure(ctx, rule, userId);
    throw error;
  }
}

export const authRouter = router({
  /** One answer whether or not the address has an account: the e-mail to it says which (a link, or a notice). */
  signUp: publicProcedure.input(signUpSchema).mutation(async ({ ctx, input }): Promise<{ message: string }> => {
    const { signUpMax, signUpWindowMs } = ctx.config.rateLimits;
    await enforceRateLimit(ctx, { bucket: 'sign-up', max: signUpMax, windowMs: signUpWindowMs }, clientIp(ctx), authMessages.tooManyAttempts);
    // Before the e-mail lookup and the hashing: a listed password costs neither, and its answer
    // does not tell whether the e-mail has an account.
    if (await isCommonPassword(input.password)) throw fieldError('password', authMessages.passwordTooCommon);
    const referralCode = input.referralCode ? normalizeReferralCode(input.referralCode) : '';
    if (referralCode !== '') {
      // Checked now, redeemed when the address is proved (an unproved account counts no redemption).
      const offer = await findReferralOffer(ctx.db, referralCode, ctx.now);
      if (!offer) throw fieldError('referralCode', referralCodeErrors.notFound);
      if (offer.unavailable) throw fieldError('referralCode', offer.unavailable);
    }
    const email = normalizeEmail(input.email);
    const name = input.name.trim();
    const passwordHash = await hashPassword(input.password);
    const userId = randomUUID();
    try {
      // The account acts on its own creation: its events name it.
      await runCommand({ ...commandContext(ctx), actor: { userId } }, accountCommands({ email, name, passwordHash, referralCode }), userId, { kind: 'SignUp', userId });
      await sendVerificationLink(ctx, userId);
    } catch (error) {
      const registered = (error instanceof DomainRejection && error.domainError.code === 'CONFLICT') || isUniqueViolation(error);
      if (!registered) throw error;
      const owner = await findUserCredentialsByEmail(ctx.db, email);
      if (owner) await runCommand({ ...commandContext(ctx), actor: { userId: null } }, accountSecurityCommands(), owner.id, { kind: 'NoteSignUpAttempt' });
    }
    return { message: accountMessages.signUpCheckEmail };
  }),

  /**
   * The password, then (with 2-step on) the code through `secondFactor`. Only failures count: per
   * source address first, then per account; the failure that locks an account e-mails its owner a
   * reset link, which lifts the lock.
   */
  signIn: publicProcedure
    .input(signInSchema)
    .mutation(async ({ ctx, input }): Promise<{ status: 'signed-in'; user: SignedInUser } | { status: 'second-factor' }> => {
      const email = normalizeEmail(input.email);
      const rules = signInRules(ctx);
      await refuseWhenLimited(ctx, rules.address, clientIp(ctx), authMessages.tooManyAttempts);
      await refuseWhenLimited(ctx, rules.account, email, authMessages.tooManyAttempts);
      const credentials = await findUserCredentialsByEmail(ctx.db, email);
      const passwordMatches = credentials
        ? await verifyPassword(credentials.passwordHash, input.password)
        : await verifyAgainstDummyHash(input.password).then(() => false);
      if (!credentials || !passwordMatches) {
        await countFailure(ctx, rules.address, clientIp(ctx));
        const lockedNow = await countFailure(ctx, rules.account, email);
        if (lockedNow && credentials) await sendResetLink(ctx, credentials.id, 'locked');
        throw new TRPCError({ code: 'UNAUTHORIZED', message: authMessages.invalidCredentials });
      }
      if (credentials.totpEnabledAt) {
        await startSession(ctx, credentials.id, true);
        return { status: 'second-factor' };
      }
      await startSession(ctx, credentials.id);
      return { status: 'signed-in', user: toSignedInUser(credentials) };
    }),

  /** The sign-in's second step: a code from the authenticator app, or one of the recovery codes. */
  secondFactor: publicProcedure.input(secondFactorSchema).mutation(async ({ ctx, input }): Promise<{ user: SignedInUser }> => {
    const pending = ctx.pendingSignIn;
    if (!pending) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
    const answer = 'code' in input ? { code: input.code } : { recoveryCode: input.recoveryCode };
    await withSecondFactorLimit(ctx, pending.userId, async () => {
      const secondFactor = await checkSecondFactor(ctx.db, ctx.secrets, pending.userId, answer, ctx.now);
      const passedSession = { id: pending.sessionId, expiresAt: new Date(ctx.now.getTime() + SESSION_LIFETIME_MS) };
      await runCommand({ ...commandContext(ctx), actor: { userId: pending.userId } }, accountSecurityCommands({ passedSession }), pending.userId, {
        kind: 'PassSecondFactor',
        secondFactor,
      });
    });
    const user = await ctx.db.user.findUniqueOrThrow({ where: { id: pending.userId }, select: { id: true, name: true, email: true, emailVerifiedAt: true } });
    // The session's cookie is the one the password step set; its expiry is now the full one.
    const token = readSessionToken(ctx.req);
    if (token) setSessionCookie(ctx.res, token, new Date(ctx.now.getTime() + SESSION_LIFETIME_MS), ctx.config.production);
    return { user: { id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerifiedAt !== null } };
  }),

  signOut: publicProcedure.mutation(async ({ ctx }): Promise<{ ok: true }> => {
    if (ctx.sessionId) await invalidateSession(ctx.db, ctx.sessionId);
    if (ctx.pendingSignIn) await invalidateSession(ctx.db, ctx.pendingSignIn.sessionId);
    clearSessionCookie(ctx.res, ctx.config.production);
    return { ok: true };
  }),

  me: publicProcedure.query(({ ctx }): { user: SignedInUser | null; secondFactorPending: boolean } => ({
    user: ctx.user ? toSignedInUser(ctx.user) : null,
    secondFactorPending: Boolean(ctx.pendingSignIn),
  })),

  /** "Forgot password?": the same answer, in the same time, for any address; limited per address and per e-mail. */
  requestPasswordReset: publicProcedure.input(passwordResetRequestSchema).mutation(async ({ ctx, input }): Promise<{ message: string }> => {
    const startedAt = performance.now();
    const email = normalizeEmail(input.email);
    const { passwordResetPerAddressMax, passwordResetPerEmailMax, accountMailWindowMs } = ctx.config.rateLimits;
    await enforceRateLimit(ctx, { bucket: 'password-reset-ip', max: passwordResetPerAddressMax, windowMs: accountMailWindowMs }, clientIp(ctx), authMessages.tooManyAttempts);
    await enforceRateLimit(ctx, { bucket: 'password-reset-email', max: passwordResetPerEmailMax, windowMs: accountMailWindowMs }, email, authMessages.tooManyAttempts);
    const account = await findUserCredentialsByEmail(ctx.db, email);
    if (account) await sendResetLink(ctx, account.id, 'requested');
    await answerNoSoonerThan(startedAt);
    return { message: accountMessages.resetSent };
  }),

  /** What the reset page shows before its form: whether the link still works, and whether it asks for a code. */
  passwordResetLink: publicProcedure.input(passwordResetLinkSchema).query(async ({ ctx, input }): Promise<{ twoStep: boolean }> => {
    const link = await findLiveAccountLink(ctx.db, ctx.links, input.token, ['password-reset'], ctx.now);
    if (!link) throw new TRPCError({ code: 'NOT_FOUND', message: accountMessages.linkInvalid });
    const user = await ctx.db.user.findUniqueOrThrow({ where: { id: link.userId }, select: { totpEnabledAt: true } });
    return { twoStep: user.totpEnabledAt !== null };
  }),

  /** A new password through the link: the second factor first when 2-step is on; every session ends; a notice e-mail. */
  resetPassword: publicProcedure.input(passwordResetSchema).mutation(async ({ ctx, input }): Promise<{ message: string }> => {
    const link = await findLiveAccountLink(ctx.db, ctx.links, input.token, ['password-reset'], ctx.now);
    if (!link) throw new TRPCError({ code: 'NOT_FOUND', message: accountMessages.linkInvalid });
    const account = await ctx.db.user.findUniqueOrThrow({ where: { id: link.userId }, select: { email: true, name: true } });
    const problem = newPasswordProblemFor(input.password, account);
    if (problem) throw fieldError('password', problem);
    if (await isCommonPassword(input.password)) throw fieldError('password', authMessages.passwordTooCommon);
    await withSecondFactorLimit(ctx, link.userId, async () => {
      const secondFactor = await checkSecondFactor(ctx.db, ctx.secrets, link.userId, input, ctx.now);
      const passwordHash = await hashPassword(input.password);
      await runCommand({ ...commandContext(ctx), actor: { userId: link.userId } }, accountSecurityCommands({ passwordHash }), link.userId, {
        kind: 'ResetPassword',
        link: { live: true, tokenId: link.tokenId },
        secondFactor,
      });
    });
    clearSessionCookie(ctx.res, ctx.config.production);
    return { message: accountMessages.passwordReset };
  }),

  /** Opens an e-mail's link: a new account's address proved, or a change of address made. */
  verifyEmail: publicProcedure.input(emailVerificationSchema).mutation(async ({ ctx, input }): Promise<{ message: string }> => {
    const link = await findLiveAccountLink(ctx.db, ctx.links, input.token, ['email-verification', 'email-change'], ctx.now);
    if (!link) throw new TRPCError({ code: 'NOT_FOUND', message: accountMessages.linkInvalid });
    const live = { live: true as const, tokenId: link.tokenId };
    const change = link.purpose === 'email-change';
    await runCommand({ ...commandContext(ctx), actor: { userId: link.userId } }, accountSecurityCommands(), link.userId, change ? { kind: 'ChangeEmail', link: live } : { kind: 'VerifyEmail', link: live });
    return { message: change ? accountMessages.emailChanged : accountMessages.emailVerified };
  }),
});
