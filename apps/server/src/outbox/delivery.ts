/** What a sender reports for one try at a side effect. */
export interface DeliveryOutcome {
  readonly ok: boolean;
  /** HTTP status, or the SMTP reply code. */
  readonly statusCode: number | null;
  readonly error: string | null;
  /** Retrying cannot help (e.g. the stored payload is unreadable): dead-letter at once. */
  readonly permanent?: boolean;
}

export const delivered = (statusCode: number | null = null): DeliveryOutcome => ({ ok: true, statusCode, error: null });

export const failed = (error: string, statusCode: number | null = null, permanent = false): DeliveryOutcome => ({ ok: false, statusCode, error, permanent });

const MAX_ERROR_LENGTH = 1000;

/** A readable one-line reason for a thrown error (fetch hides the socket error in `cause`). */
export function describeError(error: unknown, signal?: AbortSignal): string {
  if (signal?.aborted) {
    // The relay aborts with a reason that says why ("timed out after 10000 ms", "relay stopping").
    const reason: unknown = signal.reason;
    return reason instanceof Error ? reason.message : 'aborted';
  }
  let current: unknown = error;
  let message = error instanceof Error ? error.message : String(error);
  // Prefer the innermost cause: "connect ECONNREFUSED 127.0.0.1:4000" over "fetch failed".
  while (current instanceof Error && current.cause !== undefined) {
    current = current.cause;
    if (current instanceof Error && current.message) message = current.message;
  }
  return message.slice(0, MAX_ERROR_LENGTH);
}

export const truncate = (text: string, length = MAX_ERROR_LENGTH): string => (text.length > length ? `${text.slice(0, length)}…` : text);
