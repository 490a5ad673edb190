/**
 * Account security as a decide/evolve machine (issue 25). The aggregate is an account; the server
 * checks what only it can (a link's token against its stored hash, a TOTP code against the sealed
 * secret, a recovery code against its hash, the password) and hands the outcome in the command;
 * this machine decides what follows from it:
 *
 * | command                  | needs                                   | events                          |
 * |--------------------------|-----------------------------------------|---------------------------------|
 * | RequestEmailVerification | address not yet verified                | EmailVerificationRequested      |
 * | VerifyEmail              | a live link                             | EmailVerified                   |
 * | RequestEmailChange       | —                                       | EmailChangeRequested            |
 * | ChangeEmail              | a live link                             | EmailChanged (+ EmailVerified)  |
 * | RequestPasswordReset     | —                                       | PasswordResetRequested          |
 * | ResetPassword            | a live link, the 2nd factor when 2-step | PasswordReset                   |
 * | ChangePassword           | —                                       | PasswordChanged                 |
 * | StartTwoStepSetup        | 2-step off                              | TwoStepSetupStarted             |
 * | EnableTwoStep            | set-up started, a right code            | TwoStepEnabled                  |
 * | DisableTwoStep           | 2-step on, the 2nd factor               | TwoStepDisabled                 |
 * | RegenerateRecoveryCodes  | 2-step on, the 2nd factor               | RecoveryCodesRegenerated        |
 * | PassSecondFactor         | 2-step on, the 2nd factor               | SecondFactorPassed              |
 * | NoteSignUpAttempt        | —                                       | SignUpAttempted                 |
 * | Rename / SetNotifications| —                                       | AccountRenamed / NotificationSettingsChanged |
 *
 * A TOTP code counts once: its 30-second step must be later than the last one accepted (no replay
 * within its window). Events carry ids only: no address, name, token, code or secret.
 */
import { z } from 'zod';
import { accept, reject, type Decision } from '../shared/decision.ts';
import { accountMessages } from './account-security.schema.ts';

export interface AccountSecurityState {
  readonly userId: string;
  readonly emailVerified: boolean;
  readonly twoStep: 'off' | 'setting-up' | 'on';
  /** The last TOTP step accepted, or null. */
  readonly lastTotpStep: number | null;
}

/** A link's token as the server found it: live (unused, unexpired, of this purpose and account) or not. */
export type LinkCheck = { readonly live: true; readonly tokenId: string } | { readonly live: false };

/** A second factor as the server checked it: the step of a right TOTP code, or a right unused recovery code. */
export type SecondFactorCheck =
  | { readonly method: 'none' }
  | { readonly method: 'totp'; readonly step: number | null }
  | { readonly method: 'recovery'; readonly codeId: string | null };

export type AccountSecurityCommand =
  | { readonly kind: 'RequestEmailVerification'; readonly tokenId: string }
  | { readonly kind: 'VerifyEmail'; readonly link: LinkCheck }
  | { readonly kind: 'RequestEmailChange'; readonly tokenId: string }
  | { readonly kind: 'ChangeEmail'; readonly link: LinkCheck }
  | { readonly kind: 'RequestPasswordReset'; readonly tokenId: string; readonly reason: 'requested' | 'locked' }
  | { readonly kind: 'ResetPassword'; readonly link: LinkCheck; readonly secondFactor: SecondFactorCheck }
  | { readonly kind: 'ChangePassword' }
  | { readonly kind: 'StartTwoStepSetup' }
  | { readonly kind: 'EnableTwoStep'; readonly step: number | null }
  | { readonly kind: 'DisableTwoStep'; readonly secondFactor: SecondFactorCheck }
  | { readonly kind: 'RegenerateRecoveryCodes'; readonly secondFactor: SecondFactorCheck }
  | { readonly kind: 'PassSecondFactor'; readonly secondFactor: SecondFactorCheck }
  | { readonly kind: 'NoteSignUpAttempt' }
  | { readonly kind: 'Rename' }
  | { readonly kind: 'SetNotifications' };

