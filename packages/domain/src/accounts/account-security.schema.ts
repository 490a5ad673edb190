/**
 * The forms and texts of account security (issue 25): password reset, e-mail verification, change
 * of password and e-mail, 2-step verification (TOTP) with recovery codes, sessions, notifications.
 * The new-password rules are sign-up's (`newPasswordField`); the server adds its list of common
 * passwords.
 */
import { z } from 'zod';
import { lineText } from '../shared/text.ts';
import { tooLongMessage } from '../shared/text-limits.ts';
import { authMessages, emailField, newPasswordField, passwordMatchesEmail, passwordMatchesName } from '../auth/auth.schema.ts';

export const accountMessages = {
  /** Sign-up's one answer, whether or not the address already has an account. */
  signUpCheckEmail: 'Check your email: we sent a link to confirm your address.',
  /** The reset request's one answer, whether or not the address has an account. */
  resetSent: 'If an account uses that address, we have sent it a link to choose a new password. The link works for 1 hour.',
  linkInvalid: 'This link has expired or has already been used. Please ask for a new one.',
  alreadyVerified: 'Your email address is already confirmed.',
  emailVerified: 'Your email address is confirmed.',
  verificationSent: 'We sent a new confirmation link. Please check your email.',
  unverified: 'Please confirm your email address to publish your listing, take online bookings and see referrals sent to you.',
  needsVerifiedEmail: 'Please confirm your email address first.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  passwordReset: 'Your password has been changed. Please sign in with it.',
  currentPasswordWrong: 'That is not your current password.',
  currentPasswordRequired: 'Please enter your current password.',
  samePassword: 'Please choose a password different from your current one.',
  sameEmail: 'That is already your email address.',
  emailChangeSent: 'We sent a link to your new address. Your email changes when you open it.',
  emailChanged: 'Your email address has been changed.',
  /** A change of password, e-mail or 2-step after 10 minutes without entering the password. */
  reauthenticate: 'Please enter your password again to continue.',
  codeRequired: 'Please enter the 6-digit code from your authenticator app.',
  codeFormat: 'The code is 6 digits.',
  codeWrong: 'That code is not right. Please try again.',
  recoveryCodeFormat: 'A recovery code is 10 letters and digits.',
  recoveryCodeWrong: 'That recovery code is not right or has been used.',
  twoStepAlreadyOn: '2-step verification is already on.',
  twoStepOff: '2-step verification is off.',
  twoStepNotStarted: 'Please start the set-up again.',
  twoStepOn: '2-step verification is on.',
  twoStepTurnedOff: '2-step verification is off.',
  sessionEnded: 'That session has been signed out.',
  otherSessionsEnded: 'Every other session has been signed out.',
  sessionUnknown: 'That session has already ended.',
  nameSaved: 'Your name has been saved.',
  notificationsSaved: 'Your email preferences have been saved.',
  practiceSaved: 'Your practice settings have been saved.',
} as const;

/** Minutes a password reset link works. */
export const PASSWORD_RESET_MINUTES = 60;
/** Hours an e-mail verification (or change of e-mail) link works. */
export const EMAIL_VERIFICATION_HOURS = 48;
/** Minutes since the password was last entered within which a sensitive change needs no new entry (ASVS 7.5.1). */
export const REAUTHENTICATE_AFTER_MINUTES = 10;
export const RECOVERY_CODE_COUNT = 10;

const password = lineText().min(1, accountMessages.currentPasswordRequired).max(128, authMessages.passwordTooLong);
export const totpCodeField = lineText()
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().min(1, accountMessages.codeRequired).regex(/^\d{6}$/, accountMessages.codeFormat));
/** Recovery codes are shown as `xxxxx-xxxxx`; dashes, spaces and letter case are ignored. */
export const recoveryCodeField = lineText()
  .transform((code) => code.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, accountMessages.recoveryCodeFormat));

/** A private link's token (43 base64url characters); anything else is refused before any lookup. */
const linkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, accountMessages.linkInvalid);

export const passwordResetRequestSchema = z.object({ email: emailField });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** The reset form: the new password, and the 2-step code (or a recovery code) when the account has 2-step on. */
export const passwordResetSchema = z.object({
  token: linkToken,
  password: newPasswordField,
  code: totpCodeField.optional(),
  recoveryCode: recoveryCodeField.optional(),
});
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

/** What a reset link is, before the form: whether it still works and whether it will ask for a code. */
export const passwordResetLinkSchema = z.object({ token: linkToken });

export const emailVerificationSchema = z.object({ token: linkToken });

export const secondFactorSchema = z.union([
  z.object({ code: totpCodeField }),
  z.object({ recoveryCode: recoveryCodeField }),
]);
export type SecondFactorInput = z.infer<typeof secondFactorSchema>;

export const changePasswordSchema = z
  .object({ currentPassword: password, newPassword: newPasswordField })
  .refine((input) => input.currentPassword !== input.newPassword, { path: ['newPassword'], message: accountMessages.samePassword });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changeEmailSchema = z.object({ email: emailField, password });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** The password again (and the code when 2-step is on) before a sensitive change. */
/** The password, and with 2-step on a code from the app or (the phone lost) a recovery code. */
export const reauthenticateSchema = z.object({ password, code: totpCodeField.optional(), recoveryCode: recoveryCodeField.optional() });
export type ReauthenticateInput = z.infer<typeof reauthenticateSchema>;

export const twoStepConfirmSchema = z.object({ code: totpCodeField });
export const twoStepCodeSchema = z.object({ code: totpCodeField });

export const accountNameSchema = z.object({
  name: lineText().trim().min(2, authMessages.name).max(200, tooLongMessage('Full name', 200)),
});

export const sessionRefSchema = z.object({ sessionId: z.uuid('Unknown session.') });

/** The e-mails a practitioner can turn off (security e-mails always go). */
export const notificationSettingsSchema = z.object({
  referrals: z.boolean(),
  contactMessages: z.boolean(),
  communityEvents: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const defaultNotificationSettings: NotificationSettings = { referrals: true, contactMessages: true, communityEvents: true };
export const notificationLabels: Readonly<Record<keyof NotificationSettings, string>> = {
  referrals: 'Referrals other practitioners send to your address',
  contactMessages: 'Messages visitors send from your public profile (they stay on your dashboard either way)',
  communityEvents: 'Confirmations of the community events you join',
};

/** Stored settings read back leniently: a key missing (an older row) takes its default. */
export function readNotificationSettings(stored: unknown): NotificationSettings {
  const parsed = notificationSettingsSchema.partial().safeParse(stored);
  return { ...defaultNotificationSettings, ...(parsed.success ? parsed.data : {}) };
}

/** Whether a new password is the account's e-mail or name (sign-up's rule, for a reset or a change). */
export function newPasswordProblemFor(password: string, account: { email: string; name: string }): string | null {
  if (passwordMatchesEmail(password, account.email)) return authMessages.passwordIsEmail;
  if (passwordMatchesName(password, account.name)) return authMessages.passwordIsName;
  return null;
}
