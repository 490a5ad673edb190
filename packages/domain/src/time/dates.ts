/**
 * Dates and times, time-zone aware and independent of the machine's zone.
 *
 * Two kinds of values:
 * - a **calendar date** `yyyy-MM-dd` (a date of birth, a "today", a schedule day) has no zone; it is
 *   computed on with UTC arithmetic only;
 * - an **instant** (`Date` or ISO-8601 string with an offset) is shown in a practitioner's IANA zone
 *   (through Intl here, through date-fns-tz `formatInTimeZone` in date-formats.ts). The machine's
 *   zone is never read.
 *
 * Date formats (docs/product.md#formats): note and appointment dates "MMMM d, yyyy", upcoming appointments "MMMM d",
 * elsewhere US short "M/d/yyyy", portal appointments long date with time. The patterned ones are in
 * date-formats.ts, with date-fns: what a public page needs of this file (a profile's short dates,
 * its years in practice) comes without it.
 */
import { countOf } from '../shared/plural.ts';

export type CalendarDate = string;
export type Instant = Date | string;

const DAY_MS = 86_400_000;

/** The number `count` decimal digits of `text` from `from` spell, or -1 if one is not a digit (0–9). */
function digitsAt(text: string, from: number, count: number): number {
  let value = 0;
  for (let index = from; index < from + count; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * Days from 1970-01-01 to `value` if it is a calendar date (yyyy-MM-dd, a day that exists, from the
 * year 100: `Date.UTC` reads 0–99 as 1900–1999), else null. Read character by character, with no
 * regular expression and no `Date`: a page of the patient list words 50 of them.
 */
export function epochDayOf(value: string): number | null {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return null;
  const y = digitsAt(value, 0, 4);
  const m = digitsAt(value, 5, 2);
  const d = digitsAt(value, 8, 2);
  if (y < 100 || m < 1 || m > 12 || d < 1) return null;
  if (d > (m === 2 && isLeapYear(y) ? 29 : (MONTH_DAYS[m - 1] ?? 0))) return null;
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/** The UTC midnight of `value` if it is a calendar date (yyyy-MM-dd, a day that exists), else null: parsed once. */
export function utcMidnightOf(value: string): Date | null {
  const day = epochDayOf(value);
  return day === null ? null : new Date(day * DAY_MS);
}

export const isCalendarDate = (value: string): boolean => epochDayOf(value) !== null;

/** Days from 1970-01-01 to a calendar date (throws on one that is not). */
function epochDayOrThrow(date: CalendarDate): number {
  const day = epochDayOf(date);
  if (day === null) throw new RangeError(`Not a calendar date (yyyy-MM-dd): ${date}`);
  return day;
}

/** The UTC midnight of a calendar date (throws on one that is not). */
export const calendarToUtc = (date: CalendarDate): Date => new Date(epochDayOrThrow(date) * DAY_MS);

const utcToCalendar = (date: Date): CalendarDate => date.toISOString().slice(0, 10);

export const toDate = (instant: Instant): Date => (typeof instant === 'string' ? new Date(instant) : instant);

/*
 * The two conversions the practice screens make for every appointment row (its day and its time of
 * day in the practice's zone) go through one cached Intl formatter per zone: several times cheaper
 * than a general `formatInTimeZone` call, which matters for a week of a few hundred appointments.
 * The text is composed from the parts, so ICU's choice of spaces never leaks into it.
 */
const zonedFormatters = new Map<string, Intl.DateTimeFormat>();

function zonedParts(instant: Instant, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'dayPeriod', string> {
  let formatter = zonedFormatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', hourCycle: 'h12' });
    zonedFormatters.set(timeZone, formatter);
  }
  const parts = { year: '', month: '', day: '', hour: '', minute: '', dayPeriod: '' };
  for (const part of formatter.formatToParts(toDate(instant))) if (part.type in parts) parts[part.type as keyof typeof parts] = part.value;
  return parts;
}

/** Per zone, the day last asked about and the instants it spans [from, until): most calls of a moment ask about the same day. */
const zoneDays = new Map<string, { readonly date: CalendarDate; readonly from: number; readonly until: number }>();

/**
 * The calendar date of `instant` in `timeZone`. Every practice read asks for its "today": the day's
 * span is kept per zone, so only the first call of a day formats through Intl. Only a day of 24
 * hours whose zone keeps one offset throughout is kept (a daylight-saving day is formatted at every
 * call): within it every instant shows that date.
 */
export function calendarDateInZone(instant: Instant, timeZone: string): CalendarDate {
  const time = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  const known = zoneDays.get(timeZone);
  if (known !== undefined && time >= known.from && time < known.until) return known.date;
  const { year, month, day } = zonedParts(instant, timeZone);
  const date = `${year.padStart(4, '0')}-${month}-${day}`;
  // A date this file does not compute on (before the year 100, or past 9999) is given, not kept.
  if (epochDayOf(date) === null) return date;
  const from = zonedTimeToInstant(date, '00:00', timeZone).getTime();
  const until = zonedTimeToInstant(addDays(date, 1), '00:00', timeZone).getTime();
  const steady = until - from === DAY_MS && zoneOffsetMinutes(from, timeZone) === zoneOffsetMinutes(until - 1, timeZone);
  if (steady && from <= time && time < until) zoneDays.set(timeZone, { date, from, until });
  return date;
}

/** `date` plus `days` (negative to go back). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const utc = calendarToUtc(date);
  utc.setUTCDate(utc.getUTCDate() + days);
  return utcToCalendar(utc);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export const daysBetween = (from: CalendarDate, to: CalendarDate): number => epochDayOrThrow(to) - epochDayOrThrow(from);

/** Day of week of a calendar date, 0 = Sunday. */
export const dayOfWeek = (date: CalendarDate): number => calendarToUtc(date).getUTCDay();

/** Age in whole years on `today` (a birthday counts from its day; 29 February counts from 1 March in other years). */
export function ageInYears(dateOfBirth: CalendarDate, today: CalendarDate): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  calendarToUtc(dateOfBirth);
  calendarToUtc(today);
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** The 7 days of the week containing `date`, Sunday first (docs/product.md#schedule: the schedule week starts Sunday). */
export function weekOf(date: Instant | CalendarDate, timeZone: string): CalendarDate[] {
  const day = typeof date === 'string' && isCalendarDate(date) ? date : calendarDateInZone(date, timeZone);
  const sunday = addDays(day, -dayOfWeek(day));
  return Array.from({ length: 7 }, (_, index) => addDays(sunday, index));
}

/**
 * "6/5/2025" (every other date, payment dates), in the pattern US_SHORT_DATE names. Composed from
 * the cached Intl parts rather than through date-fns: a public profile shows such dates, and this
 * keeps date-fns' formatter (about 9 KB) out of its first load.
 */
export function formatUsShortDate(value: Instant | CalendarDate, timeZone: string): string {
  const date = typeof value === 'string' && isCalendarDate(value) ? value : calendarDateInZone(value, timeZone);
  const [year, month, day] = date.split('-') as [string, string, string];
  return `${Number(month)}/${Number(day)}/${year}`;
}
/** "2:30 PM". */
export function formatTimeOfDay(value: Instant, timeZone: string): string {
  const { hour, minute, dayPeriod } = zonedParts(value, timeZone);
  return `${hour}:${minute} ${dayPeriod.toUpperCase()}`;
}
/**
 * docs/product.md#profile: "Years in practice = current year minus yearsExperience". The result is the year the
 * practitioner started (2025 − 12 = 2013), shown as "In practice since 2013".
 */
export const yearsInPractice = (yearsExperience: number, currentYear: number): number => currentYear - yearsExperience;

/**
 * The patient list's "last visit" text: "Never", "Today", "Yesterday", "n days ago" (under a week),
 * "n weeks ago" (under 30 days), "n months ago" (under a year, 30-day months), "n years ago".
 * A date after `today` reads "Today" (a visit recorded ahead of the practitioner's zone).
 */
export function relativeLastVisit(lastVisit: CalendarDate | null, today: CalendarDate): string {
  if (lastVisit === null) return 'Never';
  const days = daysBetween(lastVisit, today);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${countOf(days, 'day')} ago`;
  if (days < 30) return `${countOf(Math.floor(days / 7), 'week')} ago`;
  if (days < 365) return `${countOf(Math.floor(days / 30), 'month')} ago`;
  return `${countOf(Math.floor(days / 365), 'year')} ago`;
}

/**
 * The instant of a wall-clock time in a zone: `zonedTimeToInstant('2025-06-05', '14:30', 'America/New_York')`.
 * Used to turn the schedule dialog's day + slot and the portal's datetime-local value into UTC.
 *
 * Around a daylight-saving change a wall time may not exist or may exist twice. The rule (the
 * "compatible" one of JavaScript's Temporal and of java.time):
 * - **gap** (clocks jump forward; New York 2026-03-08 02:30 never happens): the time is read with the
 *   offset in force before the jump, i.e. moved forward by the gap's length → 03:30 EDT (07:30Z);
 * - **overlap** (clocks go back; New York 2026-11-01 01:30 happens twice): the earlier of the two
 *   instants, the first time the clock shows it → 01:30 EDT (05:30Z).
 */
export function zonedTimeToInstant(date: CalendarDate, time: string, timeZone: string): Date {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) throw new RangeError(`Not a time of day (HH:mm): ${time}`);
  calendarToUtc(date);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, Number(match[1]), Number(match[2]));
  // The offsets in force a day before and a day after: around a change they differ.
  const before = zoneOffsetMinutes(wall - DAY_MS, timeZone);
  const after = zoneOffsetMinutes(wall + DAY_MS, timeZone);
  const fits = (offset: number) => zoneOffsetMinutes(wall - offset * 60_000, timeZone) === offset;
  const candidates = (before === after ? [before] : [before, after]).filter(fits).map((offset) => wall - offset * 60_000);
  // Overlap: both fit, the earlier instant wins. Gap: none fits, the offset before the change is used.
  return new Date(candidates.length > 0 ? Math.min(...candidates) : wall - before * 60_000);
}


const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    // Throws a RangeError for an unknown zone.
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Minutes the zone's wall clock is ahead of UTC at `instant` (New York in summer: −240). */
function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of zoneFormatter(timeZone).formatToParts(instant)) parts[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return (Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(instant / 1000) * 1000) / 60_000;
}

/** Splits a datetime-local value "2025-06-05T14:30" into the instant it means in `timeZone`. */
export function dateTimeLocalToInstant(value: string, timeZone: string): Date {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value);
  if (!match) throw new RangeError(`Not a datetime-local value: ${value}`);
  return zonedTimeToInstant(match[1] as string, match[2] as string, timeZone);
}

export const isDateTimeLocal = (value: string): boolean =>
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?$/.test(value) && isCalendarDate(value.slice(0, 10));
