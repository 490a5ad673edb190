/**
 * Signing up as a decide/evolve machine. The aggregate is an e-mail address (normalized): one
 * account per address, and a sign-up with a registered address is refused with the form's message.
 * The account is a practitioner's and comes with its practice (the server writes both, and any
 * referral code redeemed with it, in one transaction).
 *
 * | state      | command | events            | next       |
 * |------------|---------|-------------------|------------|
 * | absent     | SignUp  | AccountRegistered | registered |
 * | registered | SignUp  | CONFLICT          | registered |
 *
 * The events carry ids only: the name, the e-mail and the password hash travel in the command to
 * the account's row, never into the event log.
 */
import { z } from 'zod';
import { authMessages } from '../auth/auth.schema.ts';
import { accept, reject, type Decision } from '../shared/decision.ts';

export type AccountState = { readonly status: 'absent' } | { readonly status: 'registered'; readonly userId: string };
export const initialAccount: AccountState = { status: 'absent' };

export interface SignUpCommand {
  readonly kind: 'SignUp';
  /** The new account's id, chosen by the caller. */
  readonly userId: string;
}

export const accountEventSchema = z.object({ type: z.literal('AccountRegistered'), userId: z.string().min(1), role: z.literal('practitioner') });
export type AccountEvent = Readonly<z.output<typeof accountEventSchema>>;

export function decideAccount(state: AccountState, command: SignUpCommand): Decision<AccountEvent> {
  if (state.status === 'registered') return reject('CONFLICT', authMessages.emailTaken);
  return accept({ type: 'AccountRegistered', userId: command.userId, role: 'practitioner' });
}

export const evolveAccount = (_state: AccountState, event: AccountEvent): AccountState => ({ status: 'registered', userId: event.userId });
