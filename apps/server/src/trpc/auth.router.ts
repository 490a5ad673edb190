import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { authMessages, normalizeEmail, normalizeReferralCode, signInSchema, signUpSchema } from '@wellspring/domain';
import { hashPassword, verifyAgainstDummyHash, verifyPassword } from '../auth/password.ts';
import { isCommonPassword } from '../auth/password-policy.ts';
import { clearSessionCookie, createSession, invalidateSession, setSessionCookie } from '../auth/session.ts';
import { accountCommands } from '../commands/account.commands.ts';
import { commandContext, runCommand } from '../commands/run-command.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { findUserCredentialsByEmail, type PublicUser } from '../repositories/user.repository.ts';
import { fieldError } from './field-error.ts';
import { clientIp, enforceRateLimit, publicProcedure, router, type Context } from './trpc.ts';

export interface SignedInUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

const toSignedInUser = (user: PublicUser): SignedInUser => ({ id: user.id, name: user.name, email: user.email });

async function startSession(ctx: Context, userId: string): Promise<void> {
  // A new token at every sign-in: an old (possibly planted) session cookie is never kept.
  if (ctx.sessionId) await invalidateSession(ctx.db, ctx.sessionId);
  const { token, expiresAt } = await createSession(ctx.db, userId);
  setSessionCookie(ctx.res, token, expiresAt, ctx.config.production);
}

export const authRouter = router({
  signUp: publicProcedure.input(signUpSchema).mutation(async ({ ctx, input }): Promise<{ user: SignedInUser }> => {
    const { signUpMax, signUpWindowMs } = ctx.config.rateLimits;
    await enforceRateLimit(ctx, { bucket: 'sign-up', max: signUpMax, windowMs: signUpWindowMs }, clientIp(ctx), authMessages.tooManyAttempts);
    // Before the e-mail lookup and the hashing: a listed password costs neither, and its answer
    // does not tell whether the e-mail has an account.
    if (await isCommonPassword(input.password)) throw fieldError('password', authMessages.passwordTooCommon);
    const email = normalizeEmail(input.email);
    const name = input.name.trim();
    const passwordHash = await hashPassword(input.password);
    const userId = randomUUID();
    const form = { email, name, passwordHash, referralCode: input.referralCode ? normalizeReferralCode(input.referralCode) : '' };
    try {
      // The account acts on its own creation: its events, and the redemption's, name it.
      await runCommand({ ...commandContext(ctx), actor: { userId } }, accountCommands(form), userId, { kind: 'SignUp', userId });
    } catch (error) {
      // The lock orders sign-ups with one address; the unique index still answers any other writer.
      if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: authMessages.emailTaken });
      throw error;
    }
    await startSession(ctx, userId);
    return { user: { id: userId, name, email } };
  }),

  signIn: publicProcedure.input(signInSchema).mutation(async ({ ctx, input }): Promise<{ user: SignedInUser }> => {
    const email = normalizeEmail(input.email);
    const { signInMax, signInPerAddressMax, signInWindowMs } = ctx.config.rateLimits;
    // Per source address across accounts (one client guessing many e-mails), then per account from
    // any address (many clients guessing one account's password). Both before any password check.
    await enforceRateLimit(ctx, { bucket: 'sign-in-ip', max: signInPerAddressMax, windowMs: signInWindowMs }, clientIp(ctx), authMessages.tooManyAttempts);
    await enforceRateLimit(ctx, { bucket: 'sign-in-account', max: signInMax, windowMs: signInWindowMs }, email, authMessages.tooManyAttempts);
    const credentials = await findUserCredentialsByEmail(ctx.db, email);
    const passwordMatches = credentials
      ? await verifyPassword(credentials.passwordHash, input.password)
      : await verifyAgainstDummyHash(input.password).then(() => false);
    if (!credentials || !passwordMatches) throw new TRPCError({ code: 'UNAUTHORIZED', message: authMessages.invalidCredentials });
    await startSession(ctx, credentials.id);
    return { user: toSignedInUser(credentials) };
  }),

  signOut: publicProcedure.mutation(async ({ ctx }): Promise<{ ok: true }> => {
    if (ctx.sessionId) await invalidateSession(ctx.db, ctx.sessionId);
    clearSessionCookie(ctx.res, ctx.config.production);
    return { ok: true };
  }),

  me: publicProcedure.query(({ ctx }): { user: SignedInUser | null } => ({ user: ctx.user ? toSignedInUser(ctx.user) : null })),
});
