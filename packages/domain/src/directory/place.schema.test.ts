import { describe, expect, it } from 'vitest';
import { messagesOf } from '../shared/schema.testkit.ts';
import { textMessages } from '../shared/text.ts';
import { placeMessages, placeSuggestSchema } from './place.schema.ts';

describe('placeSuggestSchema', () => {
  it('trims the text and keeps an empty one (no suggestions, not an error)', () => {
    expect(placeSuggestSchema.parse({ text: '  portl ' })).toEqual({ text: 'portl' });
    expect(placeSuggestSchema.parse({ text: '' })).toEqual({ text: '' });
  });

  it('refuses a text over 100 characters, control characters and a missing text, with field messages', () => {
    expect(messagesOf(placeSuggestSchema, { text: 'x'.repeat(101) })).toEqual({ text: [placeMessages.textTooLong] });
    expect(messagesOf(placeSuggestSchema, { text: 'a\u0000b' })).toEqual({ text: [textMessages.controlCharacters] });
    expect(Object.keys(messagesOf(placeSuggestSchema, {}))).toEqual(['text']);
  });
});
