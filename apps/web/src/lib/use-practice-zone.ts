import { useQuery } from '@tanstack/react-query';
import { useTRPC } from './trpc.ts';

/**
 * The practice's IANA time zone, for the instants on these screens (when an addendum was added).
 * The schedule's answer carries it (the same cached query the patient screens read); until it has
 * come, the browser's zone stands in.
 */
export function usePracticeZone(): string {
  const trpc = useTRPC();
  const week = useQuery({ ...trpc.schedule.week.queryOptions({}), select: (answer) => answer.timeZone, staleTime: 5 * 60_000 });
  return week.data ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
