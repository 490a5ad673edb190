import { createTRPCClient, httpBatchLink, httpLink, retryLink, splitLink, type TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@wellspring/server/router';
import { API_MAX_BATCH_SIZE } from '@wellspring/domain';
import superjson from 'superjson';
import { noteApiCall } from './session-guard.ts';

/** The tRPC hooks: `useTRPC()` gives typed query/mutation options derived from the server's router. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

const API_URL = '/api/trpc';

/**
 * The header the server reads on every mutation (trpc.ts `honourIdempotencyKey`): a key it has
 * seen answers the stored answer, so a retried submission changes nothing twice.
 */
const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Where a mutation's key travels through the links (`op.context`), set once per call. */
const IDEMPOTENCY_KEY_CONTEXT = 'idempotencyKey';

/** A mutation whose request got no answer is sent again this many times at most, after these delays. */
export const MUTATION_RETRY_DELAYS_MS: readonly number[] = [300, 1_000];

/** A fresh key: a UUID, or 32 random hex digits where `randomUUID` is missing (a page not served over HTTPS). */
function newIdempotencyKey(): string {
  // Only a secure context (HTTPS, localhost) has `randomUUID`; `getRandomValues` is everywhere.
  const { randomUUID } = crypto as Partial<Crypto>;
  if (randomUUID) return randomUUID.call(crypto);
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Gives each mutation call its idempotency key, once: the retries below (and any link after this
 * one) see the same `op`, so a retry re-sends the same key. A key already in the context is kept.
 */
const idempotencyKeyLink: TRPCLink<AppRouter> = () => ({ op, next }) => {
  if (op.type !== 'mutation' || typeof op.context[IDEMPOTENCY_KEY_CONTEXT] === 'string') return next(op);
  return next({ ...op, context: { ...op.context, [IDEMPOTENCY_KEY_CONTEXT]: newIdempotencyKey() } });
};

/**
 * No answer came back: `fetch` rejects with a TypeError when the network fails (the server may or
 * may not have done the work). A refusal, a 5xx or an aborted call is an answer and is not retried.
 */
const isNetworkFailure = (error: TRPCClientError<AppRouter>): boolean => error.data === undefined && error.cause instanceof TypeError;

// The session cookie is HttpOnly and same-origin; it must travel with every call.
// Every call carries the session and restarts its idle time (lib/session-guard).
const sameOriginFetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  noteApiCall();
  return fetch(input, { ...init, credentials: 'same-origin' });
};

export function createApiClient() {
  return createTRPCClient<AppRouter>({
    links: [
      idempotencyKeyLink,
      // Queries are retried by React Query; a mutation only here, with its key, when no answer came.
      retryLink({
        retry: ({ op, error, attempts }) => op.type === 'mutation' && attempts <= MUTATION_RETRY_DELAYS_MS.length && isNetworkFailure(error),
        retryDelayMs: (attempts) => MUTATION_RETRY_DELAYS_MS[attempts - 1] ?? 0,
      }),
      splitLink({
        condition: (op) => op.type === 'mutation',
        // One request per mutation: the key is a header, and a batch has one set of headers.
        true: httpLink({
          url: API_URL,
          transformer: superjson,
          fetch: sameOriginFetch,
          headers: ({ op }) => {
            const key = op.context[IDEMPOTENCY_KEY_CONTEXT];
            return typeof key === 'string' ? { [IDEMPOTENCY_KEY_HEADER]: key } : {};
          },
        }),
        false: httpBatchLink({
          url: API_URL,
          transformer: superjson,
          // The server refuses larger batches.
          maxItems: API_MAX_BATCH_SIZE,
          fetch: sameOriginFetch,
        }),
      }),
    ],
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;
