import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { LandingPage } from '../features/landing/landing.page.tsx';
import { siteConfig } from '../lib/site-config.ts';

/**
 * The route table of SPEC §2, in one place. `/` is part of the main bundle (it is the only page
 * of a production host); every other screen is loaded on demand.
 */
const SignInPage = lazy(() => import('../features/auth/sign-in.page.tsx').then((m) => ({ default: m.SignInPage })));
const SignUpPage = lazy(() => import('../features/auth/sign-up.page.tsx').then((m) => ({ default: m.SignUpPage })));
const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard.page.tsx').then((m) => ({ default: m.DashboardPage })),
);
const NotFoundPage = lazy(() => import('./shell/not-found.page.tsx').then((m) => ({ default: m.NotFoundPage })));

interface RouteEntry {
  readonly path: string;
  readonly screen: ComponentType | LazyExoticComponent<ComponentType>;
}

export const routeTable: readonly RouteEntry[] = [
  { path: '/', screen: LandingPage },
  // Not in the spec's table: the real sign-in behind the dashboard (DESIGN §1).
  { path: '/login', screen: SignInPage },
  { path: '/signup', screen: SignUpPage },
  { path: '/dashboard', screen: DashboardPage },
  // Screens of later issues fall through to the 404 page until they are built:
  // /about, /diagnostic, /practitioners/:id, /for-practitioners, /practitioner-waitlist,
  // /provider-waitlist, /dashboard/schedule, /dashboard/patients, /dashboard/patients/:id,
  // /practitioner-profile/edit, /practitioner-profile/create, /community, /referrals, /referral,
  // /search, /provider-portal/*.
];

export function AppRoutes() {
  // A production host serves only "/" (the server redirects too; this covers client-side links).
  if (siteConfig().productionHost) {
    return (
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
    );
  }

  return (
    <Switch>
      {routeTable.map(({ path, screen }) => (
        <Route key={path} path={path} component={screen} />
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}
