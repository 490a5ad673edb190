import { describe, expect, it } from 'vitest';
import { messagesOf, repeat } from '../shared/schema.testkit.ts';
import { authMessages, comparablePassword, signInSchema, signUpSchema } from './auth.schema.ts';

const robin = { name: 'Dr. Robin Vale', email: 'robin.vale@example.com' };

describe('sign-up', () => {
  it('checks name, email and password length', () => {
    expect(messagesOf(signUpSchema, { name: 'A', email: 'x', password: repeat(7) })).toEqual({
      name: ['Full name must be at least 2 characters.'],
      email: ['Please enter a valid email address.'],
      password: ['Password must be at least 8 characters.'],
    });
    expect(signUpSchema.safeParse({ name: 'Al', email: 'a@b.co', password: 'abcdefgh' }).success).toBe(true);
    expect(messagesOf(signUpSchema, { name: 'Al', email: 'a@b.co', password: repeat(129) })).toEqual({ password: ['Password must be at most 128 characters.'] });
    expect(signUpSchema.safeParse({ name: 'Al', email: 'a@b.co', password: `${repeat(127)}b` }).success).toBe(true);
  });

  it('refuses a password of spaces, or with fewer than 8 characters besides spaces', () => {
    expect(messagesOf(signUpSchema, { ...robin, password: '        ' })).toEqual({ password: ['Password must have at least 8 characters other than spaces.'] });
    expect(messagesOf(signUpSchema, { ...robin, password: ' abc def g ' })).toEqual({ password: [authMessages.passwordTooFewNonSpaces] });
    // U+00A0 and U+3000 are spaces too.
    expect(messagesOf(signUpSchema, { ...robin, password: 'abcdefg\u00a0\u3000' })).toEqual({ password: [authMessages.passwordTooFewNonSpaces] });
    expect(signUpSchema.parse({ ...robin, password: ' abc defgh ' }).password).toBe(' abc defgh ');
  });

  it('refuses one character repeated as too common', () => {
    expect(messagesOf(signUpSchema, { ...robin, password: 'aaaaaaaa' })).toEqual({ password: ['This password is too common. Please choose a less guessable one.'] });
    expect(messagesOf(signUpSchema, { ...robin, password: '0000 0000' })).toEqual({ password: [authMessages.passwordTooCommon] });
    expect(signUpSchema.safeParse({ ...robin, password: 'aaaaaaab' }).success).toBe(true);
  });

  it('refuses the e-mail address, or the part before its "@", in any letter case', () => {
    expect(messagesOf(signUpSchema, { ...robin, password: 'robin.vale@example.com' })).toEqual({ password: ['Password must not be your email address.'] });
    expect(messagesOf(signUpSchema, { ...robin, password: ' Robin.Vale@Example.COM ' })).toEqual({ password: [authMessages.passwordIsEmail] });
    expect(messagesOf(signUpSchema, { ...robin, password: 'ROBIN.VALE' })).toEqual({ password: [authMessages.passwordIsEmail] });
    expect(signUpSchema.safeParse({ ...robin, password: 'robin.vale@example' }).success).toBe(true);
    expect(signUpSchema.safeParse({ ...robin, password: 'robin.vale2' }).success).toBe(true);
  });

  it('refuses the name, in any letter case and with or without its spaces', () => {
    expect(messagesOf(signUpSchema, { ...robin, password: 'Dr. Robin Vale' })).toEqual({ password: ['Password must not be your name.'] });
    expect(messagesOf(signUpSchema, { ...robin, password: '  dr. robin vale ' })).toEqual({ password: [authMessages.passwordIsName] });
    expect(messagesOf(signUpSchema, { ...robin, password: 'DR.ROBINVALE' })).toEqual({ password: [authMessages.passwordIsName] });
    expect(signUpSchema.safeParse({ ...robin, password: 'Robin Vale' }).success).toBe(true);
  });

  it('shows the password’s message together with the other fields’ messages', () => {
    expect(messagesOf(signUpSchema, { name: 'R', email: 'robinvale@', password: 'robinvale@' })).toEqual({
      name: [authMessages.name],
      email: [authMessages.email],
      password: [authMessages.passwordIsEmail],
    });
    // A missing e-mail is that field's message alone: nothing to compare the password with.
    expect(Object.keys(messagesOf(signUpSchema, { name: 'Robin Vale', password: 'robinvale' }))).toEqual(['email']);
  });
});

describe('sign-in', () => {
  it('needs an email and a password', () => {
    expect(messagesOf(signInSchema, { email: 'a@b.co', password: '' })).toEqual({ password: ['Please enter your password.'] });
    expect(signInSchema.parse({ email: ' a@b.co ', password: 'p' }).email).toBe('a@b.co');
  });

  it('does not apply the sign-up rules, so an older account can still sign in', () => {
    expect(signInSchema.safeParse({ email: 'robin.vale@example.com', password: 'robin.vale@example.com' }).success).toBe(true);
    expect(signInSchema.safeParse({ email: 'a@b.co', password: '        ' }).success).toBe(true);
  });
});

describe('comparablePassword', () => {
  it('ignores letter case and every kind of space, as the server’s list lookup does', () => {
    expect(comparablePassword(' Pass\u00a0Word1 ')).toBe('password1');
  });
});
