import { practitionerProcedure, router } from './trpc.ts';

export const portalDashboardRouter = router({
  /** "Provider Dashboard": the four figures and the upcoming appointments, from the practice's own data. */
  overview: practitionerProcedure.query(({ ctx }) => ctx.practice.portalDashboard.overview()),
});
