/**
 * Open booking slots (issue 24): pure, from a practice's settings, what is already busy and now.
 *
 * Walk each calendar date of the practice's zone from today (or `from`) to the horizon. A date's
 * hours are its override's if it has one, else its weekday's. In each range, candidate starts are
 * every `slotStepMinutes` of wall-clock from the range's start; a slot lasts the session type's
 * minutes of real time and must end by the range's end; it must start at least
 * `minimumNoticeMinutes` after now; and the slot with its buffers must not overlap a busy interval
 * with its buffers (so between two appointments there are always bufferAfter + bufferBefore minutes).
 *
 * Daylight-saving changes, read on the practice's wall clock:
 * - a start the clock never shows (New York 2026-03-08 02:30, skipped) is no slot: unlike
 *   `zonedTimeToInstant`, which moves such a time forward by the gap, no start is invented;
 * - a start the clock shows twice (New York 2026-11-01 01:30) is one slot, at the first time the
 *   clock shows it (01:30 EDT). That is the instant `zonedTimeToInstant` gives for the same label
 *   (the schedule dialog's and the portal form's rule), so "1:30 AM" on that date names one instant
 *   everywhere in the product, and the practice's clock has not yet gone back when the patient
 *   arrives. The second pass through that hour offers no start of its own;
 * - a range ends the first time the clock shows its end time or later: at that time if it exists
 *   (the first of two), at the end of the gap if it is skipped. A slot therefore never runs past the
 *   moment the practitioner's clock reaches the end of her hours.
 * Durations are real minutes: a 60-minute slot from 01:30 EDT ends at 01:30 EST.
 *
 * Assumed of the zone database: at most one offset change within about three days (true of every
 * zone in use). Offsets are read through Intl, one formatter per zone.
 */
import { addDays, calendarDateInZone, calendarToUtc, dayOfWeek, type CalendarDate, type Instant } from '../time/dates.ts';
import { minutesOfDay, type BookingSettings, type SessionType, type TimeRange } from './booking-settings.schema.ts';

/** What slot generation reads of the settings (a server may hold more, or read them from columns). */
export type SlotRules = Pick<
  BookingSettings,
  'enabled' | 'timeZone' | 'weeklyHours' | 'dateOverrides' | 'bufferBeforeMinutes' | 'bufferAfterMinutes' | 'minimumNoticeMinutes' | 'horizonDays' | 'slotStepMinutes'
> & { readonly sessionTypes: readonly Pick<SessionType, 'id' | 'durationMinutes'>[] };

/** An existing non-cancelled appointment or a hold: [startsAt, endsAt). */
export interface BusyInterval {
  readonly startsAt: Instant;
  readonly endsAt: Instant;
}

export interface OpenSlot {
  /** ISO instants (`toISOString`). */
  readonly startsAt: string;
  readonly endsAt: string;
  /** The practice's wall clock at the start: "2026-03-09", "09:30". */
  readonly localDate: CalendarDate;
  readonly localTime: string;
}

