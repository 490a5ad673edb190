import { describe, expect, it } from 'vitest';
import { practitionerApplicationSchema } from '../applications/practitioner-application.schema.ts';
import { signInSchema, signUpSchema } from '../auth/auth.schema.ts';
import { practitionerByIdSchema, directorySearchSchema, setFavoriteSchema } from '../directory/directory.schema.ts';
import { inviteFormSchema, waitlistFormSchema } from '../waitlist/waitlist.schema.ts';
import { messagesOf } from './schema.testkit.ts';
import { hasControlCharacter, lineText, multilineText, textMessages } from './text.ts';

const refused = [textMessages.controlCharacters];

describe('control characters in text', () => {
  it('are refused on single-line fields, tab and line breaks included', () => {
    for (const value of ['a\u0000b', 'a\tb', 'a\nb', 'a\rb', 'a\u001bb', 'a\u007fb', 'a\u0085b']) {
      expect(lineText().safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
    expect(lineText().safeParse('Dr. Zoë Łukasz-O’Brien 李 🌿').success).toBe(true);
    for (const value of ['lone \ud800 high', 'lone \udc00 low', 'reversed \udc00\ud800']) {
      expect(lineText().safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(multilineText().safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('keep tab and line breaks on multi-line fields, and refuse the rest', () => {
    expect(multilineText().safeParse('line one\r\n\tline two\n').success).toBe(true);
    for (const value of ['a\u0000b', 'a\u0008b', 'a\u000bb', 'a\u001fb', 'a\u009fb']) {
      expect(multilineText().safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('get one clear message on every public form, before any other rule of the field', () => {
    expect(messagesOf(waitlistFormSchema, { name: 'Jo\u0000', email: 'jo@example.com' })).toEqual({ name: refused });
    expect(messagesOf(inviteFormSchema, { yourName: '\u0000', friendEmail: 'f@example.com' })).toEqual({ yourName: refused });
    expect(messagesOf(signUpSchema, { name: 'Jo\u0000Jo', email: 'jo@example.com', password: 'a long passphrase' })).toEqual({ name: refused });
    expect(messagesOf(signInSchema, { email: 'jo@example.com', password: 'pass\u0000word' })).toEqual({ password: refused });
    const application = { name: 'Jo Jo', email: 'jo@example.com', phone: '5555555555', specialties: 'Acupuncture', experience: '0-2', acceptTerms: true };
    expect(messagesOf(practitionerApplicationSchema, { ...application, name: 'Jo\u0000' })).toEqual({ name: refused });
    expect(messagesOf(practitionerApplicationSchema, { ...application, message: 'Hello\nthere\u0000' })).toEqual({ message: refused });
    expect(practitionerApplicationSchema.safeParse({ ...application, message: 'Hello\nthere' }).success).toBe(true);
    expect(messagesOf(practitionerByIdSchema, { id: '1\u0000' })).toEqual({ id: refused });
    expect(messagesOf(setFavoriteSchema, { practitionerId: '1\u0000', favorite: true })).toEqual({ practitionerId: refused });
    expect(messagesOf(directorySearchSchema, { location: 'Austin\u0000' })).toEqual({ location: refused });
  });

  it('are told apart from ordinary text', () => {
    expect(hasControlCharacter('plain text')).toBe(false);
    expect(hasControlCharacter('nul\u0000')).toBe(true);
  });
});
