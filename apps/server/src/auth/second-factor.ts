/**
 * Checks a second factor against the account's sealed TOTP secret or its recovery codes, for the
 * account-security machine to decide on (the step a code matched, so that it counts once; the
 * recovery code's row, spent by the command's save).
 */
import type { SecondFactorCheck } from '@wellspring/domain';
import type { Database } from '../db/client.ts';
import { normalisedRecoveryCode, recoveryCodeHash } from './recovery-codes.ts';
import type { SecretBox } from './secret-box.ts';
import { totpStepOf } from './totp.ts';

export interface SecondFactorAnswer {
  readonly code?: string | undefined;
  readonly recoveryCode?: string | undefined;
}

export async function checkSecondFactor(db: Database, secrets: SecretBox, userId: string, answer: SecondFactorAnswer, now: Date): Promise<SecondFactorCheck> {
  if (answer.code) {
    const user = await db.user.findUnique({ where: { id: userId }, select: { totpSecret: true } });
    const secret = user?.totpSecret ? secrets.open(user.totpSecret, userId) : null;
    return { method: 'totp', step: secret ? totpStepOf(secret, answer.code, now) : null };
  }
  if (answer.recoveryCode) {
    const found = await db.recoveryCode.findUnique({
      where: { userId_codeHash: { userId, codeHash: new Uint8Array(recoveryCodeHash(normalisedRecoveryCode(answer.recoveryCode))) } },
      select: { id: true, usedAt: true },
    });
    return { method: 'recovery', codeId: found && found.usedAt === null ? found.id : null };
  }
  return { method: 'none' };
}

/** The step of `code` for the secret being set up (the set-up's confirmation), or null. */
export async function checkPendingTotp(db: Database, secrets: SecretBox, userId: string, code: string, now: Date): Promise<number | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { totpPendingSecret: true } });
  const secret = user?.totpPendingSecret ? secrets.open(user.totpPendingSecret, userId) : null;
  return secret ? totpStepOf(secret, code, now) : null;
}
