import fc from 'fast-check';
import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { calendarDateSchema } from '../schedule/schedule.schema.ts';
import {
  addDays,
  ageInYears,
  calendarDateInZone,
  dateTimeLocalToInstant,
  daysBetween,
  dayOfWeek,
  epochDayOf,
  formatTimeOfDay,
  formatUsShortDate,
  isCalendarDate,
  isDateTimeLocal,
  relativeLastVisit,
  utcMidnightOf,
  weekOf,
  yearsInPractice,
  zonedTimeToInstant,
} from './dates.ts';
import { formatLongDate, formatLongDateTime, formatMonthDay, formatMonthYear, nextAppointmentText, nextAppointmentTextOn } from './date-formats.ts';

describe('calendar dates', () => {
  it('validates yyyy-MM-dd', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-6-1')).toBe(false);
    expect(calendarDateSchema.safeParse('2025-13-01').success).toBe(false);
    expect(() => addDays('nope', 1)).toThrow(RangeError);
  });

  it('adds days and counts between them', () => {
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(daysBetween('2025-06-14', '2025-06-16')).toBe(2);
    expect(dayOfWeek('2025-06-15')).toBe(0);
  });

  it('computes age in whole years against today', () => {
    expect(ageInYears('1985-04-12', '2025-04-11')).toBe(39);
    expect(ageInYears('1985-04-12', '2025-04-12')).toBe(40);
    expect(ageInYears('2000-02-29', '2025-02-28')).toBe(24);
    expect(ageInYears('2000-02-29', '2025-03-01')).toBe(25);
    expect(ageInYears('1992-12-31', '2025-01-01')).toBe(32);
  });

  it('starts the week on Sunday', () => {
    const week = weekOf('2025-06-18', 'America/New_York');
    expect(week).toEqual(['2025-06-15', '2025-06-16', '2025-06-17', '2025-06-18', '2025-06-19', '2025-06-20', '2025-06-21']);
    expect(weekOf('2025-06-15', 'UTC')[0]).toBe('2025-06-15');
    // 2025-06-15T02:00Z is still Saturday the 14th in Los Angeles.
    expect(weekOf(new Date('2025-06-15T02:00:00Z'), 'America/Los_Angeles')[0]).toBe('2025-06-08');
    expect(weekOf('2025-06-15T02:00:00Z', 'Asia/Tokyo')[0]).toBe('2025-06-15');
  });

  it('always gives 7 consecutive days from a Sunday', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.constantFrom('UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'), (offset, zone) => {
        const day = addDays('1990-01-01', offset);
        const week = weekOf(day, zone);
        expect(week).toHaveLength(7);
        expect(dayOfWeek(week[0] as string)).toBe(0);
        expect(week).toContain(day);
      }),
    );
  });
});

describe('reading a calendar date', () => {
  /** The rule, as a regular expression and a Date that must give the same day back. */
  const reference = (value: string): number | null => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return null;
    const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date.getTime() / 86_400_000 : null;
  };
  const pad = (value: number, width: number) => String(value).padStart(width, '0');

  it('reads every yyyy-MM-dd as the rule does, the days that do not exist as none', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        const value = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
        expect(epochDayOf(value)).toBe(reference(value));
        expect(utcMidnightOf(value)?.getTime() ?? null).toBe(reference(value) === null ? null : (reference(value) ?? 0) * 86_400_000);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads no other text as a date', () => {
    for (const value of ['2025-6-01', '2025-06-1', '2025/06/01', ' 2025-06-01', '2025-06-01 ', '2025-06-0a', '２０２５-06-01', '2025-0601', '', '2025-02-29', '1900-02-29', '2000-02-29', '2024-02-29', '0099-12-31', '0100-01-01']) {
      expect(epochDayOf(value)).toBe(reference(value));
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (value) => {
        expect(epochDayOf(value)).toBe(reference(value));
      }),
    );
  });
});

