import { lazy } from 'react';
import type { SiteRoutePattern } from '@wellspring/domain';
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter } from 'wouter';
import { LandingPage } from '../features/landing/landing.page.tsx';
import { siteConfig } from '../lib/site-config.ts';
import type { RouteEntry, SignedInRouteEntry } from './route-entry.ts';

/**
 * The route table of docs/product.md#routes, in one place. `/` is part of the main bundle (it is the only page
 * of a production host); every other screen is loaded on demand.
 */
const SignInPage = lazy(() => import('../features/auth/sign-in.page.tsx').then((m) => ({ default: m.SignInPage })));
const SignUpPage = lazy(() => import('../features/auth/sign-up.page.tsx').then((m) => ({ default: m.SignUpPage })));
const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard.page.tsx').then((m) => ({ default: m.DashboardPage })),
);
const SchedulePage = lazy(() => import('../features/schedule/schedule.page.tsx').then((m) => ({ default: m.SchedulePage })));
const BookingSettingsPage = lazy(() =>
  import('../features/booking-settings/booking-settings.page.tsx').then((m) => ({ default: m.BookingSettingsPage })),
);
const ClinicalNotesPage = lazy(() => import('../features/clinical-notes/clinical-notes.page.tsx').then((m) => ({ default: m.ClinicalNotesPage })));
const SettingsPage = lazy(() => import('../features/settings/settings.page.tsx').then((m) => ({ default: m.SettingsPage })));
const PatientListPage = lazy(() =>
  import('../features/patients/patient-list.page.tsx').then((m) => ({ default: m.PatientListPage })),
);
const PatientDetailPage = lazy(() =>
  import('../features/patients/patient-detail.page.tsx').then((m) => ({ default: m.PatientDetailPage })),
);
const ProfileEditorPage = lazy(() =>
  import('../features/profile-editor/profile-editor.page.tsx').then((m) => ({ default: m.ProfileEditorPage })),
);
// Billing (issue 26).
const BillingPage = lazy(() => import('../features/billing/billing.page.tsx').then((m) => ({ default: m.BillingPage })));
const InvoicePage = lazy(() => import('../features/billing/invoice.page.tsx').then((m) => ({ default: m.InvoicePage })));
const CommunityPage = lazy(() => import('../features/community/community.page.tsx').then((m) => ({ default: m.CommunityPage })));

/**
 * The public pages loaded on demand, by route. The build lists the files each one needs
 * (build-plugins/route-preloads.ts reads this table with the TypeScript parser: each entry is
 * `'pattern': () => import('module')`) and the server names them in the HTML of that route, so the
 * browser fetches the page along with the main bundle instead of once the main bundle has run.
 */
const publicPageModules = {
  '/about': () => import('../features/about/about.page.tsx'),
  '/diagnostic': () => import('../features/diagnostic/diagnostic.page.tsx'),
  '/practitioners/:id': () => import('../features/practitioners/practitioner-profile.page.tsx'),
  '/for-practitioners': () => import('../features/for-practitioners/for-practitioners.page.tsx'),
  '/practitioner-waitlist': () => import('../features/practitioner-application/practitioner-waitlist.page.tsx'),
  '/provider-waitlist': () => import('../features/patient-waitlist/provider-waitlist.page.tsx'),
  '/search': () => import('../features/search/search.page.tsx'),
  '/privacy': () => import('../features/legal/privacy.page.tsx'),
  '/terms': () => import('../features/legal/terms.page.tsx'),
} satisfies Partial<Record<SiteRoutePattern, () => Promise<unknown>>>;

const AboutPage = lazy(() => publicPageModules['/about']().then((m) => ({ default: m.AboutPage })));
const DiagnosticPage = lazy(() => publicPageModules['/diagnostic']().then((m) => ({ default: m.DiagnosticPage })));
const PractitionerProfilePage = lazy(() => publicPageModules['/practitioners/:id']().then((m) => ({ default: m.PractitionerProfilePage })));
const ForPractitionersPage = lazy(() => publicPageModules['/for-practitioners']().then((m) => ({ default: m.ForPractitionersPage })));
const PractitionerWaitlistPage = lazy(() => publicPageModules['/practitioner-waitlist']().then((m) => ({ default: m.PractitionerWaitlistPage })));
const ProviderWaitlistPage = lazy(() => publicPageModules['/provider-waitlist']().then((m) => ({ default: m.ProviderWaitlistPage })));
const PrivacyPage = lazy(() => publicPageModules['/privacy']().then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => publicPageModules['/terms']().then((m) => ({ default: m.TermsPage })));
const ReferralsPage = lazy(() => import('../features/referrals/referrals.page.tsx').then((m) => ({ default: m.ReferralsPage })));
const ReferralOfferPage = lazy(() =>
  import('../features/referrals/referral-offer.page.tsx').then((m) => ({ default: m.ReferralOfferPage })),
);
const SearchPage = lazy(() => publicPageModules['/search']().then((m) => ({ default: m.SearchPage })));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password.page.tsx').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password.page.tsx').then((m) => ({ default: m.ResetPasswordPage })));
const VerifyEmailPage = lazy(() => import('../features/auth/verify-email.page.tsx').then((m) => ({ default: m.VerifyEmailPage })));
const ManageBookingPage = lazy(() => import('../features/practitioners/manage-booking.page.tsx').then((m) => ({ default: m.ManageBookingPage })));
const NotFoundPage = lazy(() => import('./shell/not-found.page.tsx').then((m) => ({ default: m.NotFoundPage })));
// The provider portal (its own layout, guard and API provider): never in the landing chunk.
const PortalRoutes = lazy(() => import('./portal/portal-routes.tsx').then((m) => ({ default: m.PortalRoutes })));
// The guard, the API provider and the side menu of the signed-in screens: never in the landing chunk.
const SignedInRoutes = lazy(() => import('./signed-in/signed-in-routes.tsx').then((m) => ({ default: m.SignedInRoutes })));