export interface OpenSlotsQuery {
  readonly settings: SlotRules;
  readonly sessionTypeId: string;
  readonly busy: readonly BusyInterval[];
  readonly now: Instant;
  /** The first date to walk, in the practice's zone (default today; earlier dates are skipped). */
  readonly from?: CalendarDate;
  /** How many dates from `from` to walk (default: to the horizon); never past the horizon. */
  readonly days?: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The open slots in order of start, strictly increasing. None when booking is off or the session
 * type is unknown. Busy intervals are sorted once and swept with the candidates: O(busy · log busy
 * + candidates), never busy × candidates.
 */
export function openSlots(query: OpenSlotsQuery): OpenSlot[] {
  const { settings } = query;
  const sessionType = settings.sessionTypes.find((type) => type.id === query.sessionTypeId);
  if (!settings.enabled || sessionType === undefined) return [];
  const zone = settings.timeZone;
  const nowMs = instantMs(query.now, 'now');
  const today = calendarDateInZone(new Date(nowMs), zone);
  const lastDay = addDays(today, settings.horizonDays - 1);
  const from = query.from ?? today;
  calendarToUtc(from);
  if (query.days !== undefined && !(Number.isInteger(query.days) && query.days >= 0)) throw new RangeError(`days must be a whole number ≥ 0: ${query.days}`);
  const untilRequested = query.days === undefined ? lastDay : addDays(from, query.days - 1);
  const firstDay = from > today ? from : today;
  const finalDay = untilRequested < lastDay ? untilRequested : lastDay;
  if (firstDay > finalDay) return [];

  const durationMs = sessionType.durationMinutes * MINUTE_MS;
  const earliestStartMs = nowMs + settings.minimumNoticeMinutes * MINUTE_MS;
  const stepMinutes = settings.slotStepMinutes;
  const busy = new BusySweep(query.busy, (settings.bufferBeforeMinutes + settings.bufferAfterMinutes) * MINUTE_MS, {
    // Every instant of a walked date lies within a day of its UTC midnight.
    fromMs: calendarToUtc(firstDay).getTime() - DAY_MS,
    untilMs: calendarToUtc(finalDay).getTime() + 2 * DAY_MS,
  });
  const overrides = new Map(settings.dateOverrides.map((override) => [override.date, override]));

  const slots: OpenSlot[] = [];
  let lastStartMs = -Infinity;
  for (let date = firstDay; date <= finalDay; date = addDays(date, 1)) {
    const ranges = hoursOf(date, settings.weeklyHours, overrides);
    if (ranges.length === 0) continue;
    const day = new ZonedDay(date, zone);
    for (const range of ranges) {
      const startMinutes = minutesOfDay(range.start);
      const endMinutes = minutesOfDay(range.end);
      const rangeEndMs = day.firstInstantAtOrAfter(endMinutes);
      for (let minutes = startMinutes; minutes < endMinutes; minutes += stepMinutes) {
        const startMs = day.firstInstantOf(minutes);
        if (startMs === null) continue; // skipped by a daylight-saving change
        const endMs = startMs + durationMs;
        // Later labels start later (the first-instant rule keeps the order), so none fits after this one.
        if (endMs > rangeEndMs) break;
        if (startMs < earliestStartMs || startMs <= lastStartMs) continue;
        if (busy.conflicts(startMs, endMs)) continue;
        slots.push({ startsAt: new Date(startMs).toISOString(), endsAt: new Date(endMs).toISOString(), localDate: date, localTime: timeLabel(minutes) });
        lastStartMs = startMs;
      }
    }
  }
  return slots;
}

/** Why a start cannot be booked; null when it is one of `openSlots`. */
export type SlotRefusal = 'booking-off' | 'unknown-session-type' | 'past' | 'too-soon' | 'beyond-horizon' | 'outside-hours' | 'taken';

/** What the server answers for each refusal (409 for `taken`, 400 or 404 for the others). */
export const slotRefusalMessages: Record<SlotRefusal, string> = {
  'booking-off': 'Online booking is not available for this practitioner.',
  'unknown-session-type': 'Please choose a session type.',
  past: 'That time has already passed. Please choose another.',
  'too-soon': 'That time is too soon to book. Please choose a later time.',
  'beyond-horizon': 'That time is too far ahead to book. Please choose an earlier time.',
  'outside-hours': 'That time is not available for booking. Please choose another.',
  taken: 'That time was just taken — please choose another',
};

export interface SlotCheck extends Omit<OpenSlotsQuery, 'from' | 'days'> {
  readonly startsAt: Instant;
}

/**
 * The server's re-check at booking time, by the very rules of `openSlots`: null exactly when the
 * start is the start of one of `openSlots(query)` (for the same session type, busy list and now),
 * else the first reason it is not.
 */
export function slotRefusal(check: SlotCheck): SlotRefusal | null {
  const { settings } = check;
  if (!settings.enabled) return 'booking-off';
  if (!settings.sessionTypes.some((type) => type.id === check.sessionTypeId)) return 'unknown-session-type';
  const startMs = typeof check.startsAt === 'string' ? Date.parse(check.startsAt) : check.startsAt.getTime();
  if (Number.isNaN(startMs)) return 'outside-hours';
  const nowMs = instantMs(check.now, 'now');
  if (startMs < nowMs) return 'past';
  if (startMs < nowMs + settings.minimumNoticeMinutes * MINUTE_MS) return 'too-soon';
  const date = calendarDateInZone(new Date(startMs), settings.timeZone);
  if (date > addDays(calendarDateInZone(new Date(nowMs), settings.timeZone), settings.horizonDays - 1)) return 'beyond-horizon';
  const isAmong = (slots: readonly OpenSlot[]) => slots.some((slot) => Date.parse(slot.startsAt) === startMs);
  const query = { settings, sessionTypeId: check.sessionTypeId, now: check.now, from: date, days: 1 };
  if (isAmong(openSlots({ ...query, busy: check.busy }))) return null;
  return isAmong(openSlots({ ...query, busy: [] })) ? 'taken' : 'outside-hours';
}

/** Whether `startsAt` is exactly the start of one of `openSlots` for the same inputs. */
export const isSlotOpen = (check: SlotCheck): boolean => slotRefusal(check) === null;

export interface SlotInZone {
  readonly localDate: CalendarDate;
  readonly localTime: string;
  readonly timeZone: string;
  /** Whether the patient's clock reads otherwise than the practice's at this start (then name the practice's zone). */
  readonly differsFromPractice: boolean;
}

/** A slot on the patient's own clock ("2026-03-09", "06:30" in Los Angeles for 09:30 in New York). */
export function slotInZone(slot: OpenSlot, patientZone: string): SlotInZone {
  const wall = wallClock(Date.parse(slot.startsAt), patientZone);
  const localDate = `${String(wall.year).padStart(4, '0')}-${pad2(wall.month)}-${pad2(wall.day)}`;
  const localTime = `${pad2(wall.hour)}:${pad2(wall.minute)}`;
  return { localDate, localTime, timeZone: patientZone, differsFromPractice: localDate !== slot.localDate || localTime !== slot.localTime };
}

function hoursOf(date: CalendarDate, weeklyHours: SlotRules['weeklyHours'], overrides: ReadonlyMap<CalendarDate, SlotRules['dateOverrides'][number]>): readonly TimeRange[] {
  const override = overrides.get(date);
  const ranges = override === undefined ? (weeklyHours[dayOfWeek(date)] ?? []) : override.closed === true ? [] : override.ranges;
  return ranges.length < 2 ? ranges : [...ranges].sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));
}

