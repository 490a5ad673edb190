import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from './trpc.ts';

/**
 * After an appointment changes, every view that shows appointments answers again: the portal's
 * table and form, the portal dashboard, the schedule week and the patients' records (their next
 * appointment and timeline). Views on screen refetch now, the others when next opened.
 */
export function useRefreshAppointmentViews(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all(
      [trpc.appointments.pathKey(), trpc.portalDashboard.pathKey(), trpc.schedule.pathKey(), trpc.patients.pathKey(), trpc.dashboard.pathKey()].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  }, [trpc, queryClient]);
}
