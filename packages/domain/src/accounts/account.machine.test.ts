import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../auth/auth.schema.ts';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import { accountEventSchema, decideAccount, evolveAccount, initialAccount, type SignUpCommand } from './account.machine.ts';

const signUp = (userId: string): SignUpCommand => ({ kind: 'SignUp', userId });

describe('account machine', () => {
  it('registers an address once, as a practitioner’s account, with ids only in its event', () => {
    expect(decideAccount(initialAccount, signUp('u1'))).toEqual({ ok: true, events: [{ type: 'AccountRegistered', userId: 'u1', role: 'practitioner' }] });
    expect(evolveAccount(initialAccount, { type: 'AccountRegistered', userId: 'u1', role: 'practitioner' })).toEqual({ status: 'registered', userId: 'u1' });
  });

  it('refuses a second sign-up with a registered address, with the form’s message', () => {
    expect(decideAccount({ status: 'registered', userId: 'u1' }, signUp('u2'))).toEqual({ ok: false, error: { code: 'CONFLICT', message: authMessages.emailTaken } });
  });

  it('obeys the machine laws', () => {
    checkMachineLaws({
      initial: initialAccount,
      decide: (state, command: SignUpCommand) => decideAccount(state, command),
      evolve: evolveAccount,
      step: fc.record({ command: fc.uuid().map(signUp), context: fc.constant(null) }),
      isValid: (state) => state.status === 'absent' || state.userId.length > 0,
      eventSchema: accountEventSchema,
    });
  });
});
