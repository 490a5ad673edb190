/**
 * The base of every free-text field of every form and procedure. PostgreSQL cannot store a NUL
 * character in text, and no form has a use for control characters, so both are refused here, with
 * one clear message, before anything reaches the database: single-line fields (names, e-mails, ids,
 * places) refuse every control character; multi-line fields (messages, notes, bios) keep tab, line
 * feed and carriage return.
 */
import { z } from 'zod';

export const textMessages = {
  controlCharacters: 'Please remove invisible or invalid characters (such as a null byte) from this field.',
} as const;

// C0 controls, DEL and C1 controls: matching control characters is this pattern's purpose.
// eslint-disable-next-line no-control-regex
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F]/;
// The same, less tab (\u0009), line feed (\u000A) and carriage return (\u000D).
// eslint-disable-next-line no-control-regex
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A single-line text: every control character refused. Chain `.trim()`, `.min()`, `.max()` after it. */
export const lineText = () =>
  z.string().refine((value) => !SINGLE_LINE_FORBIDDEN.test(value) && !LONE_SURROGATE.test(value), { message: textMessages.controlCharacters, abort: true });

/** A multi-line text: tab and line breaks allowed, every other control character refused. */
export const multilineText = () =>
  z.string().refine((value) => !MULTI_LINE_FORBIDDEN.test(value) && !LONE_SURROGATE.test(value), { message: textMessages.controlCharacters, abort: true });

/** Whether a text holds a control character that no single-line field accepts. */
export const hasControlCharacter = (value: string): boolean => SINGLE_LINE_FORBIDDEN.test(value) || LONE_SURROGATE.test(value);
