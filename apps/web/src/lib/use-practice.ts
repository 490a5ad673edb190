import { useQuery } from '@tanstack/react-query';
import { calendarDateInZone, type CalendarDate, type PriceCurrency } from '@wellspring/domain';
import { useTRPC } from './trpc.ts';

export interface Practice {
  /** The practice's IANA zone: its instants (record access times, addenda) are shown in it. */
  readonly timeZone: string;
  /** Today in that zone, for ages. */
  readonly today: CalendarDate;
  /** What its money is counted in. */
  readonly currency: PriceCurrency;
  /** Whether these are the server's (the practice's), not yet the browser's stand-ins. */
  readonly fromServer: boolean;
}

const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The signed-in practice's zone, today there and currency (`practiceSettings.current`, one small
 * row, cached for five minutes and shared by every screen). Until the server has answered, the
 * browser's zone and today stand in (the two days differ only around midnight) and US dollars.
 */
export function usePractice(): Practice {
  const trpc = useTRPC();
  const current = useQuery({ ...trpc.practiceSettings.current.queryOptions(), staleTime: 5 * 60_000 });
  if (current.data) return { ...current.data, fromServer: true };
  const timeZone = browserZone();
  return { timeZone, today: calendarDateInZone(new Date(), timeZone), currency: 'USD', fromServer: false };
}