/**
 * The wall clock of one date in a zone. Outside the days around an offset change a wall time has
 * one instant, by arithmetic; around one, each wall time is checked against the offsets on either
 * side of the change (the rule of `zonedTimeToInstant`, able here to say "never" and "twice").
 */
class ZonedDay {
  private readonly wallStartMs: number;
  private readonly offsetBefore: number;
  private readonly offsetAfter: number;

  constructor(
    date: CalendarDate,
    private readonly timeZone: string,
  ) {
    this.wallStartMs = calendarToUtc(date).getTime();
    // Every instant of the date lies within 14 hours of its wall time read as UTC.
    this.offsetBefore = offsetMinutes(this.wallStartMs - DAY_MS, timeZone);
    this.offsetAfter = offsetMinutes(this.wallStartMs + 2 * DAY_MS, timeZone);
  }

  /** The instants at which the clock shows `minutes` past midnight: none (skipped), one, or two (repeated), in order. */
  instantsOf(minutes: number): number[] {
    const wallMs = this.wallStartMs + minutes * MINUTE_MS;
    if (this.offsetBefore === this.offsetAfter) return [wallMs - this.offsetBefore * MINUTE_MS];
    const instants: number[] = [];
    for (const offset of [this.offsetBefore, this.offsetAfter]) {
      const instant = wallMs - offset * MINUTE_MS;
      if (offsetMinutes(instant, this.timeZone) === offset) instants.push(instant);
    }
    return instants.sort((a, b) => a - b);
  }

