import { useQuery } from '@tanstack/react-query';
import { calendarDateInZone, type CalendarDate } from '@wellspring/domain';
import { useTRPC } from '../../lib/trpc.ts';

const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export interface PracticeClock {
  /** The practice's today, for ages. */
  readonly today: CalendarDate;
  /** The practice's IANA zone, for instants (record access times). */
  readonly timeZone: string;
  /** Whether these are the server's (the practice's), not yet the browser's stand-ins. */
  readonly fromServer: boolean;
}

/**
 * The practice's today and time zone, as the schedule has them. Until the server has answered,
 * the browser's stand in: the two days differ only around midnight.
 */
export function usePracticeClock(): PracticeClock {
  const trpc = useTRPC();
  const week = useQuery({
    ...trpc.schedule.week.queryOptions({}),
    select: (answer) => ({ today: answer.today, timeZone: answer.timeZone, fromServer: true }),
    staleTime: 5 * 60_000,
  });
  if (week.data) return week.data;
  const timeZone = browserZone();
  return { today: calendarDateInZone(new Date(), timeZone), timeZone, fromServer: false };
}
