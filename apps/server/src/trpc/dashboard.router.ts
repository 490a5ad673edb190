import { canStartSession } from '@wellspring/domain';
import { DASHBOARD_UPCOMING_LIMIT } from '../practice/dashboard.repository.ts';
import { practitionerProcedure, router } from './trpc.ts';

export const dashboardRouter = router({
  /** The provider dashboard: figures from the practice's own data and the upcoming appointments (docs/product.md#dashboard). */
  overview: practitionerProcedure.query(async ({ ctx }) => {
    const { stats, upcoming } = await ctx.practice.dashboard.overview(DASHBOARD_UPCOMING_LIMIT);
    return {
      stats,
      timeZone: ctx.scope.timeZone,
      upcoming: upcoming.map((appointment) => ({
        id: appointment.id,
        patientId: appointment.patientId,
        patient: appointment.patient,
        date: appointment.date,
        time: appointment.time,
        duration: appointment.duration,
        type: appointment.type,
        mode: appointment.mode,
        status: appointment.dashboardStatus,
        canStartSession: canStartSession({ mode: appointment.mode, status: appointment.dashboardStatus }),
      })),
    };
  }),
});
