import type { z } from 'zod';

/** The messages of a failed parse, by field path ("" for the root). */
export function messagesOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export const repeat = (n: number, char = 'a'): string => char.repeat(n);
