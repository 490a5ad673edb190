/**
 * The whole API. The web client imports only `type AppRouter` from here (`@wellspring/server/router`).
 */
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { applicationRouter } from './application.router.ts';
import { appointmentsRouter } from './appointments.router.ts';
import { authRouter } from './auth.router.ts';
import { accountRouter } from './account.router.ts';
import { clinicalRecordsRouter } from './clinical-records.router.ts';
import { communityRouter } from './community.router.ts';
import { bookingRouter } from './booking.router.ts';
import { calendarFeedRouter } from './calendar-feed.router.ts';
import { contactMessagesRouter } from './contact-messages.router.ts';
import { dashboardRouter } from './dashboard.router.ts';
import { directoryRouter } from './directory.router.ts';
import { favoritesRouter } from './favorites.router.ts';
import { geoRouter } from './geo.router.ts';
import { practiceSettingsRouter } from './practice-settings.router.ts';
import { practitionersRouter } from './practitioners.router.ts';
import { patientsRouter } from './patients.router.ts';
import { paymentsRouter } from './payments.router.ts';
import { portalDashboardRouter } from './portal-dashboard.router.ts';
import { profileRouter } from './profile.router.ts';
import { quizRouter } from './quiz.router.ts';
import { referralCodesRouter, referralsRouter } from './referrals.router.ts';
import { recordsRouter } from './records.router.ts';
import { scheduleRouter } from './schedule.router.ts';
import { router } from './trpc.ts';
import { waitlistRouter } from './waitlist.router.ts';
// Billing (issue 26).
import { invoicesRouter } from './invoices.router.ts';

export const appRouter = router({
  applications: applicationRouter,
  appointments: appointmentsRouter,
  auth: authRouter,
  account: accountRouter,
  clinicalRecords: clinicalRecordsRouter,
  community: communityRouter,
  booking: bookingRouter,
  calendarFeed: calendarFeedRouter,
  contactMessages: contactMessagesRouter,
  dashboard: dashboardRouter,
  directory: directoryRouter,
  favorites: favoritesRouter,
  geo: geoRouter,
  patients: patientsRouter,
  payments: paymentsRouter,
  portalDashboard: portalDashboardRouter,
  practiceSettings: practiceSettingsRouter,
  practitioners: practitionersRouter,
  profile: profileRouter,
  quiz: quizRouter,
  referralCodes: referralCodesRouter,
  referrals: referralsRouter,
  // The superbill and the patient's copy of their record (issue 26).
  records: recordsRouter,
  schedule: scheduleRouter,
  waitlist: waitlistRouter,
  // Billing (issue 26).
  invoices: invoicesRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
