import { lazy, Suspense } from 'react';
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter } from 'wouter';
import { PORTAL_BASE, portalPaths } from '../../features/portal/portal-paths.ts';
import { ApiProvider } from '../../lib/api.tsx';
import { PatientsBasePath } from '../../lib/patient-paths.tsx';
import { RouteErrorBoundary } from '../shell/route-error-boundary.tsx';
import { RequireSession, SignedInLoading } from '../signed-in/require-session.tsx';
import { PortalLayout } from './portal-layout.tsx';

const PortalDashboardPage = lazy(() => import('../../features/portal/dashboard/portal-dashboard.page.tsx').then((m) => ({ default: m.PortalDashboardPage })));
const AppointmentsPage = lazy(() => import('../../features/portal/appointments/appointments.page.tsx').then((m) => ({ default: m.AppointmentsPage })));
const AppointmentFormPage = lazy(() => import('../../features/portal/appointments/appointment-form.page.tsx').then((m) => ({ default: m.AppointmentFormPage })));
const EhrRecordsPage = lazy(() => import('../../features/portal/ehr/ehr-records.page.tsx').then((m) => ({ default: m.EhrRecordsPage })));
const EhrCreatePage = lazy(() => import('../../features/portal/ehr/ehr-create.page.tsx').then((m) => ({ default: m.EhrCreatePage })));
const PaymentsPage = lazy(() => import('../../features/portal/payments/payments.page.tsx').then((m) => ({ default: m.PaymentsPage })));
const PaymentCreatePage = lazy(() => import('../../features/portal/payments/payment-create.page.tsx').then((m) => ({ default: m.PaymentCreatePage })));
// The workspace's settings screen, shown in the portal (docs/product.md#portal).
const SettingsPage = lazy(() => import('../../features/settings/settings.page.tsx').then((m) => ({ default: m.SettingsPage })));
const PatientListPage = lazy(() => import('../../features/patients/patient-list.page.tsx').then((m) => ({ default: m.PatientListPage })));
const PatientDetailPage = lazy(() => import('../../features/patients/patient-detail.page.tsx').then((m) => ({ default: m.PatientDetailPage })));
const NotFoundPage = lazy(() => import('../shell/not-found.page.tsx').then((m) => ({ default: m.NotFoundPage })));

/** The portal's child routes (docs/product.md#portal). */
const portalRouteTable = [
  { path: portalPaths.dashboard, screen: PortalDashboardPage },
  { path: portalPaths.appointments, screen: AppointmentsPage },
  { path: portalPaths.newAppointment, screen: AppointmentFormPage },
  { path: `${PORTAL_BASE}/appointments/edit/:id`, screen: AppointmentFormPage },
  { path: portalPaths.patients, screen: PatientListPage },
  { path: `${PORTAL_BASE}/patients/:id`, screen: PatientDetailPage },
  { path: portalPaths.ehr, screen: EhrRecordsPage },
  { path: `${PORTAL_BASE}/ehr/create`, screen: EhrCreatePage },
  { path: portalPaths.payments, screen: PaymentsPage },
  { path: `${PORTAL_BASE}/payments/create`, screen: PaymentCreatePage },
  { path: portalPaths.settings, screen: SettingsPage },
] as const;

/** `/provider-portal` itself (and with a trailing slash): it opens the dashboard. */
const isPortalRoot = (path: string): boolean => path === PORTAL_BASE || path === `${PORTAL_BASE}/`;

/**
 * `/provider-portal/*`: behind the one session guard (a visitor is sent to sign in and back), in
 * one API provider and the portal's layout (the sidebar beside every screen). A path under the
 * portal that is none of its screens is the site's 404, as anywhere else, signed in or not.
 * Loaded on demand: none of it is in the landing page's JavaScript.
 */
export function PortalRoutes() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const known = isPortalRoot(location) || portalRouteTable.some(({ path }) => matchRoute(parser, path, location)[0]);
  if (!known) return <NotFoundPage />;

  return (
    <ApiProvider>
      <RequireSession visitor="sign-in">
        {/* The workspace's patient screens, shown in the portal: their links stay in the portal. */}
        <PatientsBasePath base={portalPaths.patients}>
          <PortalLayout>
            {/* Keyed by path: an error on one screen does not stick to the next; the sidebar stays usable. */}
            <RouteErrorBoundary key={location}>
              <Suspense fallback={<SignedInLoading />}>
                <Switch>
                  {portalRouteTable.map(({ path, screen }) => (
                    <Route key={path} path={path} component={screen} />
                  ))}
                  <Route>
                    <Redirect to={portalPaths.dashboard} replace />
                  </Route>
                </Switch>
              </Suspense>
            </RouteErrorBoundary>
          </PortalLayout>
        </PatientsBasePath>
      </RequireSession>
    </ApiProvider>
  );
}
