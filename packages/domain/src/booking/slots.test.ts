import fc from 'fast-check';
import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { addDays, dayOfWeek, zonedTimeToInstant } from '../time/dates.ts';
import { bookingSettingsSchema, defaultBookingSettings, minutesOfDay, type BookingSettings, type BookingSettingsInput, type TimeRange, type WeeklyHours } from './booking-settings.schema.ts';
import { isSlotOpen, openSlots, slotInZone, slotRefusal, type BusyInterval, type OpenSlot, type OpenSlotsQuery } from './slots.ts';

// ---------------------------------------------------------------------------------------------
// Readings of the zone database that do not go through slots.ts.

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
/** The zone's offset at an instant, from Intl's own "GMT+05:30" name. */
function offsetAt(ms: number, zone: string): number {
  let formatter = offsetFormatters.get(zone);
  if (!formatter) offsetFormatters.set(zone, (formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })));
  const name = formatter.formatToParts(ms).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name);
  if (!match) throw new Error(`Unexpected offset name ${name}`);
  return match[1] ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

interface OffsetChange {
  readonly at: string;
  readonly from: number;
  readonly to: number;
}
/** Every offset change of a zone in a year, to the minute: a day-by-day scan, then bisection. */
function offsetChanges(zone: string, year: number): OffsetChange[] {
  const changes: OffsetChange[] = [];
  for (let day = Date.UTC(year, 0, 1); day < Date.UTC(year + 1, 0, 1); day += 86_400_000) {
    const from = offsetAt(day, zone);
    if (offsetAt(day + 86_400_000, zone) === from) continue;
    let before = day;
    let after = day + 86_400_000;
    while (after - before > 60_000) {
      const middle = before + Math.floor((after - before) / 120_000) * 60_000;
      if (offsetAt(middle, zone) === from) before = middle;
      else after = middle;
    }
    changes.push({ at: new Date(after).toISOString(), from, to: offsetAt(after, zone) });
  }
  return changes;
}

const wallOf = (instant: string | number, zone: string): string => formatInTimeZone(instant, zone, 'yyyy-MM-dd HH:mm');

// ---------------------------------------------------------------------------------------------

const JANUARY_FIRST = '2026-01-01T00:00:00Z';
const everyDay = (...ranges: TimeRange[]): WeeklyHours => [ranges, ranges, ranges, ranges, ranges, ranges, ranges];

/** A practice with booking on, no notice, a year ahead, and whatever else the test says. */
function practice(timeZone: string, changes: Partial<BookingSettingsInput> = {}): BookingSettings {
  return bookingSettingsSchema.parse({ ...defaultBookingSettings(timeZone), enabled: true, minimumNoticeMinutes: 0, horizonDays: 365, ...changes });
}
const withSession = (durationMinutes: number) => ({ sessionTypes: [{ ...defaultBookingSettings('UTC').sessionTypes[0]!, durationMinutes }] });

const slotsOn = (settings: BookingSettings, date: string, options: Partial<OpenSlotsQuery> = {}): OpenSlot[] =>
  openSlots({ settings, sessionTypeId: 'consultation', busy: [], now: JANUARY_FIRST, from: date, days: 1, ...options });
const timesOf = (slots: readonly OpenSlot[]) => slots.map((slot) => slot.localTime);

