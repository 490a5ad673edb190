/**
 * Signing up (`auth.signUp`) on the command runner. The aggregate is the normalized e-mail
 * address, locked with an advisory lock so two sign-ups with one address decide one after the
 * other; the domain's account machine refuses a registered address. Its save writes the account
 * and its (empty) practice in the runner's transaction. A referral code that came with the form is
 * kept on the account and redeemed when the address is proved (commands/account-security.commands.ts):
 * an account nobody has proved the address of counts no redemption (issue 25).
 */
import { accountEventSchema, decideAccount, evolveAccount, type AccountEvent, type AccountState, type SignUpCommand } from '@wellspring/domain';
import type { DatabaseTransaction } from '../db/client.ts';
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
    async save(tx, { after }) {
      if (after.status !== 'registered') throw new Error('account sign-up: an accepted SignUp registers the account');
      const { userId } = after;
      await createUser(tx, { id: userId, email: form.email, name: form.name, passwordHash: form.passwordHash, pendingReferralCode: form.referralCode === '' ? null : form.referralCode });
      await createPracticeFor(tx, userId);
      return undefined;
    },
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event } }),
  };
}