describe('the calendar date of an instant in a zone', () => {
  // Zones whose clocks change at midnight (Santiago, Havana, Beirut, Asunción), by half an hour
  // (Lord Howe), across the date line (Apia) or not at all.
  const zones = ['America/New_York', 'America/Santiago', 'America/Havana', 'Asia/Beirut', 'America/Asuncion', 'Australia/Lord_Howe', 'Pacific/Apia', 'Europe/London', 'Asia/Kolkata', 'UTC'];
  // Intl's own answer, formatted afresh (en-CA writes yyyy-MM-dd).
  const formatters = new Map(zones.map((zone) => [zone, new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })]));
  const expected = (instant: number, zone: string) => formatters.get(zone)?.format(instant);

  it("gives the zone's date at every half hour of a year, in order", () => {
    for (const zone of zones) {
      for (let instant = Date.UTC(2025, 11, 25); instant < Date.UTC(2027, 0, 5); instant += 30 * 60_000) {
        if (calendarDateInZone(new Date(instant), zone) !== expected(instant, zone)) expect(calendarDateInZone(new Date(instant), zone)).toBe(expected(instant, zone));
      }
    }
  });

  it('gives it for instants in any order, near and far apart', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 20 * 365 * 24 * 60 }), fc.constantFrom(...zones)), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: -3 * 24 * 60, max: 3 * 24 * 60 }),
        (instants, step) => {
          for (const [minutes, zone] of instants) {
            for (const at of [minutes, minutes + step, minutes - 1, minutes]) {
              const instant = Date.UTC(2015, 0, 1) + at * 60_000;
              expect(calendarDateInZone(new Date(instant).toISOString(), zone)).toBe(expected(instant, zone));
            }
          }
        },
      ),
    );
  });
});

describe('formats', () => {
  const instant = new Date('2025-06-05T21:30:00Z');
  it('formats calendar dates without a zone', () => {
    expect(formatLongDate('2025-06-05', 'Pacific/Kiritimati')).toBe('June 5, 2025');
    expect(formatMonthDay('2025-06-05', 'UTC')).toBe('June 5');
    expect(formatMonthDay('2026-01-01', 'Pacific/Kiritimati')).toBe('January 1');
    expect(formatMonthDay('2026-12-31', 'America/Los_Angeles')).toBe('December 31');
    expect(formatUsShortDate('2025-06-05', 'UTC')).toBe('6/5/2025');
    expect(formatMonthYear('2025-06-05', 'UTC')).toBe('June 2025');
  });

  it('formats instants in the given zone', () => {
    expect(formatLongDateTime(instant, 'America/Los_Angeles')).toBe('June 5, 2025 at 2:30 PM');
    expect(formatLongDateTime(instant, 'America/New_York')).toBe('June 5, 2025 at 5:30 PM');
    expect(formatLongDate(instant, 'Asia/Tokyo')).toBe('June 6, 2025');
    expect(formatUsShortDate('2025-06-05T21:30:00Z', 'Asia/Tokyo')).toBe('6/6/2025');
    expect(formatUsShortDate(new Date('2026-01-01T03:00:00Z'), 'America/Los_Angeles')).toBe('12/31/2025');
    expect(formatUsShortDate('2025-11-09T12:00:00Z', 'UTC')).toBe('11/9/2025');
    expect(formatTimeOfDay(instant, 'UTC')).toBe('9:30 PM');
    expect(calendarDateInZone(instant, 'Asia/Tokyo')).toBe('2025-06-06');
  });

  it('gives the year practice began', () => {
    expect(yearsInPractice(12, 2025)).toBe(2013);
  });
});

