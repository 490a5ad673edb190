import { describe, expect, it } from 'vitest';
import { messagesOf, repeat } from '../shared/schema.testkit.ts';
import { signInSchema, signUpSchema } from './auth.schema.ts';

describe('sign-up', () => {
  it('checks name, email and password length', () => {
    expect(messagesOf(signUpSchema, { name: 'A', email: 'x', password: repeat(7) })).toEqual({
      name: ['Full name must be at least 2 characters.'],
      email: ['Please enter a valid email address.'],
      password: ['Password must be at least 8 characters.'],
    });
    expect(signUpSchema.safeParse({ name: 'Al', email: 'a@b.co', password: repeat(8) }).success).toBe(true);
    expect(messagesOf(signUpSchema, { name: 'Al', email: 'a@b.co', password: repeat(129) })).toEqual({ password: ['Password must be at most 128 characters.'] });
    expect(signUpSchema.safeParse({ name: 'Al', email: 'a@b.co', password: repeat(128) }).success).toBe(true);
  });
});

describe('sign-in', () => {
  it('needs an email and a password', () => {
    expect(messagesOf(signInSchema, { email: 'a@b.co', password: '' })).toEqual({ password: ['Please enter your password.'] });
    expect(signInSchema.parse({ email: ' a@b.co ', password: 'p' }).email).toBe('a@b.co');
  });
});
