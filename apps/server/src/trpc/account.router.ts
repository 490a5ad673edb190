/**
 * The signed-in account's own settings (issue 25): name, e-mail and password; 2-step verification
 * and its recovery codes; the sessions; which e-mails it gets. Changing the e-mail, the password or
 * 2-step asks for the password (and code) again when it was last entered more than 10 minutes ago
 * (ASVS 7.5.1): `reauthenticate` opens that window.
 */
import { TRPCError } from '@trpc/server';
import {
  accountMessages,
  accountNameSchema,
  authMessages,
  changeEmailSchema,
  changePasswordSchema,
  newPasswordProblemFor,
  normalizeEmail,
  notificationSettingsSchema,
  readNotificationSettings,
  reauthenticateSchema,
  REAUTHENTICATE_AFTER_MINUTES,
  sessionRefSchema,
  secondFactorSchema,
  twoStepConfirmSchema,
  type AccountSecurityCommand,
  type NotificationSettings,
} from '@wellspring/domain';
import Bowser from 'bowser';
import { newAccountToken } from '../auth/account-links.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { isCommonPassword } from '../auth/password-policy.ts';
import { newRecoveryCodes, normalisedRecoveryCode, recoveryCodeHash } from '../auth/recovery-codes.ts';
import { checkPendingTotp, checkSecondFactor } from '../auth/second-factor.ts';
import { newTotpSecret, totpUri } from '../auth/totp.ts';
import { accountSecurityCommands, type AccountWrites } from '../commands/account-security.commands.ts';
import { commandContext, runCommand } from '../commands/run-command.ts';
import { deleteOtherSessions, deleteSessionOfUser, listSessionsOfUser, markSessionAuthenticated } from '../repositories/session.repository.ts';
import { findUserCredentialsById } from '../repositories/user.repository.ts';
import { sendVerificationLink, withSecondFactorLimit } from './auth.router.ts';
import { fieldError } from './field-error.ts';
import { authedProcedure, countFailure, enforceRateLimit, refuseWhenLimited, router, type Context } from './trpc.ts';

type AccountContext = Context & { readonly user: NonNullable<Context['user']>; readonly sessionId: string };

export interface AccountOverview {
  readonly name: string;
  readonly email: string;
  readonly emailVerified: boolean;
  /** An address change waiting for its link, if any. */
  readonly pendingEmail: string | null;
  readonly twoStep: boolean;
  readonly recoveryCodesLeft: number;
  /** Whether a sensitive change needs the password again first. */
  readonly reauthenticate: boolean;
  readonly notifications: NotificationSettings;
}

export interface SessionView {
  readonly id: string;
  readonly browser: string;
  readonly os: string;
  readonly address: string;
  readonly startedAt: Date;
  readonly lastUsedAt: Date;
  readonly current: boolean;
}

const describeAgent = (userAgent: string | null): { browser: string; os: string } => {
  if (!userAgent) return { browser: 'Unknown browser', os: 'Unknown system' };
  const parsed = Bowser.parse(userAgent);
  return { browser: parsed.browser.name ?? 'Unknown browser', os: parsed.os.name ?? 'Unknown system' };
};

const needsReauthentication = (ctx: AccountContext): boolean =>
  !ctx.session || ctx.now.getTime() - ctx.session.authenticatedAt.getTime() > REAUTHENTICATE_AFTER_MINUTES * 60_000;

function requireRecentSignIn(ctx: AccountContext): void {
  if (needsReauthentication(ctx)) throw new TRPCError({ code: 'FORBIDDEN', message: accountMessages.reauthenticate });
}

/** Checks the current password; a wrong one counts against the account's sign-in limit. */
async function requirePassword(ctx: AccountContext, password: string, field: string): Promise<void> {
  const rule = { bucket: 'sign-in-account', max: ctx.config.rateLimits.signInMax, windowMs: ctx.config.rateLimits.signInWindowMs };
  const email = normalizeEmail(ctx.user.email);
  await refuseWhenLimited(ctx, rule, email, authMessages.tooManyAttempts);
  const account = await findUserCredentialsById(ctx.db, ctx.user.id);
  if (account && (await verifyPassword(account.passwordHash, password))) return;
  await countFailure(ctx, rule, email);
  throw fieldError(field, accountMessages.currentPasswordWrong);
}


const run = (ctx: AccountContext, writes: AccountWrites, command: AccountSecurityCommand) => runCommand(commandContext(ctx), accountSecurityCommands(writes), ctx.user.id, command);