describe('relative texts', () => {
  it('words the last visit', () => {
    const today = '2025-06-16';
    expect(relativeLastVisit(null, today)).toBe('Never');
    expect(relativeLastVisit(today, today)).toBe('Today');
    expect(relativeLastVisit('2025-06-17', today)).toBe('Today');
    expect(relativeLastVisit('2025-06-15', today)).toBe('Yesterday');
    expect(relativeLastVisit('2025-06-14', today)).toBe('2 days ago');
    expect(relativeLastVisit('2025-06-09', today)).toBe('1 week ago');
    expect(relativeLastVisit('2025-05-27', today)).toBe('2 weeks ago');
    expect(relativeLastVisit('2025-05-17', today)).toBe('1 month ago');
    expect(relativeLastVisit('2025-02-16', today)).toBe('4 months ago');
    expect(relativeLastVisit('2024-06-01', today)).toBe('1 year ago');
    expect(relativeLastVisit('2023-06-01', today)).toBe('2 years ago');
  });

  it('words the next appointment', () => {
    const now = new Date('2025-06-16T15:00:00Z');
    const zone = 'America/Los_Angeles';
    expect(nextAppointmentText(null, now, zone)).toBe('Not scheduled');
    expect(nextAppointmentText(zonedTimeToInstant('2025-06-16', '10:00', zone), now, zone)).toBe('Today, 10:00 AM');
    expect(nextAppointmentText(zonedTimeToInstant('2025-06-17', '14:00', zone), now, zone)).toBe('Tomorrow, 2:00 PM');
    expect(nextAppointmentText(zonedTimeToInstant('2025-06-20', '09:00', zone), now, zone)).toBe('June 20, 9:00 AM');
  });

  it('words it the same from a day and time already in the zone (as the database gives a page of them)', () => {
    expect(nextAppointmentTextOn(null, '2025-06-16')).toBe('Not scheduled');
    expect(nextAppointmentTextOn({ day: '2025-06-16', time: '10:00 AM' }, '2025-06-16')).toBe('Today, 10:00 AM');
    expect(nextAppointmentTextOn({ day: '2025-06-17', time: '2:00 PM' }, '2025-06-16')).toBe('Tomorrow, 2:00 PM');
    expect(nextAppointmentTextOn({ day: '2025-07-01', time: '9:00 AM' }, '2025-06-16')).toBe('July 1, 9:00 AM');
    // Across a year's end.
    expect(nextAppointmentTextOn({ day: '2026-01-01', time: '9:00 AM' }, '2025-12-31')).toBe('Tomorrow, 9:00 AM');
  });
});

describe('wall-clock times', () => {
  it('turns a zone wall time into an instant', () => {
    expect(zonedTimeToInstant('2025-06-16', '10:00', 'America/Los_Angeles').toISOString()).toBe('2025-06-16T17:00:00.000Z');
    expect(zonedTimeToInstant('2025-01-16', '10:00', 'America/Los_Angeles').toISOString()).toBe('2025-01-16T18:00:00.000Z');
    expect(zonedTimeToInstant('2025-06-16', '10:00', 'Asia/Kolkata').toISOString()).toBe('2025-06-16T04:30:00.000Z');
    expect(dateTimeLocalToInstant('2025-06-16T10:00', 'Europe/London').toISOString()).toBe('2025-06-16T09:00:00.000Z');
    expect(() => dateTimeLocalToInstant('2025-06-16 10:00', 'UTC')).toThrow(RangeError);
    expect(isDateTimeLocal('2025-06-16T10:00:30')).toBe(true);
    expect(isDateTimeLocal('2025-06-16')).toBe(false);
  });
});

