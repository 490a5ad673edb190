import { useQuery } from '@tanstack/react-query';
import { calendarDateInZone, type CalendarDate } from '@wellspring/domain';
import { useTRPC } from '../../lib/trpc.ts';

const browserToday = (): CalendarDate => calendarDateInZone(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * The practice's today (its time zone's date, as the schedule has it), for ages. Until the server
 * has answered, the browser's date stands in: the two differ only around midnight.
 */
export function usePracticeToday(): CalendarDate {
  const trpc = useTRPC();
  const week = useQuery({ ...trpc.schedule.week.queryOptions({}), select: (answer) => answer.today, staleTime: 5 * 60_000 });
  return week.data ?? browserToday();
}
