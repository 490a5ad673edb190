import { z } from 'zod';
import { lineText } from '../shared/text.ts';
import { tooLongMessage } from '../shared/text-limits.ts';

export const authMessages = {
  name: 'Full name must be at least 2 characters.',
  email: 'Please enter a valid email address.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  passwordRequired: 'Please enter your password.',
  /** Same text for an unknown email and a wrong password, so neither can be told apart. */
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

const emailField = lineText().trim().pipe(z.email(authMessages.email));

export const signUpSchema = z.object({
  name: lineText().trim().min(2, authMessages.name).max(200, tooLongMessage('Full name', 200)),
  email: emailField,
  password: lineText().min(8, authMessages.passwordTooShort).max(128, authMessages.passwordTooLong),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailField,
  password: lineText().min(1, authMessages.passwordRequired).max(128, authMessages.passwordTooLong),
});
export type SignInInput = z.infer<typeof signInSchema>;
