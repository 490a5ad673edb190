/**
 * Dates in the patterns of docs/product.md#formats, through date-fns-tz `formatInTimeZone` (dates.ts has the Intl-based
 * formats and the calendar arithmetic). The machine's zone is never read.
 */
import { formatInTimeZone } from 'date-fns-tz';
import { calendarDateInZone, calendarToUtc, daysBetween, formatTimeOfDay, isCalendarDate, toDate, utcMidnightOf, type CalendarDate, type Instant } from './dates.ts';

/** A calendar date or an instant, formatted with `pattern`; a calendar date ignores the zone. */
function formatValue(value: Instant | CalendarDate, timeZone: string, pattern: string): string {
  if (typeof value === 'string' && isCalendarDate(value)) return formatInTimeZone(calendarToUtc(value), 'UTC', pattern);
  return formatInTimeZone(toDate(value), timeZone, pattern);
}

export const LONG_DATE = 'MMMM d, yyyy';
export const MONTH_DAY = 'MMMM d';
export const US_SHORT_DATE = 'M/d/yyyy';
export const LONG_DATE_TIME = "MMMM d, yyyy 'at' h:mm a";
export const TIME_OF_DAY = 'h:mm a';

/** "June 5, 2025" (notes, visits, patient dates of birth). */
export const formatLongDate = (value: Instant | CalendarDate, timeZone: string): string => formatValue(value, timeZone, LONG_DATE);
/** The months' names, as Intl gives them ("June"), read once: a page of rows formats a "June 5" each. */
const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });
const MONTH_NAMES = Array.from({ length: 12 }, (_, month) => monthName.format(Date.UTC(2000, month, 1)));

/** "June 5" (upcoming appointments on the patient card). */
export function formatMonthDay(value: Instant | CalendarDate, timeZone: string): string {
  const utc = typeof value === 'string' ? utcMidnightOf(value) : null;
  if (utc === null) return formatValue(value, timeZone, MONTH_DAY);
  return `${MONTH_NAMES[utc.getUTCMonth()] ?? ''} ${utc.getUTCDate()}`;
}
/** "June 5, 2025 at 2:30 PM" (portal appointments). */
export const formatLongDateTime = (value: Instant, timeZone: string): string => formatValue(value, timeZone, LONG_DATE_TIME);
/** "June 2025" (the schedule's month-year picker). */
export const formatMonthYear = (value: Instant | CalendarDate, timeZone: string): string => formatValue(value, timeZone, 'MMMM yyyy');

/**
 * The patient list's "next appointment" text: "Today, 10:00 AM", "Tomorrow, 2:00 PM",
 * "June 20, 10:00 AM", or "Not scheduled".
 */
export function nextAppointmentText(startsAt: Instant | null, now: Instant, timeZone: string): string {
  const next = startsAt === null ? null : { day: calendarDateInZone(startsAt, timeZone), time: formatTimeOfDay(startsAt, timeZone) };
  return nextAppointmentTextOn(next, calendarDateInZone(now, timeZone));
}

/**
 * The same text from the appointment's day and time of day already in the practice's zone ("9:00 AM",
 * as PostgreSQL's `to_char` gives them for a page of rows), and today there.
 */
export function nextAppointmentTextOn(next: { readonly day: CalendarDate; readonly time: string } | null, today: CalendarDate): string {
  if (next === null) return 'Not scheduled';
  const diff = daysBetween(today, next.day);
  if (diff === 0) return `Today, ${next.time}`;
  if (diff === 1) return `Tomorrow, ${next.time}`;
  return `${formatMonthDay(next.day, 'UTC')}, ${next.time}`;
}

