/**
 * Signing up (`auth.signUp`) on the command runner. The aggregate is the normalized e-mail
 * address, locked with an advisory lock so two sign-ups with one address decide one after the
 * other; the domain's account machine refuses a registered address. Its save writes the account,
 * its (empty) practice, and — when a referral code came with the form — the code's redemption
 * (practice/referral-redemption.ts), all in the runner's transaction: a refused code answers under
 * the form's referral-code field, and the account is not made.
 *
 * A refused redemption is found after the account's rows are written, so this machine must run
 * under `runCommand`, whose rollback undoes them (not `executeCommand` in a caller's transaction).
 */
import { accountEventSchema, decideAccount, evolveAccount, type AccountEvent, type AccountState, type SignUpCommand } from '@wellspring/domain';
import type { DatabaseTransaction } from '../db/client.ts';
import { redeemReferralCode } from '../practice/referral-redemption.ts';
import { createUser, findUserCredentialsByEmail } from '../repositories/user.repository.ts';
import { lockAggregate, type CommandMachine } from './run-command.ts';

export interface SignUpForm {
  /** Normalized (`normalizeEmail`). */
  readonly email: string;
  readonly name: string;
  readonly passwordHash: string;
  /** Normalized (`normalizeReferralCode`); '' when none was given. */
  readonly referralCode: string;
}

/**
 * The new account's practice, in the account's own transaction: the one place a practice is made
 * (module-private, so only this machine's save can call it).
 */
async function createPracticeFor(tx: DatabaseTransaction, userId: string): Promise<void> {
  await tx.practice.create({ data: { ownerUserId: userId }, select: { id: true } });
}

export function accountCommands(form: SignUpForm): CommandMachine<AccountState, SignUpCommand, AccountEvent> {
  return {
    aggregateType: 'account',
    eventSchema: accountEventSchema,
    async load(tx) {
      await lockAggregate(tx, { type: 'account', id: form.email });
      const existing = await findUserCredentialsByEmail(tx, form.email);
      return existing ? { status: 'registered', userId: existing.id } : { status: 'absent' };
    },
    decide: (state, command) => decideAccount(state, command),
    evolve: evolveAccount,
    async save(tx, { after, context }) {
      if (after.status !== 'registered') throw new Error('account sign-up: an accepted SignUp registers the account');
      const { userId } = after;
      await createUser(tx, { id: userId, email: form.email, name: form.name, passwordHash: form.passwordHash });
      await createPracticeFor(tx, userId);
      if (form.referralCode === '') return undefined;
      const redeemed = await redeemReferralCode(tx, { ...context, actor: { userId } }, { code: form.referralCode, userId, email: form.email });
      return redeemed.ok ? undefined : { ...redeemed.error, field: 'referralCode' };
    },
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event } }),
  };
}
