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
const AboutPage = lazy(() => import('../features/about/about.page.tsx').then((m) => ({ default: m.AboutPage })));
const DiagnosticPage = lazy(() =>
  import('../features/diagnostic/diagnostic.page.tsx').then((m) => ({ default: m.DiagnosticPage })),
);
const PractitionerProfilePage = lazy(() =>
  import('../features/practitioners/practitioner-profile.page.tsx').then((m) => ({ default: m.PractitionerProfilePage })),
);
const ForPractitionersPage = lazy(() =>
  import('../features/for-practitioners/for-practitioners.page.tsx').then((m) => ({ default: m.ForPractitionersPage })),
);
const PractitionerWaitlistPage = lazy(() =>
  import('../features/applications/practitioner-waitlist.page.tsx').then((m) => ({ default: m.PractitionerWaitlistPage })),
);
const ProviderWaitlistPage = lazy(() =>
  import('../features/waitlist/provider-waitlist.page.tsx').then((m) => ({ default: m.ProviderWaitlistPage })),
);
const SearchPage = lazy(() => import('../features/search/search.page.tsx').then((m) => ({ default: m.SearchPage })));
const NotFoundPage = lazy(() => import('./shell/not-found.page.tsx').then((m) => ({ default: m.NotFoundPage })));

interface RouteEntry {
  readonly path: string;
  readonly screen: ComponentType | LazyExoticComponent<ComponentType>;
}

export const routeTable: readonly RouteEntry[] = [
  { path: '/', screen: LandingPage },
  { path: '/about', screen: AboutPage },
  { path: '/diagnostic', screen: DiagnosticPage },
  { path: '/practitioners/:id', screen: PractitionerProfilePage },
  { path: '/for-practitioners', screen: ForPractitionersPage },
  { path: '/practitioner-waitlist', screen: PractitionerWaitlistPage },
  { path: '/provider-waitlist', screen: ProviderWaitlistPage },
  { path: '/search', screen: SearchPage },
  // Not in the spec's table: the real sign-in behind the dashboard (DESIGN §1).
  { path: '/login', screen: SignInPage },
  { path: '/signup', screen: SignUpPage },
  { path: '/dashboard', screen: DashboardPage },
  // Screens of later issues fall through to the 404 page until they are built:
  // /dashboard/schedule, /dashboard/patients, /dashboard/patients/:id,
  // /practitioner-profile/edit, /practitioner-profile/create, /community, /referrals, /referral,
  // /provider-portal/*.
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
