import { describe, expect, it } from 'vitest';
import { decideAccountSecurity, evolveAccountSecurity, type AccountSecurityState } from './account-security.machine.ts';
import { accountMessages } from './account-security.schema.ts';

const off: AccountSecurityState = { userId: 'u1', emailVerified: false, twoStep: 'off', lastTotpStep: null };
const on: AccountSecurityState = { userId: 'u1', emailVerified: true, twoStep: 'on', lastTotpStep: 100 };
const live = { live: true as const, tokenId: 't1' };

describe('account security machine', () => {
  it('proves an address through a live link only, and sends no second link once proved', () => {
    expect(decideAccountSecurity(off, { kind: 'VerifyEmail', link: { live: false } })).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: accountMessages.linkInvalid } });
    const verified = decideAccountSecurity(off, { kind: 'VerifyEmail', link: live });
    expect(verified).toEqual({ ok: true, events: [{ type: 'EmailVerified', userId: 'u1', tokenId: 't1' }] });
    const after = verified.ok ? verified.events.reduce(evolveAccountSecurity, off) : off;
    expect(decideAccountSecurity(after, { kind: 'RequestEmailVerification', tokenId: 't2' })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });

  it('a change of address through its link also proves the address of an unproved account', () => {
    expect(decideAccountSecurity(off, { kind: 'ChangeEmail', link: live })).toMatchObject({ ok: true, events: [{ type: 'EmailChanged' }, { type: 'EmailVerified' }] });
    expect(decideAccountSecurity(on, { kind: 'ChangeEmail', link: live })).toMatchObject({ ok: true, events: [{ type: 'EmailChanged' }] });
  });

  it('never resets a password past the second factor', () => {
    expect(decideAccountSecurity(on, { kind: 'ResetPassword', link: live, secondFactor: { method: 'none' } })).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN', message: accountMessages.codeRequired, field: 'code' },
    });
    expect(decideAccountSecurity(off, { kind: 'ResetPassword', link: live, secondFactor: { method: 'none' } })).toMatchObject({ ok: true, events: [{ type: 'PasswordReset', secondFactor: null }] });
  });

  it('accepts a TOTP code once: its step must be later than the last one accepted', () => {
    for (const step of [99, 100]) {
      expect(decideAccountSecurity(on, { kind: 'PassSecondFactor', secondFactor: { method: 'totp', step } })).toMatchObject({ ok: false, error: { message: accountMessages.codeWrong } });
    }
    const passed = decideAccountSecurity(on, { kind: 'PassSecondFactor', secondFactor: { method: 'totp', step: 101 } });
    expect(passed.ok).toBe(true);
    const after = passed.ok ? passed.events.reduce(evolveAccountSecurity, on) : on;
    expect(after.lastTotpStep).toBe(101);
    expect(decideAccountSecurity(after, { kind: 'PassSecondFactor', secondFactor: { method: 'totp', step: 101 } }).ok).toBe(false);
  });

  it('takes a recovery code the server found unused, refuses one it did not', () => {
    expect(decideAccountSecurity(on, { kind: 'PassSecondFactor', secondFactor: { method: 'recovery', codeId: null } })).toMatchObject({ ok: false, error: { message: accountMessages.recoveryCodeWrong, field: 'recoveryCode' } });
    expect(decideAccountSecurity(on, { kind: 'PassSecondFactor', secondFactor: { method: 'recovery', codeId: 'c1' } })).toMatchObject({
      ok: true,
      events: [{ type: 'SecondFactorPassed', secondFactor: { method: 'recovery', codeId: 'c1', step: null } }],
    });
  });

  it('turns 2-step on only after its set-up began and a right code came; off only with a code', () => {
    expect(decideAccountSecurity(off, { kind: 'EnableTwoStep', step: 5 })).toMatchObject({ ok: false, error: { message: accountMessages.twoStepNotStarted } });
    const settingUp: AccountSecurityState = { ...off, twoStep: 'setting-up' };
    expect(decideAccountSecurity(settingUp, { kind: 'EnableTwoStep', step: null })).toMatchObject({ ok: false, error: { field: 'code' } });
    expect(decideAccountSecurity(settingUp, { kind: 'EnableTwoStep', step: 5 })).toEqual({ ok: true, events: [{ type: 'TwoStepEnabled', userId: 'u1', step: 5 }] });
    expect(decideAccountSecurity(on, { kind: 'StartTwoStepSetup' })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(decideAccountSecurity(on, { kind: 'DisableTwoStep', secondFactor: { method: 'totp', step: null } }).ok).toBe(false);
    expect(decideAccountSecurity(off, { kind: 'DisableTwoStep', secondFactor: { method: 'totp', step: 7 } })).toMatchObject({ ok: false, error: { message: accountMessages.twoStepOff } });
  });
});
