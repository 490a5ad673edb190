import { z } from 'zod';
import { lineText } from '../shared/text.ts';
import { tooLongMessage } from '../shared/text-limits.ts';
import { MAX_EMAIL_LENGTH } from '../shared/input-bounds.ts';

export const authMessages = {
  name: 'Full name must be at least 2 characters.',
  email: 'Please enter a valid email address.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooFewNonSpaces: 'Password must have at least 8 characters other than spaces.',
  passwordTooLong: 'Password must be at most 128 characters.',
  passwordIsEmail: 'Password must not be your email address.',
  passwordIsName: 'Password must not be your name.',
  /** A password on the server's list of common and breached passwords, or one character repeated. */
  passwordTooCommon: 'This password is too common. Please choose a less guessable one.',
  passwordRequired: 'Please enter your password.',
  /** Same text for an unknown email and a wrong password, so neither can be told apart. */
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

export const emailField = lineText().trim().max(MAX_EMAIL_LENGTH, authMessages.email).pipe(z.email(authMessages.email));

/**
 * How a password is compared with what a guesser tries first (the name, the e-mail, the server's list
 * of common passwords): letter case and spaces ignored.
 */
export const comparablePassword = (text: string): string => text.replace(/\s/g, '').toLowerCase();

/**
 * What is wrong with a new password of an allowed length that needs no list: too few characters
 * besides spaces (eight spaces), or one character repeated ("aaaaaaaa"). The list of common and
 * breached passwords is too big for this package; the server checks it (apps/server/src/auth/password-policy.ts).
 */
function newPasswordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return null;
  const characters = Array.from(comparablePassword(password));
  if (characters.length < PASSWORD_MIN) return authMessages.passwordTooFewNonSpaces;
  if (new Set(characters).size === 1) return authMessages.passwordTooCommon;
  return null;
}

/**
 * Whether a password is the account's e-mail address, or the part before its "@" (for
 * `robin.vale@example.com`, `robin.vale` as well), ignoring letter case and spaces.
 */
export function passwordMatchesEmail(password: string, email: string): boolean {
  const candidate = comparablePassword(password);
  const address = comparablePassword(email);
  const at = address.lastIndexOf('@');
  return candidate === address || (at > 0 && candidate === address.slice(0, at));
}

/** Whether a password is the account holder's name, ignoring letter case and spaces ("Robin Vale" = `robinvale`). */
export function passwordMatchesName(password: string, name: string): boolean {
  return comparablePassword(password) === comparablePassword(name);
}

export const newPasswordField = lineText()
  .min(PASSWORD_MIN, authMessages.passwordTooShort)
  .max(PASSWORD_MAX, authMessages.passwordTooLong)
  .superRefine((password, ctx) => {
    const problem = newPasswordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const signUpSchema = z
  .object({
    name: lineText().trim().min(2, authMessages.name).max(200, tooLongMessage('Full name', 200)),
    email: emailField,
    password: newPasswordField,
    /** A referral code the account redeems when it is created (`/signup?code=`); empty for none. */
    referralCode: lineText().trim().max(40).optional(),
  })
  .superRefine(
    (input, ctx) => {
      if (passwordMatchesEmail(input.password, input.email)) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: authMessages.passwordIsEmail });
      } else if (passwordMatchesName(input.password, input.name)) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: authMessages.passwordIsName });
      }
    },
    {
      // Also while the name or the e-mail has its own message, so one submit shows every message;
      // not when a field is missing or not text, nor when the password already has a message.
      when: ({ issues }) => !issues.some((issue) => issue.code === 'invalid_type' || issue.path?.[0] === 'password'),
    },
  );
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailField,
  // Not the sign-up rules: an account made before a rule existed must still be able to sign in.
  password: lineText().min(1, authMessages.passwordRequired).max(PASSWORD_MAX, authMessages.passwordTooLong),
});
export type SignInInput = z.infer<typeof signInSchema>;
