import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useLocation } from 'wouter';
import type { LinkNavigation } from '../lib/scroll.ts';
import { followLink } from '../lib/scroll.ts';
import { ThemeProvider } from '../lib/theme.tsx';
import { toastRequests } from '../lib/toast.tsx';
import { SessionEndRedirect } from './shell/session-end-redirect.tsx';

declare module 'react-aria-components' {
  interface RouterConfig {
    /** A link's `routerOptions`: a history state for the page it opens (e.g. `/search`'s query and location). */
    routerOptions: LinkNavigation;
  }
}

/** react-aria links navigate through wouter (client-side), and `/#section` links scroll to the section. */
function RouterBridge({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation();
  return <RouterProvider navigate={(href, options) => followLink(href, location, navigate, options)}>{children}</RouterProvider>;
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

/**
 * The app-wide providers. The API (React Query + tRPC) is not among them: it stays out of the
 * landing page's initial JavaScript, and the lazily loaded code that calls it brings its own
 * `ApiProvider` (lib/api), all sharing one QueryClient.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <RouterBridge>
        {children}
        <SessionEndRedirect />
        <Toasts />
      </RouterBridge>
    </ThemeProvider>
  );
}
