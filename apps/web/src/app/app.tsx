import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { usePageStartsAtTop } from '../lib/scroll.ts';
import { siteConfig } from '../lib/site-config.ts';
import { useHasNavigated } from '../lib/use-has-navigated.ts';
import { Skeleton } from '../ui/skeleton/skeleton.tsx';
import * as styles from './app.css.ts';
import { AppProviders } from './providers.tsx';
import { AppRoutes, isPortalPath, useSignedInRoute } from './routes.tsx';
import { Footer } from './shell/footer.tsx';
import { Header } from './shell/header.tsx';
import { RouteErrorBoundary } from './shell/route-error-boundary.tsx';

// A production host serves only `/`, whose title the server wrote: the title's route knowledge
// (the domain's page list) stays out of the landing page's JavaScript there. Elsewhere the first
// page's title is the server's too, so the title's code loads with the first move to another address.
const DocumentTitle = lazy(() => import('./shell/document-title.tsx').then((m) => ({ default: m.DocumentTitle })));

function PageLoading() {
  return (
    <div className={styles.pageLoading} role="status" aria-label="Loading page">
      <Skeleton height="2.5rem" width="60%" />
      <Skeleton height="1rem" />
      <Skeleton height="1rem" width="80%" />
      <Skeleton height="12rem" />
    </div>
  );
}

function AppShell() {
  const [location] = useLocation();
  // The signed-in screens and the portal stay mounted from one to the next (their shells keep their own boundary per page).
  const routeKey = useSignedInRoute() ? 'signed-in' : isPortalPath(location) ? 'provider-portal' : location;
  const navigated = useHasNavigated();
  usePageStartsAtTop();
  return (
    <>
      {siteConfig().productionHost || !navigated ? null : (
        <Suspense fallback={null}>
          <DocumentTitle />
        </Suspense>
      )}
      <a href="#main" className={styles.skipLink}>
        Skip to main content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className={styles.main}>
        {/* Keyed by path: an error on one page does not stick to the next. */}
        <RouteErrorBoundary key={routeKey}>
          <Suspense fallback={<PageLoading />}>
            <AppRoutes />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
    </>
  );
}

export function App() {
  return (
    <AppProviders>
      <AppShell />
    </AppProviders>
  );
}
