import { TRPCClientError } from '@trpc/client';

/**
 * Reads the parts of a failed call the UI reacts to. The server's error formatter adds the tRPC
 * code and, for bad input, `fieldErrors` (flattened zod errors) to `error.data`.
 */
function errorData(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined;
}

type ApiErrorCode = 'CONFLICT' | 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'TOO_MANY_REQUESTS' | 'NOT_FOUND';

const codeByStatus: Record<number, ApiErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'TOO_MANY_REQUESTS',
};

/** The tRPC error code of a failed call (CONFLICT, UNAUTHORIZED, ...), or undefined for a network failure. */
export function apiErrorCode(error: unknown): string | undefined {
  const data = errorData(error);
  if (!data) return undefined;
  if (typeof data.code === 'string') return data.code;
  if (typeof data.httpStatus === 'number') return codeByStatus[data.httpStatus];
  return undefined;
}

/** The procedure a failed call went to (`favorites.ids`), when the server said. */
export function apiErrorPath(error: unknown): string | undefined {
  const path = errorData(error)?.path;
  return typeof path === 'string' ? path : undefined;
}

/** Field messages from the server's input validation, first message per field. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  const fieldErrors = errorData(error)?.fieldErrors;
  const result: Record<string, string> = {};
  if (typeof fieldErrors !== 'object' || fieldErrors === null) return result;
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if (Array.isArray(messages) && typeof messages[0] === 'string') result[field] = messages[0];
  }
  return result;
}

/** The server's message for a failed call, when it is one meant for people (not a network failure). */
export function apiErrorMessage(error: unknown): string | undefined {
  return error instanceof TRPCClientError && errorData(error) ? error.message : undefined;
}