/** Every "HH:mm" from `first` while before `end`, `step` minutes apart. */
function clockTimes(first: string, end: string, step: number): string[] {
  const times: string[] = [];
  for (let minutes = minutesOfDay(first); minutes < minutesOfDay(end); minutes += step) times.push(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
  return times;
}

/** What must hold of any list of slots: each on the clock it says, of real length, in strict order. */
function expectSound(slots: readonly OpenSlot[], zone: string, durationMinutes: number): void {
  let previous = -Infinity;
  for (const slot of slots) {
    const start = Date.parse(slot.startsAt);
    expect(wallOf(start, zone)).toBe(`${slot.localDate} ${slot.localTime}`);
    expect(Date.parse(slot.endsAt) - start).toBe(durationMinutes * 60_000);
    expect(start).toBeGreaterThan(previous);
    previous = start;
  }
  expect(new Set(slots.map((slot) => `${slot.localDate} ${slot.localTime}`)).size).toBe(slots.length);
}

describe('the daylight-saving changes of 2026 used below', () => {
  it('are the real ones, read from Intl', () => {
    expect(offsetChanges('America/New_York', 2026)).toEqual([
      { at: '2026-03-08T07:00:00.000Z', from: -300, to: -240 },
      { at: '2026-11-01T06:00:00.000Z', from: -240, to: -300 },
    ]);
    expect(offsetChanges('Europe/London', 2026)).toEqual([
      { at: '2026-03-29T01:00:00.000Z', from: 0, to: 60 },
      { at: '2026-10-25T01:00:00.000Z', from: 60, to: 0 },
    ]);
    // Lord Howe moves by 30 minutes: back on 5 April at 02:00, forward on 4 October at 02:00 (local).
    expect(offsetChanges('Australia/Lord_Howe', 2026)).toEqual([
      { at: '2026-04-04T15:00:00.000Z', from: 660, to: 630 },
      { at: '2026-10-03T15:30:00.000Z', from: 630, to: 660 },
    ]);
    expect(offsetChanges('Asia/Kolkata', 2026)).toEqual([]);
  });
});

describe('open slots across daylight-saving changes', () => {
  const night = (zone: string, durationMinutes = 30) => practice(zone, { weeklyHours: everyDay({ start: '00:00', end: '06:00' }), slotStepMinutes: 15, ...withSession(durationMinutes) });
  const nightTimes = clockTimes('00:00', '05:45', 15);
  const except = (skipped: string[]) => nightTimes.filter((time) => !skipped.includes(time));

  it('New York, 8 March: no slot in the skipped hour, durations in real minutes', () => {
    const slots = slotsOn(night('America/New_York'), '2026-03-08');
    expect(timesOf(slots)).toEqual(except(['02:00', '02:15', '02:30', '02:45']));
    expectSound(slots, 'America/New_York', 30);
    const lastBeforeJump = slots.find((slot) => slot.localTime === '01:45')!;
    expect(lastBeforeJump).toMatchObject({ startsAt: '2026-03-08T06:45:00.000Z', endsAt: '2026-03-08T07:15:00.000Z' });
    expect(wallOf(lastBeforeJump.endsAt, 'America/New_York')).toBe('2026-03-08 03:15');
  });

  it('New York, 1 November: each time of the repeated hour once, at its first pass', () => {
    const slots = slotsOn(night('America/New_York'), '2026-11-01');
    expect(timesOf(slots)).toEqual(nightTimes);
    expectSound(slots, 'America/New_York', 30);
    expect(slots.find((slot) => slot.localTime === '01:30')!.startsAt).toBe('2026-11-01T05:30:00.000Z');
    expect(slots.find((slot) => slot.localTime === '02:00')!.startsAt).toBe('2026-11-01T07:00:00.000Z');
    // The second pass through 01:00–02:00 (06:00Z–07:00Z) offers no start of its own.
    expect(slots.filter((slot) => slot.startsAt >= '2026-11-01T06:00' && slot.startsAt < '2026-11-01T07:00')).toEqual([]);
    // 01:45 EDT + 30 real minutes = 01:15 EST.
    expect(wallOf(slots.find((slot) => slot.localTime === '01:45')!.endsAt, 'America/New_York')).toBe('2026-11-01 01:15');
  });

  it('London, 29 March and 25 October', () => {
    const spring = slotsOn(night('Europe/London', 60), '2026-03-29');
    expect(timesOf(spring)).toEqual(except(['01:00', '01:15', '01:30', '01:45']).filter((time) => time <= '05:00'));
    expectSound(spring, 'Europe/London', 60);
    const autumn = slotsOn(night('Europe/London', 60), '2026-10-25');
    expect(timesOf(autumn)).toEqual(nightTimes.filter((time) => time <= '05:00'));
    expectSound(autumn, 'Europe/London', 60);
    expect(autumn.find((slot) => slot.localTime === '01:30')!.startsAt).toBe('2026-10-25T00:30:00.000Z');
  });

  it('Lord Howe, 5 April and 4 October: a 30-minute change', () => {
    const autumn = slotsOn(night('Australia/Lord_Howe'), '2026-04-05');
    expect(timesOf(autumn)).toEqual(nightTimes);
    expectSound(autumn, 'Australia/Lord_Howe', 30);
    expect(autumn.filter((slot) => ['01:30', '01:45', '02:00'].includes(slot.localTime)).map((slot) => slot.startsAt)).toEqual([
      '2026-04-04T14:30:00.000Z',
      '2026-04-04T14:45:00.000Z',
      '2026-04-04T15:30:00.000Z',
    ]);
    const spring = slotsOn(night('Australia/Lord_Howe'), '2026-10-04');
    expect(timesOf(spring)).toEqual(except(['02:00', '02:15']));
    expectSound(spring, 'Australia/Lord_Howe', 30);
    expect(wallOf(spring.find((slot) => slot.localTime === '01:45')!.endsAt, 'Australia/Lord_Howe')).toBe('2026-10-04 02:45');
  });

  it('Kolkata: no change on any of those dates, every slot at +05:30', () => {
    for (const date of ['2026-03-08', '2026-03-29', '2026-04-05', '2026-10-04', '2026-10-25', '2026-11-01']) {
      const slots = slotsOn(night('Asia/Kolkata'), date);
      expect(timesOf(slots)).toEqual(nightTimes);
      expectSound(slots, 'Asia/Kolkata', 30);
    }
    expect(slotsOn(practice('Asia/Kolkata'), '2026-03-09')[0]).toEqual({ startsAt: '2026-03-09T03:30:00.000Z', endsAt: '2026-03-09T04:30:00.000Z', localDate: '2026-03-09', localTime: '09:00' });
  });

  it('ends a range the first time the clock reaches its end: at the end of a gap, at the first of two passes', () => {
    // 02:30 never shows on 8 March: the range ends at the jump (03:00 EDT), not an hour of real time later.
    const toGap = practice('America/New_York', { weeklyHours: everyDay({ start: '00:00', end: '02:30' }), ...withSession(60) });
    expect(timesOf(slotsOn(toGap, '2026-03-08'))).toEqual(['00:00', '00:30', '01:00']);
    expect(slotsOn(toGap, '2026-03-08').at(-1)!.endsAt).toBe('2026-03-08T07:00:00.000Z');
    // 01:30 shows twice on 1 November: the range ends at the first (01:30 EDT).
    const toRepeat = practice('America/New_York', { weeklyHours: everyDay({ start: '00:00', end: '01:30' }), ...withSession(60) });
    expect(timesOf(slotsOn(toRepeat, '2026-11-01'))).toEqual(['00:00', '00:30']);
  });

  it('starts a day whose midnight never happens at its first real time (Santiago)', () => {
    const [autumn, spring] = offsetChanges('America/Santiago', 2026);
    expect(spring!.to - spring!.from).toBe(60);
    const date = calendarDate(spring!.at, 'America/Santiago');
    expect(wallOf(spring!.at, 'America/Santiago')).toBe(`${date} 01:00`);
    const settings = practice('America/Santiago', { weeklyHours: everyDay({ start: '00:00', end: '03:00' }), ...withSession(60) });
    expect(timesOf(slotsOn(settings, date))).toEqual(['01:00', '01:30', '02:00']);
    // Clocks go back from 24:00 to 23:00 in April: 23:00–24:00 happens twice, and is offered once.
    const lateNight = practice('America/Santiago', { weeklyHours: everyDay({ start: '22:00', end: '23:59' }), ...withSession(30) });
    const eve = calendarDate(autumn!.at, 'America/Santiago');
    const slots = slotsOn(lateNight, eve);
    expect(timesOf(slots)).toEqual(['22:00', '22:30', '23:00']);
    expectSound(slots, 'America/Santiago', 30);
  });
});

const calendarDate = (instant: string, zone: string): string => formatInTimeZone(instant, zone, 'yyyy-MM-dd');

describe('open slots: the practice rules', () => {
  const zone = 'Asia/Kolkata';
  // Monday 2026-06-01, 08:00 in Kolkata.
  const monday = '2026-06-01';
  const mondayMorning = '2026-06-01T02:30:00Z';
  const morning = (changes: Partial<BookingSettingsInput> = {}) =>
    practice(zone, { weeklyHours: everyDay({ start: '09:00', end: '13:00' }), slotStepMinutes: 15, ...withSession(30), ...changes });
  const at = (time: string, date = monday) => zonedTimeToInstant(date, time, zone).toISOString();
  const busyAt = (start: string, end: string): BusyInterval => ({ startsAt: at(start), endsAt: new Date(at(end)) });

  it('offers every step of wall-clock from each range start while the session fits', () => {
    expect(timesOf(slotsOn(morning(), monday))).toEqual(clockTimes('09:00', '12:45', 15));
    expect(timesOf(slotsOn(morning({ slotStepMinutes: 60 }), monday))).toEqual(['09:00', '10:00', '11:00', '12:00']);
    expect(timesOf(slotsOn(morning({ slotStepMinutes: 30, ...withSession(90) }), monday))).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
    // Steps count from each range's own start.
    const split = morning({ slotStepMinutes: 30, weeklyHours: everyDay({ start: '13:10', end: '14:30' }, { start: '09:00', end: '10:00' }) });
    expect(timesOf(slotsOn(split, monday))).toEqual(['09:00', '09:30', '13:10', '13:40']);
  });

  it('keeps the buffers on both sides of every appointment, and of the slot', () => {
    const busy = [busyAt('10:00', '11:00')];
    expect(timesOf(slotsOn(morning(), monday, { busy }))).toEqual(['09:00', '09:15', '09:30', '11:00', '11:15', '11:30', '11:45', '12:00', '12:15', '12:30']);
    // 15 minutes before and after each: a slot must end 30 minutes before the next appointment starts.
    const buffered = morning({ bufferBeforeMinutes: 15, bufferAfterMinutes: 15 });
    expect(timesOf(slotsOn(buffered, monday, { busy }))).toEqual(['09:00', '11:30', '11:45', '12:00', '12:15', '12:30']);
    const afterOnly = morning({ bufferAfterMinutes: 15 });
    expect(timesOf(slotsOn(afterOnly, monday, { busy }))).toEqual(['09:00', '09:15', '11:15', '11:30', '11:45', '12:00', '12:15', '12:30']);
  });

  it('finds overlaps whatever the order of the busy list, and however long an appointment is', () => {
    const busy = [busyAt('12:00', '12:15'), busyAt('09:00', '09:20'), busyAt('09:10', '11:00'), busyAt('09:05', '09:10')];
    expect(timesOf(slotsOn(morning(), monday, { busy }))).toEqual(['11:00', '11:15', '11:30', '12:15', '12:30']);
    const wholeDay = [{ startsAt: '2026-05-01T00:00:00Z', endsAt: '2026-07-01T00:00:00Z' }, busyAt('10:00', '10:30')];
    expect(slotsOn(morning(), monday, { busy: wholeDay })).toEqual([]);
  });

  it('sees an appointment running over from the evening before', () => {
    const midnight = morning({ weeklyHours: everyDay({ start: '00:00', end: '02:00' }), slotStepMinutes: 30 });
    const busy = [{ startsAt: at('23:00', '2026-05-31'), endsAt: at('00:30') }];
    expect(timesOf(slotsOn(midnight, monday, { busy, now: '2026-05-01T00:00:00Z' }))).toEqual(['00:30', '01:00', '01:30']);
  });

  it('keeps the minimum notice from now', () => {
    const settings = morning({ minimumNoticeMinutes: 120 });
    expect(timesOf(slotsOn(settings, monday, { now: mondayMorning }))).toEqual(clockTimes('10:00', '12:45', 15));
    expect(timesOf(slotsOn(morning(), monday, { now: at('09:10') }))).toEqual(clockTimes('09:15', '12:45', 15));
    expect(slotsOn(morning({ minimumNoticeMinutes: 24 * 60 }), monday, { now: mondayMorning })).toEqual([]);
  });

  it('walks from today to the horizon, and within it from `from` for `days`', () => {
    const settings = morning({ horizonDays: 3, slotStepMinutes: 60 });
    const all = openSlots({ settings, sessionTypeId: 'consultation', busy: [], now: mondayMorning });
    expect([...new Set(all.map((slot) => slot.localDate))]).toEqual(['2026-06-01', '2026-06-02', '2026-06-03']);
    expect(openSlots({ settings, sessionTypeId: 'consultation', busy: [], now: mondayMorning, from: '2026-06-02', days: 1 }).map((slot) => slot.localDate)).toEqual(Array(4).fill('2026-06-02'));
    expect(openSlots({ settings, sessionTypeId: 'consultation', busy: [], now: mondayMorning, from: '2026-06-03', days: 10 })).toHaveLength(4);
    expect(openSlots({ settings, sessionTypeId: 'consultation', busy: [], now: mondayMorning, from: '2026-06-04' })).toEqual([]);
    expect(openSlots({ settings, sessionTypeId: 'consultation', busy: [], now: mondayMorning, from: '2026-05-30', days: 3 }).map((slot) => slot.localDate)).toEqual(Array(4).fill('2026-06-01'));
    expect(openSlots({ settings, sessionTypeId: 'consultation', busy: [], now: mondayMorning, days: 0 })).toEqual([]);
    expect(() => openSlots({ settings, sessionTypeId: 'consultation', busy: [], now: mondayMorning, days: 1.5 })).toThrow(RangeError);
    expect(() => openSlots({ settings, sessionTypeId: 'consultation', busy: [], now: mondayMorning, from: '2026-02-30' })).toThrow(RangeError);
    // "Today" is the practice's: 20:00Z on 31 May is already 1 June in Kolkata.
    expect(openSlots({ settings, sessionTypeId: 'consultation', busy: [], now: '2026-05-31T20:00:00Z' }).at(-1)!.localDate).toBe('2026-06-03');
  });

  it('follows the weekly hours, and a date override over them', () => {
    const weekdays = practice(zone, { ...withSession(60), slotStepMinutes: 60 });
    const week = openSlots({ settings: weekdays, sessionTypeId: 'consultation', busy: [], now: '2026-05-30T00:00:00Z', days: 7 });
    expect([...new Set(week.map((slot) => slot.localDate))].map(dayOfWeek)).toEqual([1, 2, 3, 4, 5]);
    expect(timesOf(week.filter((slot) => slot.localDate === monday))).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    const overridden = practice(zone, {
      ...withSession(60),
      slotStepMinutes: 60,
      dateOverrides: [
        { date: '2026-06-01', closed: true },
        { date: '2026-06-02', ranges: [{ start: '14:00', end: '16:00' }] },
        { date: '2026-06-06', ranges: [{ start: '10:00', end: '12:00' }, { start: '08:00', end: '09:00' }] },
      ],
    });
    const days = openSlots({ settings: overridden, sessionTypeId: 'consultation', busy: [], now: '2026-05-30T00:00:00Z', days: 8 });
    expect(days.filter((slot) => slot.localDate === '2026-06-01')).toEqual([]);
    expect(timesOf(days.filter((slot) => slot.localDate === '2026-06-02'))).toEqual(['14:00', '15:00']);
    expect(timesOf(days.filter((slot) => slot.localDate === '2026-06-03'))).toHaveLength(8);
    expect(timesOf(days.filter((slot) => slot.localDate === '2026-06-06'))).toEqual(['08:00', '10:00', '11:00']);
  });

  it('offers nothing when booking is off or the session type is unknown, and each session its own length', () => {
    expect(slotsOn(morning({ enabled: false }), monday)).toEqual([]);
    expect(slotsOn(morning(), monday, { sessionTypeId: 'nope' })).toEqual([]);
    const two = morning({
      sessionTypes: [
        { id: 'short', name: 'Short', durationMinutes: 15, priceMinor: 0, mode: 'virtual' },
        { id: 'long', name: 'Long', durationMinutes: 240, priceMinor: 0, mode: 'virtual' },
      ],
    });
    expect(slotsOn(two, monday, { sessionTypeId: 'short' })).toHaveLength(16);
    expect(timesOf(slotsOn(two, monday, { sessionTypeId: 'long' }))).toEqual(['09:00']);
  });

  it('refuses a busy interval that is not an instant', () => {
    expect(() => slotsOn(morning(), monday, { busy: [{ startsAt: 'soon', endsAt: at('10:00') }] })).toThrow(RangeError);
    expect(() => slotsOn(morning(), monday, { now: 'now' })).toThrow(RangeError);
  });
});

describe('re-checking a start at booking time', () => {
  const zone = 'America/New_York';
  const settings = practice(zone, { horizonDays: 30, minimumNoticeMinutes: 720 });
  const now = '2026-03-02T14:00:00Z'; // Monday 09:00 EST
  const check = (startsAt: string | Date, changes: Partial<Parameters<typeof slotRefusal>[0]> = {}) =>
    slotRefusal({ settings, sessionTypeId: 'consultation', busy: [], now, startsAt, ...changes });

  it('accepts exactly the open slots', () => {
    const slots = openSlots({ settings, sessionTypeId: 'consultation', busy: [], now });
    expect(slots[0]!.startsAt).toBe('2026-03-03T14:00:00.000Z');
    for (const slot of slots) expect(isSlotOpen({ settings, sessionTypeId: 'consultation', busy: [], now, startsAt: slot.startsAt })).toBe(true);
    expect(check(new Date('2026-03-03T14:00:00Z'))).toBeNull();
    expect(check('2026-03-03T09:00:00-05:00')).toBeNull();
  });

  it('says why any other start is refused', () => {
    expect(check('2026-03-03T14:00:00Z', { settings: { ...settings, enabled: false } })).toBe('booking-off');
    expect(check('2026-03-03T14:00:00Z', { sessionTypeId: 'nope' })).toBe('unknown-session-type');
    expect(check('2026-03-02T13:00:00Z')).toBe('past');
    expect(check('2026-03-02T20:00:00Z')).toBe('too-soon');
    expect(check('2026-04-01T14:00:00Z')).toBe('beyond-horizon');
    expect(check('2026-03-31T14:00:00Z')).toBeNull();
    expect(check('2026-03-03T14:10:00Z')).toBe('outside-hours');
    expect(check('2026-03-03T21:30:00Z')).toBe('outside-hours'); // 16:30: the hour would end after 17:00
    expect(check('2026-03-07T15:00:00Z')).toBe('outside-hours'); // a Saturday
    expect(check('not a time')).toBe('outside-hours');
    expect(check('2026-03-03T14:00:00Z', { busy: [{ startsAt: '2026-03-03T14:30:00Z', endsAt: '2026-03-03T15:00:00Z' }] })).toBe('taken');
  });
});

describe('a slot on the patient’s clock', () => {
  const slot = (startsAt: string, zone: string): OpenSlot => {
    const [localDate, localTime] = wallOf(startsAt, zone).split(' ') as [string, string];
    return { startsAt, endsAt: startsAt, localDate, localTime };
  };

  it('gives the date and time in the patient’s zone, and says when they differ from the practice’s', () => {
    const newYork = slot('2026-06-01T13:30:00.000Z', 'America/New_York');
    expect(slotInZone(newYork, 'America/Los_Angeles')).toEqual({ localDate: '2026-06-01', localTime: '06:30', timeZone: 'America/Los_Angeles', differsFromPractice: true });
    expect(slotInZone(newYork, 'America/Detroit')).toEqual({ localDate: '2026-06-01', localTime: '09:30', timeZone: 'America/Detroit', differsFromPractice: false });
    expect(slotInZone(slot('2026-06-02T01:00:00.000Z', 'America/New_York'), 'Asia/Tokyo')).toMatchObject({ localDate: '2026-06-02', localTime: '10:00', differsFromPractice: true });
    expect(slotInZone(slot('2026-06-01T03:30:00.000Z', 'Asia/Kolkata'), 'Asia/Kathmandu')).toMatchObject({ localTime: '09:15', differsFromPractice: true });
    expect(slotInZone(slot('2026-06-01T00:00:00.000Z', 'UTC'), 'Europe/London')).toMatchObject({ localDate: '2026-06-01', localTime: '01:00' });
    expect(() => slotInZone(newYork, 'Nowhere')).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties, against a reading of the rules by brute force: dates.ts's `zonedTimeToInstant` and
// date-fns-tz for the clock, every busy interval checked against every candidate.

const propertyZones = [
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'America/Santiago',
  'America/Havana',
  'America/St_Johns',
  'Pacific/Chatham',
  'Europe/Dublin',
  'Antarctica/Troll',
  'Africa/Casablanca',
  'Asia/Tehran',
  'Pacific/Apia',
  'UTC',
] as const;
const changesByZone = new Map(propertyZones.map((zone) => [zone, offsetChanges(zone, 2026)]));

/** The first instant the clock shows `time` or later on `date`. */
function rangeEnd(date: string, time: string, zone: string): number {
  let instant = zonedTimeToInstant(date, time, zone).getTime();
  const label = `${date} ${time}`;
  if (wallOf(instant, zone) === label) return instant;
  while (wallOf(instant - 60_000, zone) >= label) instant -= 60_000;
  return instant;
}

function slotsByBruteForce(query: OpenSlotsQuery): OpenSlot[] {
  const { settings } = query;
  const type = settings.sessionTypes.find((candidate) => candidate.id === query.sessionTypeId);
  if (!settings.enabled || !type) return [];
  const zone = settings.timeZone;
  const now = typeof query.now === 'string' ? Date.parse(query.now) : query.now.getTime();
  const today = calendarDate(new Date(now).toISOString(), zone);
  const busy = query.busy.map((interval) => [new Date(interval.startsAt).getTime(), new Date(interval.endsAt).getTime()] as const);
  const slots: OpenSlot[] = [];
  for (let index = 0; index < settings.horizonDays; index += 1) {
    const date = addDays(today, index);
    if (query.from !== undefined && date < query.from) continue;
    if (query.days !== undefined && date > addDays(query.from ?? today, query.days - 1)) continue;
    const override = settings.dateOverrides.find((candidate) => candidate.date === date);
    const ranges = override ? ('ranges' in override ? override.ranges : []) : settings.weeklyHours[dayOfWeek(date)]!;
    for (const range of ranges) {
      const end = rangeEnd(date, range.end, zone);
      for (const time of clockTimes(range.start, range.end, settings.slotStepMinutes)) {
        const start = zonedTimeToInstant(date, time, zone).getTime();
        if (wallOf(start, zone) !== `${date} ${time}`) continue;
        const finish = start + type.durationMinutes * 60_000;
        if (finish > end || start < now + settings.minimumNoticeMinutes * 60_000) continue;
        const before = settings.bufferBeforeMinutes * 60_000;
        const after = settings.bufferAfterMinutes * 60_000;
        if (busy.some(([busyStart, busyEnd]) => start - before < busyEnd + after && busyStart - before < finish + after)) continue;
        slots.push({ startsAt: new Date(start).toISOString(), endsAt: new Date(finish).toISOString(), localDate: date, localTime: time });
      }
    }
  }
  return slots.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

const timeText = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
/**
 * Up to three ranges of a day, often on quarter hours at night (where clocks change), in any order;
 * or the whole night, or the whole day, so that a change falls inside the hours.
 */
const randomRangesArbitrary = fc
  .tuple(
    fc.uniqueArray(fc.oneof(fc.integer({ min: 0, max: 28 }).map((quarter) => quarter * 15), fc.integer({ min: 0, max: 1439 })), { maxLength: 6 }),
    fc.boolean(),
  )
  .map(([edges, reversed]) => {
    const sorted = [...edges].sort((a, b) => a - b);
    const ranges: TimeRange[] = [];
    for (let index = 0; index + 1 < sorted.length; index += 2) ranges.push({ start: timeText(sorted[index]!), end: timeText(sorted[index + 1]!) });
    return reversed ? ranges.reverse() : ranges;
  });
const dayRangesArbitrary = fc.oneof(
  { arbitrary: randomRangesArbitrary, weight: 3 },
  { arbitrary: fc.constant([{ start: '00:00', end: '06:00' }]), weight: 1 },
  { arbitrary: fc.constant([{ start: '00:00', end: '23:59' }]), weight: 1 },
);

const scenarioArbitrary = fc
  .record({
    zone: fc.constantFrom(...propertyZones),
    nearChange: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }),
    changeIndex: fc.nat(),
    minutesBeforeChange: fc.integer({ min: 1, max: 3 * 1440 }),
    yearMinute: fc.integer({ min: 0, max: 364 * 1440 }),
    weeklyHours: fc.tuple(dayRangesArbitrary, dayRangesArbitrary, dayRangesArbitrary, dayRangesArbitrary, dayRangesArbitrary, dayRangesArbitrary, dayRangesArbitrary),
    overrides: fc.uniqueArray(fc.record({ dayOffset: fc.integer({ min: -1, max: 9 }), closed: fc.boolean(), ranges: dayRangesArbitrary }), { selector: (override) => override.dayOffset, maxLength: 4 }),
    durations: fc.array(fc.integer({ min: 15, max: 240 }), { minLength: 1, maxLength: 3 }),
    chosenType: fc.nat(),
    step: fc.constantFrom(15 as const, 30 as const, 60 as const),
    bufferBefore: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 120 })),
    bufferAfter: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 120 })),
    notice: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 240 }), fc.integer({ min: 0, max: 3 * 1440 })),
    horizon: fc.integer({ min: 1, max: 8 }),
    window: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 3 },
      { arbitrary: fc.record({ fromOffset: fc.integer({ min: -2, max: 8 }), days: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }) }), weight: 1 },
    ),
    busy: fc.array(fc.record({ startMinute: fc.integer({ min: -2 * 1440, max: 11 * 1440 }), minutes: fc.integer({ min: 0, max: 300 }), asDate: fc.boolean() }), { maxLength: 40 }),
  })
  .map((scenario) => {
    const changes = changesByZone.get(scenario.zone)!;
    const change = changes[scenario.changeIndex % Math.max(changes.length, 1)];
    // Near a change, now is up to three days before it and the horizon reaches past it.
    const near = scenario.nearChange && change !== undefined;
    const nowMs = near ? Date.parse(change.at) - scenario.minutesBeforeChange * 60_000 : Date.parse('2026-01-01T00:00:00Z') + scenario.yearMinute * 60_000;
    const now = new Date(nowMs);
    const today = calendarDate(now.toISOString(), scenario.zone);
    const settings = bookingSettingsSchema.parse({
      ...defaultBookingSettings(scenario.zone),
      enabled: true,
      sessionTypes: scenario.durations.map((durationMinutes, index) => ({ id: `type-${index}`, name: `Type ${index}`, durationMinutes, priceMinor: 0, mode: 'virtual' })),
      weeklyHours: scenario.weeklyHours,
      dateOverrides: scenario.overrides.map(({ dayOffset, closed, ranges }) =>
        closed || ranges.length === 0 ? { date: addDays(today, dayOffset), closed: true } : { date: addDays(today, dayOffset), ranges },
      ),
      bufferBeforeMinutes: scenario.bufferBefore,
      bufferAfterMinutes: scenario.bufferAfter,
      minimumNoticeMinutes: scenario.notice,
      horizonDays: near ? Math.max(scenario.horizon, Math.ceil(scenario.minutesBeforeChange / 1440) + 2) : scenario.horizon,
      slotStepMinutes: scenario.step,
    });
    const busy: BusyInterval[] = scenario.busy.map(({ startMinute, minutes, asDate }) => {
      const start = nowMs + startMinute * 60_000;
      const end = start + minutes * 60_000;
      return asDate ? { startsAt: new Date(start), endsAt: new Date(end) } : { startsAt: new Date(start).toISOString(), endsAt: new Date(end).toISOString() };
    });
    const window = scenario.window ? { from: addDays(today, scenario.window.fromOffset), ...(scenario.window.days === undefined ? {} : { days: scenario.window.days }) } : {};
    const query: OpenSlotsQuery = { settings, sessionTypeId: `type-${scenario.chosenType % scenario.durations.length}`, busy, now, ...window };
    return query;
  });

