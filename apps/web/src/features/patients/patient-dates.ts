import { formatLongDate, formatMonthDay, formatUsShortDate, patientAge, type CalendarDate } from '@wellspring/domain';

/*
 * The record's dates are calendar dates already in the practice's zone (the server turned its
 * instants into the practice's days), so no zone is applied here: the formatters ignore it for a
 * calendar date.
 */
const NO_ZONE = 'UTC';

/** "June 5, 2025": note and appointment dates (docs/product.md#formats). */
export const longDate = (date: CalendarDate): string => formatLongDate(date, NO_ZONE);
/** "June 5": the patient card's upcoming appointments (docs/product.md#formats). */
export const monthDay = (date: CalendarDate): string => formatMonthDay(date, NO_ZONE);
/** "6/5/2025": every other date, the date of birth among them (docs/product.md#formats). */
const usShortDate = (date: CalendarDate): string => formatUsShortDate(date, NO_ZONE);

/** "38 years (3/12/1987)": age in whole years on the practice's today with the full date of birth; null without one. */
export function ageWithBirthDate(dob: CalendarDate | null, today: CalendarDate): string | null {
  const age = patientAge(dob, today);
  if (dob === null || age === null) return null;
  return `${age} ${age === 1 ? 'year' : 'years'} (${usShortDate(dob)})`;
}
