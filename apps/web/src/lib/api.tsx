/*
 * The API stack (TanStack Query, the tRPC client, superjson) as one page-wide singleton. It is
 * imported only by lazily loaded code (the routes other than `/`, the header's session link, the
 * waitlist forms on submit), so the landing page's initial JavaScript leaves it out (DESIGN §8).
 * Every `ApiProvider` subtree shares the one QueryClient: signing in on a page refreshes the
 * header's session link too.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createApiClient, TRPCProvider } from './trpc.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/** The plain tRPC client, for calls made outside React Query (the landing page's forms). */
export const apiClient = createApiClient();

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
