/**
 * Account security (issue 25) on the command runner: the domain's account-security machine decides,
 * this save writes what follows, in the command's transaction — a link's token row (only its hash),
 * a link used up, a new password (every other session ended), the sealed TOTP secret and the recovery
 * codes' hashes, a session past its second step. The account's row is locked first, so two uses of
 * one link, or two codes of one step, are decided one after the other. The e-mails (a link, a
 * notice) go out through the outbox relay from the events (outbox/account-mail.ts).
 */
import {
  accountMailEvents,
  accountMessages,
  accountSecurityEventSchema,
  decideAccountSecurity,
  evolveAccountSecurity,
  type AccountSecurityCommand,
  type AccountSecurityEvent,
  type AccountSecurityState,
  type DomainError,
  type NotificationSettings,
} from '@wellspring/domain';
import { randomUUID } from 'node:crypto';
import type { NewAccountToken } from '../auth/account-links.ts';
import type { DatabaseTransaction } from '../db/client.ts';
import { redeemReferralCode } from '../practice/referral-redemption.ts';
import type { CommandContext, CommandMachine } from './run-command.ts';

/** What a command writes besides its state (the server prepared it: hashes, sealed secrets). */
export interface AccountWrites {
  readonly token?: NewAccountToken;
  readonly passwordHash?: string;
  /** The caller's session, kept when a password change ends the others. */
  readonly keepSessionId?: string | null;
  readonly pendingSecret?: string;
  readonly recoveryCodeHashes?: readonly Buffer[];
  readonly name?: string;
  readonly notificationSettings?: NotificationSettings;
  /** A sign-in's session that owed its code: it becomes a full session expiring then. */
  readonly passedSession?: { readonly id: string; readonly expiresAt: Date };
}

interface AccountRow {
  id: string;
  email: string;
  email_verified_at: Date | null;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: bigint | null;
  pending_referral_code: string | null;
}

const linkInvalid: DomainError = { code: 'NOT_FOUND', message: accountMessages.linkInvalid };