export const routeTable: readonly RouteEntry[] = [
  { path: '/', screen: LandingPage },
  { path: '/about', screen: AboutPage },
  { path: '/diagnostic', screen: DiagnosticPage },
  { path: '/practitioners/:id', screen: PractitionerProfilePage },
  { path: '/for-practitioners', screen: ForPractitionersPage },
  { path: '/practitioner-waitlist', screen: PractitionerWaitlistPage },
  { path: '/provider-waitlist', screen: ProviderWaitlistPage },
  { path: '/search', screen: SearchPage },
  // Not in the spec's table: what Wellspring stores and the terms an applicant accepts.
  { path: '/privacy', screen: PrivacyPage },
  { path: '/terms', screen: TermsPage },
  // Not in the spec's table: the real sign-in behind the dashboard (docs/product.md#what-is-stored).
  { path: '/login', screen: SignInPage },
  { path: '/signup', screen: SignUpPage },
  // Not in the spec's table: getting back into an account (issue 25).
  { path: '/forgot-password', screen: ForgotPasswordPage },
  { path: '/reset-password', screen: ResetPasswordPage },
  { path: '/verify-email', screen: VerifyEmailPage },
  // Not in the spec's table: a patient's private link from their booking e-mails (issue 24).
  { path: '/bookings/manage', screen: ManageBookingPage },
];

/**
 * The practitioner's screens. They share one session guard, one API provider and the side menu
 * (app/signed-in), mounted once for all of them: moving between them keeps the shell in place.
 */
export const signedInRouteTable: readonly SignedInRouteEntry[] = [
  { path: '/dashboard', screen: DashboardPage, visitor: 'login-prompt' },
  { path: '/dashboard/schedule', screen: SchedulePage, visitor: 'sign-in' },
  // Not in the spec's table: online booking's settings (issue 24).
  { path: '/dashboard/booking', screen: BookingSettingsPage, visitor: 'sign-in' },
  // The account's settings (issue 25); the portal shows the same screen at /provider-portal/settings.
  { path: '/dashboard/settings', screen: SettingsPage, visitor: 'sign-in' },
  // Billing (issue 26): the invoices and one invoice.
  { path: '/dashboard/billing', screen: BillingPage, visitor: 'sign-in' },
  { path: '/dashboard/billing/:id', screen: InvoicePage, visitor: 'sign-in' },
  { path: '/dashboard/patients', screen: PatientListPage, visitor: 'sign-in' },
  // The side menu's Clinical Notes (issue 26 replaced its coming-soon toast).
  { path: '/dashboard/notes', screen: ClinicalNotesPage, visitor: 'sign-in' },
  { path: '/dashboard/patients/:id', screen: PatientDetailPage, visitor: 'sign-in' },
  // One editor for both (docs/product.md#profile-editor): its button says whether the practitioner has a profile yet.
  { path: '/practitioner-profile/create', screen: ProfileEditorPage, visitor: 'sign-in' },
  { path: '/practitioner-profile/edit', screen: ProfileEditorPage, visitor: 'sign-in' },
  { path: '/referrals', screen: ReferralsPage, visitor: 'sign-in' },
  { path: '/referral', screen: ReferralsPage, visitor: ReferralOfferPage },
  { path: '/community', screen: CommunityPage, visitor: 'sign-in' },
];

/** The signed-in route the location is on, if any. */
export function useSignedInRoute(): SignedInRouteEntry | undefined {
  const [location] = useLocation();
  const { parser } = useRouter();
  if (siteConfig().productionHost) return undefined;
  return signedInRouteTable.find(({ path }) => matchRoute(parser, path, location)[0]);
}

/** `/provider-portal` and everything under it. */
export const isPortalPath = (path: string): boolean => path === '/provider-portal' || path.startsWith('/provider-portal/');

export function AppRoutes() {
  const signedInRoute = useSignedInRoute();
  const [location] = useLocation();

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

  if (signedInRoute) return <SignedInRoutes routes={signedInRouteTable} visitor={signedInRoute.visitor} />;
  if (isPortalPath(location)) return <PortalRoutes />;

  return (
    <Switch>
      {routeTable.map(({ path, screen }) => (
        <Route key={path} path={path} component={screen} />
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}
