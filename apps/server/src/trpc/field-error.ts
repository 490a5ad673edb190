import { TRPCError } from '@trpc/server';
import { ZodRealError } from 'zod';

/**
 * A 400 with one field's message, in the shape the error formatter gives input errors
 * (`data.fieldErrors`), so a form shows it under that field: for rules the shared schema cannot
 * check, such as the server's common-password list. `ZodRealError` is the ZodError that `parse`
 * throws: unlike `new ZodError(...)` it is an `Error`, which tRPC keeps as the cause (it wraps any
 * other object).
 */
export function fieldError(field: string, message: string): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message, cause: new ZodRealError([{ code: 'custom', path: [field], message, input: undefined }]) });
}
