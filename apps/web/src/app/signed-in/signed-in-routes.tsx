import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ApiProvider } from '../../lib/api.tsx';
import type { SignedInRouteEntry } from '../route-entry.ts';
import { RouteErrorBoundary } from '../shell/route-error-boundary.tsx';
import { RequireSession, SignedInLoading } from './require-session.tsx';
import { SignedInShell } from './signed-in-shell.tsx';

export interface SignedInRoutesProps {
  readonly routes: readonly SignedInRouteEntry[];
  /** What a visitor gets on the route the location is on. */
  readonly visitor: SignedInRouteEntry['visitor'];
}

/**
 * The signed-in screens (app/routes `signedInRouteTable`), behind one guard, inside one API
 * provider and one shell. Loaded on demand: none of it is in the landing page's JavaScript.
 */
export function SignedInRoutes({ routes, visitor }: SignedInRoutesProps) {
  const [location] = useLocation();
  return (
    <ApiProvider>
      <RequireSession visitor={visitor}>
        <SignedInShell>
          {/* Keyed by path: an error on one screen does not stick to the next; the shell stays. */}
          <RouteErrorBoundary key={location}>
            <Suspense fallback={<SignedInLoading />}>
              <Switch>
                {routes.map(({ path, screen }) => (
                  <Route key={path} path={path} component={screen} />
                ))}
              </Switch>
            </Suspense>
          </RouteErrorBoundary>
        </SignedInShell>
      </RequireSession>
    </ApiProvider>
  );
}