describe('open slots, for any zone, settings and busy list', () => {
  it('are exactly the slots the rules give when read one by one', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (query) => {
        expect(openSlots(query)).toEqual(slotsByBruteForce(query));
      }),
      { numRuns: 120 },
    );
  });

  it('are each inside that day’s hours, clear of busy times with their buffers, in strictly increasing order', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (query) => {
        const { settings } = query;
        const zone = settings.timeZone;
        const duration = settings.sessionTypes.find((type) => type.id === query.sessionTypeId)!.durationMinutes;
        const slots = openSlots(query);
        expectSound(slots, zone, duration);
        const nowMs = new Date(query.now).getTime();
        const today = calendarDate(new Date(nowMs).toISOString(), zone);
        for (const slot of slots) {
          const start = Date.parse(slot.startsAt);
          const end = Date.parse(slot.endsAt);
          expect(start).toBeGreaterThanOrEqual(nowMs + settings.minimumNoticeMinutes * 60_000);
          expect(slot.localDate >= today && slot.localDate < addDays(today, settings.horizonDays)).toBe(true);
          const override = settings.dateOverrides.find((candidate) => candidate.date === slot.localDate);
          const ranges = override ? ('ranges' in override ? override.ranges : []) : settings.weeklyHours[dayOfWeek(slot.localDate)]!;
          const range = ranges.find((candidate) => candidate.start <= slot.localTime && slot.localTime < candidate.end);
          expect(range).toBeDefined();
          expect((minutesOfDay(slot.localTime) - minutesOfDay(range!.start)) % settings.slotStepMinutes).toBe(0);
          expect(end).toBeLessThanOrEqual(zonedTimeToInstant(slot.localDate, range!.end, zone).getTime());
          for (const busy of query.busy) {
            const busyStart = new Date(busy.startsAt).getTime() - settings.bufferBeforeMinutes * 60_000;
            const busyEnd = new Date(busy.endsAt).getTime() + settings.bufferAfterMinutes * 60_000;
            const clear = end + settings.bufferAfterMinutes * 60_000 <= busyStart || busyEnd <= start - settings.bufferBeforeMinutes * 60_000;
            expect(clear).toBe(true);
          }
        }
      }),
      { numRuns: 120 },
    );
  });

  it('agree with isSlotOpen, start by start', () => {
    fc.assert(
      fc.property(scenarioArbitrary, fc.array(fc.integer({ min: -1440, max: 10 * 1440 }), { maxLength: 15 }), (query, probeMinutes) => {
        const { from: _from, days: _days, ...check } = query;
        const slots = openSlots(check);
        const starts = new Set(slots.map((slot) => Date.parse(slot.startsAt)));
        const nowMs = new Date(query.now).getTime();
        const probes = [
          ...starts,
          ...slots.slice(0, 5).flatMap((slot) => [Date.parse(slot.startsAt) - 5 * 60_000, Date.parse(slot.startsAt) + query.settings.slotStepMinutes * 60_000]),
          ...probeMinutes.map((minutes) => Math.floor(nowMs / 900_000) * 900_000 + minutes * 60_000),
        ];
        for (const probe of probes) expect(isSlotOpen({ ...check, startsAt: new Date(probe) })).toBe(starts.has(probe));
      }),
      { numRuns: 60 },
    );
  });
});
