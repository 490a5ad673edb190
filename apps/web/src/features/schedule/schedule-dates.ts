import { dayOfWeek, formatLongDate, type CalendarDate } from '@wellspring/domain';

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** "Sun" for a calendar date (the week grid's column heads). */
export const shortWeekday = (date: CalendarDate): string => (weekdayNames[dayOfWeek(date)] ?? '').slice(0, 3);

/** The day of the month, "1" … "31". */
export const dayOfMonth = (date: CalendarDate): string => String(Number(date.slice(8, 10)));

/** "Sunday, June 1, 2025": a day as the dialog and screen readers say it. A calendar date has no zone. */
export const fullDay = (date: CalendarDate): string => `${weekdayNames[dayOfWeek(date)] ?? ''}, ${formatLongDate(date, 'UTC')}`;