export const accountRouter = router({
  overview: authedProcedure.query(async ({ ctx }): Promise<AccountOverview> => {
    const [user, codesLeft, pending] = await Promise.all([
      ctx.db.user.findUniqueOrThrow({ where: { id: ctx.user.id }, select: { name: true, email: true, emailVerifiedAt: true, totpEnabledAt: true, notificationSettings: true } }),
      ctx.db.recoveryCode.count({ where: { userId: ctx.user.id, usedAt: null } }),
      ctx.db.accountToken.findFirst({ where: { userId: ctx.user.id, purpose: 'email-change', usedAt: null, expiresAt: { gt: ctx.now } }, select: { email: true } }),
    ]);
    return {
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerifiedAt !== null,
      pendingEmail: pending?.email ?? null,
      twoStep: user.totpEnabledAt !== null,
      recoveryCodesLeft: codesLeft,
      reauthenticate: needsReauthentication(ctx),
      notifications: readNotificationSettings(user.notificationSettings),
    };
  }),

  rename: authedProcedure.input(accountNameSchema).mutation(async ({ ctx, input }): Promise<{ message: string }> => {
    await run(ctx, { name: input.name.trim() }, { kind: 'Rename' });
    return { message: accountMessages.nameSaved };
  }),

  /** The password again (and the code with 2-step on): sensitive changes are open for 10 minutes. */
  reauthenticate: authedProcedure.input(reauthenticateSchema).mutation(async ({ ctx, input }): Promise<{ ok: true }> => {
    await requirePassword(ctx, input.password, 'password');
    const account = await findUserCredentialsById(ctx.db, ctx.user.id);
    if (account?.totpEnabledAt) {
      // A code from the app, or a recovery code when the phone is lost (it is used up).
      const answer = input.recoveryCode ? { recoveryCode: input.recoveryCode } : input.code ? { code: input.code } : null;
      if (!answer) throw fieldError('code', accountMessages.codeRequired);
      await withSecondFactorLimit(ctx, ctx.user.id, async () => {
        await run(ctx, {}, { kind: 'PassSecondFactor', secondFactor: await checkSecondFactor(ctx.db, ctx.secrets, ctx.user.id, answer, ctx.now) });
      });
    }
    await markSessionAuthenticated(ctx.db, ctx.sessionId, ctx.now);
    return { ok: true };
  }),

  /** A new password: the current one first; every other session ends; a notice e-mail. */
  changePassword: authedProcedure.input(changePasswordSchema).mutation(async ({ ctx, input }): Promise<{ message: string }> => {
    requireRecentSignIn(ctx);
    await requirePassword(ctx, input.currentPassword, 'currentPassword');
    const problem = newPasswordProblemFor(input.newPassword, ctx.user);
    if (problem) throw fieldError('newPassword', problem);
    if (await isCommonPassword(input.newPassword)) throw fieldError('newPassword', authMessages.passwordTooCommon);
    await run(ctx, { passwordHash: await hashPassword(input.newPassword), keepSessionId: ctx.sessionId }, { kind: 'ChangePassword' });
    return { message: accountMessages.passwordChanged };
  }),

  /**
   * A new address: proved by a link sent to it before it replaces the old one, which is then told.
   * The answer is the same whether or not another account has that address (that one gets no link).
   */
  changeEmail: authedProcedure.input(changeEmailSchema).mutation(async ({ ctx, input }): Promise<{ message: string }> => {
    requireRecentSignIn(ctx);
    await requirePassword(ctx, input.password, 'password');
    const email = normalizeEmail(input.email);
    if (email === normalizeEmail(ctx.user.email)) throw fieldError('email', accountMessages.sameEmail);
    const { verificationResendMax, accountMailWindowMs } = ctx.config.rateLimits;
    await enforceRateLimit(ctx, { bucket: 'email-change', max: verificationResendMax, windowMs: accountMailWindowMs }, ctx.user.id, authMessages.tooManyAttempts);
    const taken = await ctx.db.user.findUnique({ where: { email }, select: { id: true } });
    if (!taken) {
      const token = newAccountToken(ctx.links, 'email-change', ctx.now, email);
      await run(ctx, { token }, { kind: 'RequestEmailChange', tokenId: token.id });
    }
    return { message: accountMessages.emailChangeSent };
  }),

  /** Another confirmation link, a few times an hour. */
  resendVerification: authedProcedure.mutation(async ({ ctx }): Promise<{ message: string }> => {
    const { verificationResendMax, accountMailWindowMs } = ctx.config.rateLimits;
    await enforceRateLimit(ctx, { bucket: 'verification-resend', max: verificationResendMax, windowMs: accountMailWindowMs }, ctx.user.id, authMessages.tooManyAttempts);
    await sendVerificationLink(ctx, ctx.user.id);
    return { message: accountMessages.verificationSent };
  }),

  twoStep: router({
    /** A new secret to set up (QR code and typed key); 2-step is on only once a code from it is confirmed. */
    start: authedProcedure.mutation(async ({ ctx }): Promise<{ secret: string; uri: string }> => {
      requireRecentSignIn(ctx);
      const secret = newTotpSecret();
      await run(ctx, { pendingSecret: ctx.secrets.seal(secret, ctx.user.id) }, { kind: 'StartTwoStepSetup' });
      return { secret, uri: totpUri(secret, ctx.user.email) };
    }),

    /** A code from the app proves it is set up: 2-step goes on, and the 10 recovery codes are shown this once. */
    confirm: authedProcedure.input(twoStepConfirmSchema).mutation(async ({ ctx, input }): Promise<{ recoveryCodes: string[]; message: string }> => {
      requireRecentSignIn(ctx);
      const recoveryCodes = newRecoveryCodes();
      const recoveryCodeHashes = recoveryCodes.map((code) => recoveryCodeHash(normalisedRecoveryCode(code)));
      await withSecondFactorLimit(ctx, ctx.user.id, async () => {
        const step = await checkPendingTotp(ctx.db, ctx.secrets, ctx.user.id, input.code, ctx.now);
        await run(ctx, { recoveryCodeHashes }, { kind: 'EnableTwoStep', step });
      });
      return { recoveryCodes, message: accountMessages.twoStepOn };
    }),

    /** Off, with a code from the app or, the phone lost, a recovery code. */
    disable: authedProcedure.input(secondFactorSchema).mutation(async ({ ctx, input }): Promise<{ message: string }> => {
      requireRecentSignIn(ctx);
      await withSecondFactorLimit(ctx, ctx.user.id, async () => {
        const secondFactor = await checkSecondFactor(ctx.db, ctx.secrets, ctx.user.id, input, ctx.now);
        await run(ctx, {}, { kind: 'DisableTwoStep', secondFactor });
      });
      return { message: accountMessages.twoStepTurnedOff };
    }),

    /** 10 new recovery codes (the old ones stop working), shown this once; with a code from the app or one of the old recovery codes. */
    regenerateRecoveryCodes: authedProcedure.input(secondFactorSchema).mutation(async ({ ctx, input }): Promise<{ recoveryCodes: string[] }> => {
      requireRecentSignIn(ctx);
      const recoveryCodes = newRecoveryCodes();
      const recoveryCodeHashes = recoveryCodes.map((code) => recoveryCodeHash(normalisedRecoveryCode(code)));
      await withSecondFactorLimit(ctx, ctx.user.id, async () => {
        const secondFactor = await checkSecondFactor(ctx.db, ctx.secrets, ctx.user.id, input, ctx.now);
        await run(ctx, { recoveryCodeHashes }, { kind: 'RegenerateRecoveryCodes', secondFactor });
      });
      return { recoveryCodes };
    }),
  }),

  sessions: router({
    /** The account's sessions, last used first; the caller's own marked. */
    list: authedProcedure.query(async ({ ctx }): Promise<SessionView[]> => {
      const sessions = await listSessionsOfUser(ctx.db, ctx.user.id);
      return sessions.map((session) => ({
        id: session.publicId,
        ...describeAgent(session.userAgent),
        address: session.address ?? 'Unknown',
        startedAt: session.createdAt,
        lastUsedAt: session.lastActiveAt,
        current: session.publicId === ctx.session?.publicId,
      }));
    }),

    /** Signs one session out (its next request is sent to sign-in). */
    revoke: authedProcedure.input(sessionRefSchema).mutation(async ({ ctx, input }): Promise<{ message: string }> => {
      if (!(await deleteSessionOfUser(ctx.db, ctx.user.id, input.sessionId))) throw new TRPCError({ code: 'NOT_FOUND', message: accountMessages.sessionUnknown });
      return { message: accountMessages.sessionEnded };
    }),

    revokeOthers: authedProcedure.mutation(async ({ ctx }): Promise<{ message: string; ended: number }> => {
      const ended = await deleteOtherSessions(ctx.db, ctx.user.id, ctx.sessionId);
      return { message: accountMessages.otherSessionsEnded, ended };
    }),
  }),

  notifications: authedProcedure.input(notificationSettingsSchema).mutation(async ({ ctx, input }): Promise<{ message: string }> => {
    await run(ctx, { notificationSettings: input }, { kind: 'SetNotifications' });
    return { message: accountMessages.notificationsSaved };
  }),
});
