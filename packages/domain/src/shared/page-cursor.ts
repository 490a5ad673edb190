import { z } from 'zod';
import { inputBoundMessages, MAX_CURSOR_LENGTH } from './input-bounds.ts';

/**
 * Where a page starts (issue 27, keyset paging): the list's answer gives the cursors of the pages
 * before and after it, and the next request names one, so a deep page is read from the index at its
 * boundary rather than by skipping every row before it. Opaque to the client; without one, `page`
 * alone is read by its number (a first visit, an old link).
 */
export const pageCursorSchema = z
  .string({ error: inputBoundMessages.cursor })
  .max(MAX_CURSOR_LENGTH, inputBoundMessages.cursor)
  .regex(/^[A-Za-z0-9_-]+$/, inputBoundMessages.cursor);
