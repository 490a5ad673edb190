/*
 * The API stack (TanStack Query, the tRPC client, superjson) as one page-wide singleton. It is
 * imported only by lazily loaded code (the routes other than `/`, the header's session link, the
 * waitlist forms on submit), so the landing page's initial JavaScript leaves it out (docs/architecture.md#budgets).
 * Every `ApiProvider` subtree shares the one QueryClient: signing in on a page refreshes the
 * header's session link too.
 */
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@wellspring/server/router';
import type { ReactNode } from 'react';
import { apiErrorCode, apiErrorPath } from './api-errors.ts';
import { seedPageQueries, takePageData } from './page-data.ts';
import { forgetSignedInUserFromOtherTab, onSessionEnded, reportSessionEnded, SIGNED_OUT_BROADCAST_KEY } from './session-guard.ts';
import { createApiClient, TRPCProvider } from './trpc.ts';

/**
 * A call refused for want of a session means the session ended (lib/session-guard). The `auth.*`
 * procedures are the exception: their UNAUTHORIZED is a wrong password.
 */
function noticeEndedSession(error: unknown): void {
  if (apiErrorCode(error) === 'UNAUTHORIZED' && !apiErrorPath(error)?.startsWith('auth.')) reportSessionEnded();
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: noticeEndedSession }),
  mutationCache: new MutationCache({ onError: noticeEndedSession }),
  defaultOptions: {
    queries: {
      // One retry for a network hiccup; a refused session is not retried (the user is sent to sign in).
      retry: (failureCount, error) => failureCount < 1 && apiErrorCode(error) !== 'UNAUTHORIZED',
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});

/**
 * The session is over: nothing read under it stays in memory (a shared computer), and what is on
 * screen is fetched again as the signed-out visitor (`auth.me` then has no user).
 */
function dropSignedInData(): void {
  void queryClient.resetQueries();
}
onSessionEnded(dropSignedInData);

// Signing out in another tab signs this one out too (the session cookie is shared).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SIGNED_OUT_BROADCAST_KEY) return;
    forgetSignedInUserFromOtherTab();
    dropSignedInData();
  });
}

/** The plain tRPC client, for calls made outside React Query (the landing page's forms). */
export const apiClient = createApiClient();

// The answers the server embedded in the page (its profile, its first results) are in the cache
// before the page's first render: it does not ask the API for them again.
if (typeof document !== 'undefined') seedPageQueries(queryClient, createTRPCOptionsProxy<AppRouter>({ client: apiClient, queryClient }), takePageData());

/** Gives a subtree `useTRPC()` and React Query, on the page-wide client and cache. */
export function ApiProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={apiClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