  /** The first instant the clock shows `minutes`, or null if it never does that day. */
  firstInstantOf(minutes: number): number | null {
    if (this.offsetBefore === this.offsetAfter) return this.wallStartMs + (minutes - this.offsetBefore) * MINUTE_MS;
    return this.instantsOf(minutes)[0] ?? null;
  }

  /** The first instant the clock shows `minutes` or later: the instant itself, or the end of the gap that skips it. */
  firstInstantAtOrAfter(minutes: number): number {
    const first = this.firstInstantOf(minutes);
    if (first !== null) return first;
    // In a gap the clock jumps forward at one instant, between reading the wall time with the
    // offset after the change (still before it) and with the offset before it (already after).
    const wallMs = this.wallStartMs + minutes * MINUTE_MS;
    let before = wallMs - Math.max(this.offsetBefore, this.offsetAfter) * MINUTE_MS;
    let after = wallMs - Math.min(this.offsetBefore, this.offsetAfter) * MINUTE_MS;
    const offsetAfterChange = offsetMinutes(after, this.timeZone);
    while (after - before > MINUTE_MS) {
      const middle = before + Math.floor((after - before) / MINUTE_MS / 2) * MINUTE_MS;
      if (offsetMinutes(middle, this.timeZone) === offsetAfterChange) after = middle;
      else before = middle;
    }
    return after;
  }
}

/**
 * The busy intervals in order of start, and a pointer that moves forward only. Asked about slots in
 * increasing order, it keeps the latest end among the intervals starting before the slot's end
 * (widened): the slot conflicts exactly when that end (widened) is after its start.
 */
class BusySweep {
  private readonly intervals: (readonly [number, number])[];
  private next = 0;
  private latestEndMs = -Infinity;

  constructor(
    busy: readonly BusyInterval[],
    private readonly widenMs: number,
    window: { readonly fromMs: number; readonly untilMs: number },
  ) {
    const intervals: (readonly [number, number])[] = [];
    let sorted = true;
    for (const interval of busy) {
      const startMs = instantMs(interval.startsAt, 'busy startsAt');
      const endMs = instantMs(interval.endsAt, 'busy endsAt');
      if (endMs + widenMs <= window.fromMs || startMs - widenMs >= window.untilMs) continue;
      if (intervals.length > 0 && startMs < intervals[intervals.length - 1]![0]) sorted = false;
      intervals.push([startMs, endMs]);
    }
    // A list read in order of start (as a database returns it) is not sorted again.
    if (!sorted) intervals.sort((a, b) => a[0] - b[0]);
    this.intervals = intervals;
  }

  /** Whether [startMs, endMs) with its buffers meets a busy interval with its buffers. Ask in increasing order. */
  conflicts(startMs: number, endMs: number): boolean {
    while (this.next < this.intervals.length && this.intervals[this.next]![0] - this.widenMs < endMs) {
      const endOfNext = this.intervals[this.next]![1];
      if (endOfNext > this.latestEndMs) this.latestEndMs = endOfNext;
      this.next += 1;
    }
    return this.latestEndMs + this.widenMs > startMs;
  }
}

function instantMs(instant: Instant, what: string): number {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Not an instant (${what}): ${String(instant)}`);
  return ms;
}

const pad2 = (value: number): string => String(value).padStart(2, '0');
const timeLabel = (minutes: number): string => `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;

/*
 * time/dates.ts keeps its offset reader private; this one is the same reading (numeric parts in a
 * 24-hour cycle), with the parts also used for `slotInZone`.
 */
const wallFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(instant: number, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  let formatter = wallFormatters.get(timeZone);
  if (formatter === undefined) {
    // Throws a RangeError for an unknown zone.
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    wallFormatters.set(timeZone, formatter);
  }
  const wall = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  for (const part of formatter.formatToParts(instant)) if (part.type in wall) wall[part.type as keyof typeof wall] = Number(part.value);
  return wall;
}

/** Minutes the zone's clock is ahead of UTC at `instant` (New York in summer: −240). */
function offsetMinutes(instant: number, timeZone: string): number {
  const { year, month, day, hour, minute, second } = wallClock(instant, timeZone);
  return (Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(instant / 1000) * 1000) / MINUTE_MS;
}
