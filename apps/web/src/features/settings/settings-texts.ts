import { accountMessages } from '@wellspring/domain';
import { apiErrorCode, apiErrorMessage } from '../../lib/api-errors.ts';

/**
 * The screen's own words. What the server says (saved, sent, wrong code…) is `accountMessages`
 * from the domain, shown as the server sent it; these are only what the screen adds around it.
 */
export const settingsTexts = {
  title: 'Settings',
  lead: 'Your account, how you sign in, your practice, and which e-mails you get.',
  loadFailed: 'We couldn’t load your settings.',
  serverFailed: 'Something went wrong on our side. Please try again.',
  unreachable: 'We could not reach Wellspring. Please check your connection and try again.',
  emailPending: (email: string) => `Waiting for you to confirm ${email}: open the link we sent to that address to finish the change.`,
  passwordRules: 'At least 8 characters. Not a common password, your name or your email.',
  twoStepIntro: 'A second step when you sign in: after your password, a 6-digit code from an authenticator app on your phone.',
  twoStepOnNote: 'Signing in asks for a code from your authenticator app after your password.',
  scanQr: 'Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy…).',
  typeKey: 'Or type this key into the app (the spaces are only for reading):',
  enterCode: 'Then enter the 6-digit code the app shows.',
  freshCode: 'You have confirmed it’s you. Each code works once: enter the next code your app shows.',
  saveCodesNow: 'Save these codes now: they are shown only this once.',
  codesUse: 'Each code works once, to sign in if you lose your phone. Keep them somewhere safe, like a password manager.',
  codesCopied: 'Recovery codes copied',
  copyFailed: 'Could not copy',
  copyFailedDescription: 'Select the codes and copy them yourself.',
  keyCopied: 'Key copied',
  newCodes: 'New recovery codes created',
  newCodesDescription: 'The old ones no longer work.',
  codesLeft: (left: number, total: number) => `${left} of ${total} recovery codes left.`,
  codesLow: 'Get new codes before you run out: without a code or your phone you cannot sign in.',
  sessionsIntro: 'The browsers and devices signed in to your account. Sign out any you don’t recognise.',
  notificationsIntro: 'E-mails about your practice you can turn off. Security e-mails (sign-in, password and address changes) always go.',
  reauthenticateTitle: 'Confirm it’s you',
  practiceIntro: 'Your practice as invoices and your schedule show it.',
  practiceLoadFailed: 'We couldn’t load your practice settings.',
  practiceNameHint: 'As invoices and superbills will show it. Empty: your own name.',
  practiceZoneHint: 'Today, this week, your schedule and your bookable hours are in this zone.',
  practiceCurrencyHint: 'Session prices, invoices and payments start in this currency.',
} as const;

/** Why a call failed, for a form's alert or a toast: the server's own words when they are meant for people. */
export function failureMessage(error: unknown): string {
  const code = apiErrorCode(error);
  if (code === undefined) return settingsTexts.unreachable;
  if (code === 'INTERNAL_SERVER_ERROR') return settingsTexts.serverFailed;
  return apiErrorMessage(error) ?? settingsTexts.serverFailed;
}

/** A sensitive change refused because the password was last entered more than 10 minutes ago. */
export const needsReauthentication = (error: unknown): boolean =>
  apiErrorCode(error) === 'FORBIDDEN' && apiErrorMessage(error) === accountMessages.reauthenticate;