const userId = z.string().min(1);
const tokenId = z.string().min(1);
const factorUsed = z.object({ method: z.enum(['totp', 'recovery']), step: z.number().int().nullable(), codeId: z.string().nullable() });
export type SecondFactorUsed = z.infer<typeof factorUsed>;

export const accountSecurityEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('EmailVerificationRequested'), userId, tokenId }),
  z.object({ type: z.literal('EmailVerified'), userId, tokenId }),
  z.object({ type: z.literal('EmailChangeRequested'), userId, tokenId }),
  z.object({ type: z.literal('EmailChanged'), userId, tokenId }),
  z.object({ type: z.literal('PasswordResetRequested'), userId, tokenId, reason: z.enum(['requested', 'locked']) }),
  z.object({ type: z.literal('PasswordReset'), userId, tokenId, secondFactor: factorUsed.nullable() }),
  z.object({ type: z.literal('PasswordChanged'), userId }),
  z.object({ type: z.literal('TwoStepSetupStarted'), userId }),
  z.object({ type: z.literal('TwoStepEnabled'), userId, step: z.number().int() }),
  z.object({ type: z.literal('TwoStepDisabled'), userId, secondFactor: factorUsed }),
  z.object({ type: z.literal('RecoveryCodesRegenerated'), userId, secondFactor: factorUsed }),
  z.object({ type: z.literal('SecondFactorPassed'), userId, secondFactor: factorUsed }),
  z.object({ type: z.literal('SignUpAttempted'), userId }),
  z.object({ type: z.literal('AccountRenamed'), userId }),
  z.object({ type: z.literal('NotificationSettingsChanged'), userId }),
]);
export type AccountSecurityEvent = Readonly<z.output<typeof accountSecurityEventSchema>>;

/** The events of this machine that e-mail the account holder (the relay's mail handlers). */
export const accountMailEvents = [
  'EmailVerificationRequested',
  'EmailChangeRequested',
  'EmailChanged',
  'PasswordResetRequested',
  'PasswordReset',
  'PasswordChanged',
  'TwoStepEnabled',
  'TwoStepDisabled',
  'SecondFactorPassed',
  'SignUpAttempted',
] as const satisfies readonly AccountSecurityEvent['type'][];

/** The second factor as used, or the refusal: required (and checked) only when 2-step is on. */
function secondFactorOf(state: AccountSecurityState, check: SecondFactorCheck): { ok: true; used: SecondFactorUsed | null } | { ok: false; message: string } {
  if (state.twoStep !== 'on') return { ok: true, used: null };
  switch (check.method) {
    case 'none':
      return { ok: false, message: accountMessages.codeRequired };
    case 'totp':
      if (check.step === null || (state.lastTotpStep !== null && check.step <= state.lastTotpStep)) return { ok: false, message: accountMessages.codeWrong };
      return { ok: true, used: { method: 'totp', step: check.step, codeId: null } };
    case 'recovery':
      if (check.codeId === null) return { ok: false, message: accountMessages.recoveryCodeWrong };
      return { ok: true, used: { method: 'recovery', step: null, codeId: check.codeId } };
  }
}

