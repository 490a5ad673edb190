import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@wellspring/server/router';
import { API_MAX_BATCH_SIZE } from '@wellspring/domain';
import superjson from 'superjson';
import { noteApiCall } from './session-guard.ts';

/** The tRPC hooks: `useTRPC()` gives typed query/mutation options derived from the server's router. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export const API_URL = '/api/trpc';

export function createApiClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: API_URL,
        transformer: superjson,
        // The server refuses larger batches.
        maxItems: API_MAX_BATCH_SIZE,
        // The session cookie is HttpOnly and same-origin; it must travel with every call.
        // Every call carries the session and restarts its idle time (lib/session-guard).
        fetch: (input, init) => {
          noteApiCall();
          return fetch(input, { ...init, credentials: 'same-origin' });
        },
      }),
    ],
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;