/** Uses up the link `tokenId` (first write of its command): false when it was used or expired meanwhile. */
async function useToken(tx: DatabaseTransaction, tokenId: string, userId: string, now: Date): Promise<boolean> {
  const used = await tx.accountToken.updateMany({ where: { id: tokenId, userId, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  return used.count === 1;
}

async function replaceRecoveryCodes(tx: DatabaseTransaction, userId: string, hashes: readonly Buffer[] | undefined, now: Date): Promise<void> {
  if (!hashes) throw new Error('account security: new recovery codes were not prepared');
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({ data: hashes.map((hash) => ({ id: randomUUID(), userId, codeHash: new Uint8Array(hash), createdAt: now })) });
}

async function recordSecondFactor(tx: DatabaseTransaction, userId: string, used: { method: 'totp' | 'recovery'; step: number | null; codeId: string | null }, now: Date): Promise<DomainError | undefined> {
  if (used.method === 'recovery' && used.codeId) {
    const spent = await tx.recoveryCode.updateMany({ where: { id: used.codeId, userId, usedAt: null }, data: { usedAt: now } });
    if (spent.count !== 1) return { code: 'FORBIDDEN', message: accountMessages.recoveryCodeWrong, field: 'recoveryCode' };
  }
  if (used.step !== null) await tx.user.update({ where: { id: userId }, data: { totpLastStep: BigInt(used.step) } });
  return undefined;
}

async function saveEvent(
  tx: DatabaseTransaction,
  row: AccountRow,
  event: AccountSecurityEvent,
  writes: AccountWrites,
  context: CommandContext,
  usedTokens: Set<string>,
): Promise<DomainError | undefined> {
  const { now } = context;
  const userId = row.id;
  switch (event.type) {
    case 'EmailVerificationRequested':
    case 'EmailChangeRequested':
    case 'PasswordResetRequested': {
      const token = writes.token;
      if (!token || token.id !== event.tokenId) throw new Error(`account security ${event.type}: its token row was not prepared`);
      // A newer link replaces the older ones of its purpose.
      await tx.accountToken.updateMany({ where: { userId, purpose: token.purpose, usedAt: null }, data: { usedAt: now } });
      await tx.accountToken.create({
        data: { id: token.id, userId, purpose: token.purpose, tokenHash: new Uint8Array(token.hash), email: token.email ?? null, expiresAt: token.expiresAt, createdAt: now },
      });
      return undefined;
    }
    case 'EmailVerified': {
      // A change of address proves the new one with its own link (used by EmailChanged just before).
      if (!usedTokens.has(event.tokenId) && !(await useToken(tx, event.tokenId, userId, now))) return linkInvalid;
      await tx.user.update({ where: { id: userId }, data: { emailVerifiedAt: now, pendingReferralCode: null } });
      if (row.pending_referral_code) {
        // The code given at sign-up counts now that the address is proved; one that stopped working
        // meanwhile (used up, expired) is let go rather than holding the verification back.
        const email = (await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } })).email;
        await redeemReferralCode(tx, { ...context, actor: { userId } }, { code: row.pending_referral_code, userId, email });
      }
      return undefined;
    }
    case 'EmailChanged': {
      const token = await tx.accountToken.findUnique({ where: { id: event.tokenId }, select: { email: true } });
      if (!token?.email) return linkInvalid;
      const taken = await tx.user.findUnique({ where: { email: token.email }, select: { id: true } });
      if (taken) return { code: 'CONFLICT', message: 'An account with this email already exists.' };
      if (!(await useToken(tx, event.tokenId, userId, now))) return linkInvalid;
      usedTokens.add(event.tokenId);
      await tx.accountToken.update({ where: { id: event.tokenId }, data: { previousEmail: row.email } });
      await tx.user.update({ where: { id: userId }, data: { email: token.email } });
      return undefined;
    }
    case 'PasswordReset': {
      if (!(await useToken(tx, event.tokenId, userId, now))) return linkInvalid;
      if (!writes.passwordHash) throw new Error('account security PasswordReset: the new password hash was not prepared');
      if (event.secondFactor) {
        const refused = await recordSecondFactor(tx, userId, event.secondFactor, now);
        if (refused) return refused;
      }
      await tx.user.update({ where: { id: userId }, data: { passwordHash: writes.passwordHash, passwordChangedAt: now } });
      // Every session ends, and the sign-in lock that failures set (if any) is lifted: the owner is back in.
      await tx.session.deleteMany({ where: { userId } });
      await tx.rateLimit.deleteMany({ where: { key: `sign-in-account:${row.email}` } });
      await tx.accountToken.updateMany({ where: { userId, purpose: 'password-reset', usedAt: null }, data: { usedAt: now } });
      return undefined;
    }
    case 'PasswordChanged':
      if (!writes.passwordHash) throw new Error('account security PasswordChanged: the new password hash was not prepared');
      await tx.user.update({ where: { id: userId }, data: { passwordHash: writes.passwordHash, passwordChangedAt: now } });
      await tx.session.deleteMany({ where: { userId, ...(writes.keepSessionId ? { id: { not: writes.keepSessionId } } : {}) } });
      return undefined;
    case 'TwoStepSetupStarted':
      if (!writes.pendingSecret) throw new Error('account security TwoStepSetupStarted: the sealed secret was not prepared');
      await tx.user.update({ where: { id: userId }, data: { totpPendingSecret: writes.pendingSecret } });
      return undefined;
    case 'TwoStepEnabled':
      await tx.user.update({
        where: { id: userId },
        data: { totpSecret: row.totp_pending_secret, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: BigInt(event.step) },
      });
      await replaceRecoveryCodes(tx, userId, writes.recoveryCodeHashes, now);
      return undefined;
    case 'TwoStepDisabled': {
      const refused = await recordSecondFactor(tx, userId, event.secondFactor, now);
      if (refused) return refused;
      await tx.user.update({ where: { id: userId }, data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null } });
      await tx.recoveryCode.deleteMany({ where: { userId } });
      return undefined;
    }
    case 'RecoveryCodesRegenerated': {
      const refused = await recordSecondFactor(tx, userId, event.secondFactor, now);
      if (refused) return refused;
      await replaceRecoveryCodes(tx, userId, writes.recoveryCodeHashes, now);
      return undefined;
    }
    case 'SecondFactorPassed': {
      const refused = await recordSecondFactor(tx, userId, event.secondFactor, now);
      if (refused) return refused;
      if (writes.passedSession) {
        await tx.session.updateMany({
          where: { id: writes.passedSession.id, userId },
          data: { secondFactorPending: false, expiresAt: writes.passedSession.expiresAt, authenticatedAt: now, lastActiveAt: now },
        });
      }
      return undefined;
    }
    case 'AccountRenamed':
      if (!writes.name) throw new Error('account security AccountRenamed: the name was not given');
      await tx.user.update({ where: { id: userId }, data: { name: writes.name } });
      return undefined;
    case 'NotificationSettingsChanged':
      if (!writes.notificationSettings) throw new Error('account security NotificationSettingsChanged: the settings were not given');
      await tx.user.update({ where: { id: userId }, data: { notificationSettings: { ...writes.notificationSettings } } });
      return undefined;
    case 'SignUpAttempted':
      return undefined;
  }
}

const mailed = new Set<string>(accountMailEvents);

export function accountSecurityCommands(writes: AccountWrites = {}): CommandMachine<AccountSecurityState, AccountSecurityCommand, AccountSecurityEvent> {
  let row: AccountRow | null = null;
  return {
    aggregateType: 'account',
    eventSchema: accountSecurityEventSchema,
    async load(tx, userId) {
      const [found] = await tx.$queryRaw<AccountRow[]>`
        SELECT id, email, email_verified_at, totp_secret, totp_pending_secret, totp_last_step, pending_referral_code
        FROM app_user WHERE id = ${userId}::uuid FOR UPDATE`;
      if (!found) throw new Error(`account security: no account ${userId}`);
      row = found;
      return {
        userId: found.id,
        emailVerified: found.email_verified_at !== null,
        twoStep: found.totp_secret ? 'on' : found.totp_pending_secret ? 'setting-up' : 'off',
        lastTotpStep: found.totp_last_step === null ? null : Number(found.totp_last_step),
      };
    },
    decide: (state, command) => decideAccountSecurity(state, command),
    evolve: evolveAccountSecurity,
    async save(tx, { events, context }) {
      if (!row) throw new Error('account security: saved before it was loaded');
      const usedTokens = new Set<string>();
      for (const event of events) {
        const refused = await saveEvent(tx, row, event, writes, context, usedTokens);
        if (refused) return refused;
      }
      return undefined;
    },
    toStoredEvent: (event) => ({
      type: event.type,
      payload: { ...event, ...('secondFactor' in event && event.secondFactor ? { secondFactor: { ...event.secondFactor } } : {}) },
      // A sign-in's second step mails only when a recovery code was spent.
      ...(mailed.has(event.type) && !(event.type === 'SecondFactorPassed' && event.secondFactor.method !== 'recovery') ? { delivery: 'pending' as const } : {}),
    }),
  };
}