export function decideAccountSecurity(state: AccountSecurityState, command: AccountSecurityCommand): Decision<AccountSecurityEvent> {
  const { userId } = state;
  switch (command.kind) {
    case 'RequestEmailVerification':
      if (state.emailVerified) return reject('CONFLICT', accountMessages.alreadyVerified);
      return accept({ type: 'EmailVerificationRequested', userId, tokenId: command.tokenId });
    case 'VerifyEmail':
      if (!command.link.live) return reject('NOT_FOUND', accountMessages.linkInvalid);
      return accept({ type: 'EmailVerified', userId, tokenId: command.link.tokenId });
    case 'RequestEmailChange':
      return accept({ type: 'EmailChangeRequested', userId, tokenId: command.tokenId });
    case 'ChangeEmail': {
      if (!command.link.live) return reject('NOT_FOUND', accountMessages.linkInvalid);
      const changed: AccountSecurityEvent = { type: 'EmailChanged', userId, tokenId: command.link.tokenId };
      // The new address is proved by the link that changes it.
      const verified: AccountSecurityEvent = { type: 'EmailVerified', userId, tokenId: command.link.tokenId };
      return state.emailVerified ? accept(changed) : accept<AccountSecurityEvent>(changed, verified);
    }
    case 'RequestPasswordReset':
      return accept({ type: 'PasswordResetRequested', userId, tokenId: command.tokenId, reason: command.reason });
    case 'ResetPassword': {
      if (!command.link.live) return reject('NOT_FOUND', accountMessages.linkInvalid);
      // A reset never bypasses the second factor (ASVS 6.4.3).
      const factor = secondFactorOf(state, command.secondFactor);
      if (!factor.ok) return { ok: false, error: { code: 'FORBIDDEN', message: factor.message, field: command.secondFactor.method === 'recovery' ? 'recoveryCode' : 'code' } };
      return accept({ type: 'PasswordReset', userId, tokenId: command.link.tokenId, secondFactor: factor.used });
    }
    case 'ChangePassword':
      return accept({ type: 'PasswordChanged', userId });
    case 'StartTwoStepSetup':
      if (state.twoStep === 'on') return reject('CONFLICT', accountMessages.twoStepAlreadyOn);
      return accept({ type: 'TwoStepSetupStarted', userId });
    case 'EnableTwoStep':
      if (state.twoStep === 'on') return reject('CONFLICT', accountMessages.twoStepAlreadyOn);
      if (state.twoStep !== 'setting-up') return reject('PRECONDITION_FAILED', accountMessages.twoStepNotStarted);
      if (command.step === null) return { ok: false, error: { code: 'FORBIDDEN', message: accountMessages.codeWrong, field: 'code' } };
      return accept({ type: 'TwoStepEnabled', userId, step: command.step });
    case 'DisableTwoStep':
    case 'RegenerateRecoveryCodes':
    case 'PassSecondFactor': {
      if (state.twoStep !== 'on') return reject('PRECONDITION_FAILED', accountMessages.twoStepOff);
      const factor = secondFactorOf(state, command.secondFactor);
      if (!factor.ok) return { ok: false, error: { code: 'FORBIDDEN', message: factor.message, field: command.secondFactor.method === 'recovery' ? 'recoveryCode' : 'code' } };
      const used = factor.used ?? { method: 'totp' as const, step: null, codeId: null };
      const type = command.kind === 'DisableTwoStep' ? 'TwoStepDisabled' : command.kind === 'RegenerateRecoveryCodes' ? 'RecoveryCodesRegenerated' : 'SecondFactorPassed';
      return accept({ type, userId, secondFactor: used });
    }
    case 'NoteSignUpAttempt':
      return accept({ type: 'SignUpAttempted', userId });
    case 'Rename':
      return accept({ type: 'AccountRenamed', userId });
    case 'SetNotifications':
      return accept({ type: 'NotificationSettingsChanged', userId });
  }
}

const stepOf = (used: SecondFactorUsed | null, last: number | null): number | null => (used?.step != null ? used.step : last);

export function evolveAccountSecurity(state: AccountSecurityState, event: AccountSecurityEvent): AccountSecurityState {
  switch (event.type) {
    case 'EmailVerified':
      return { ...state, emailVerified: true };
    case 'TwoStepSetupStarted':
      return { ...state, twoStep: 'setting-up' };
    case 'TwoStepEnabled':
      return { ...state, twoStep: 'on', lastTotpStep: event.step };
    case 'TwoStepDisabled':
      return { ...state, twoStep: 'off', lastTotpStep: null };
    case 'PasswordReset':
      return { ...state, lastTotpStep: stepOf(event.secondFactor, state.lastTotpStep) };
    case 'RecoveryCodesRegenerated':
    case 'SecondFactorPassed':
      return { ...state, lastTotpStep: stepOf(event.secondFactor, state.lastTotpStep) };
    default:
      return state;
  }
}