describe('wall-clock times around daylight-saving changes', () => {
  const ny = 'America/New_York';
  const at = (date: string, time: string, zone: string) => zonedTimeToInstant(date, time, zone).toISOString();
  const wallClock = (instant: Date, zone: string) => formatInTimeZone(instant, zone, 'yyyy-MM-dd HH:mm xxx');

  it('moves a time inside a gap forward by the gap (New York, 2026-03-08 02:00 → 03:00)', () => {
    expect(at('2026-03-08', '01:59', ny)).toBe('2026-03-08T06:59:00.000Z');
    expect(at('2026-03-08', '02:00', ny)).toBe('2026-03-08T07:00:00.000Z');
    expect(at('2026-03-08', '02:30', ny)).toBe('2026-03-08T07:30:00.000Z');
    expect(wallClock(zonedTimeToInstant('2026-03-08', '02:30', ny), ny)).toBe('2026-03-08 03:30 -04:00');
    expect(at('2026-03-08', '03:00', ny)).toBe('2026-03-08T07:00:00.000Z');
    expect(at('2026-03-08', '03:30', ny)).toBe('2026-03-08T07:30:00.000Z');
  });

  it('takes the earlier instant inside an overlap (New York, 2026-11-01 01:00–02:00 happens twice)', () => {
    expect(at('2026-11-01', '00:59', ny)).toBe('2026-11-01T04:59:00.000Z');
    expect(at('2026-11-01', '01:00', ny)).toBe('2026-11-01T05:00:00.000Z');
    expect(at('2026-11-01', '01:30', ny)).toBe('2026-11-01T05:30:00.000Z');
    expect(wallClock(zonedTimeToInstant('2026-11-01', '01:30', ny), ny)).toBe('2026-11-01 01:30 -04:00');
    // 01:30 EST (06:30Z) is the second occurrence, never chosen; 02:00 exists once, in EST.
    expect(at('2026-11-01', '02:00', ny)).toBe('2026-11-01T07:00:00.000Z');
  });

  it('applies the same rule in other zones and hemispheres', () => {
    expect(at('2026-03-29', '01:30', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z');
    expect(at('2026-10-25', '01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
    // Sydney: forward on 2026-10-04 at 02:00, back on 2026-04-05 at 03:00.
    expect(at('2026-10-04', '02:30', 'Australia/Sydney')).toBe('2026-10-03T16:30:00.000Z');
    expect(at('2026-04-05', '02:30', 'Australia/Sydney')).toBe('2026-04-04T15:30:00.000Z');
    // Lord Howe Island moves its clocks by 30 minutes.
    expect(wallClock(zonedTimeToInstant('2026-10-04', '02:15', 'Australia/Lord_Howe'), 'Australia/Lord_Howe')).toBe('2026-10-04 02:45 +11:00');
    // Samoa skipped 2011-12-30 entirely: a time on that day is moved a whole day forward.
    expect(wallClock(zonedTimeToInstant('2011-12-30', '12:00', 'Pacific/Apia'), 'Pacific/Apia')).toBe('2011-12-31 12:00 +14:00');
  });

  it('rejects a malformed time, date or zone', () => {
    expect(() => zonedTimeToInstant('2026-03-08', '24:00', ny)).toThrow(RangeError);
    expect(() => zonedTimeToInstant('2026-03-08', '9am', ny)).toThrow(RangeError);
    expect(() => zonedTimeToInstant('2026-02-30', '09:00', ny)).toThrow(RangeError);
    expect(() => zonedTimeToInstant('2026-03-08', '09:00', 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(zonedTimeToInstant('2026-03-08', '9:05', ny).toISOString()).toBe('2026-03-08T13:05:00.000Z');
  });

  const zones = ['America/New_York', 'America/Los_Angeles', 'Europe/London', 'Australia/Sydney', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];

  it('gives back the first instant showing any wall time that exists', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * 365 * 24 * 4 }), fc.constantFrom(...zones), (quarterHours, zone) => {
        const instant = new Date(Date.UTC(2020, 0, 1) + quarterHours * 15 * 60_000);
        const [date, time] = formatInTimeZone(instant, zone, 'yyyy-MM-dd HH:mm').split(' ') as [string, string];
        const back = zonedTimeToInstant(date, time, zone);
        expect(formatInTimeZone(back, zone, 'yyyy-MM-dd HH:mm')).toBe(`${date} ${time}`);
        expect(back.getTime()).toBeLessThanOrEqual(instant.getTime());
        expect(instant.getTime() - back.getTime()).toBeLessThanOrEqual(60 * 60_000);
      }),
    );
  });

  it('never moves a wall time back, and forward by at most the gap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3650 }), fc.integer({ min: 0, max: 24 * 60 - 1 }), fc.constantFrom(...zones), (day, minuteOfDay, zone) => {
        const date = addDays('2020-01-01', day);
        const time = `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
        const shown = formatInTimeZone(zonedTimeToInstant(date, time, zone), zone, "yyyy-MM-dd'T'HH:mm");
        const shift = (Date.parse(`${shown}:00Z`) - Date.parse(`${date}T${time}:00Z`)) / 60_000;
        expect(shift === 0 || shift === 30 || shift === 60).toBe(true);
      }),
    );
  });
});
