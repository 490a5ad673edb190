import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useLocation } from 'wouter';
import { followLink } from '../lib/scroll.ts';
import { ThemeProvider } from '../lib/theme.tsx';
import { toastRequests } from '../lib/toast.tsx';
import { createApiClient, TRPCProvider } from '../lib/trpc.ts';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** react-aria links navigate through wouter (client-side), and `/#section` links scroll to the section. */
function RouterBridge({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation();
  return <RouterProvider navigate={(href) => followLink(href, location, navigate)}>{children}</RouterProvider>;
}

const ToastHost = lazy(() => import('./shell/toast-host.tsx').then((m) => ({ default: m.ToastHost })));

/** Mounts the toast container with the first toast (see lib/toast). */
function Toasts() {
  const requested = useSyncExternalStore(toastRequests.subscribe, toastRequests.getSnapshot);
  return requested ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createApiClient);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <RouterBridge>
            {children}
            <Toasts />
          </RouterBridge>
        </TRPCProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
