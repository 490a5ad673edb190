import { describe, expect, it } from 'vitest';
import { messagesOf, repeat } from '../shared/schema.testkit.ts';
import {
  bookingSettingsSchema,
  dateOverridesSchema,
  dayRangesSchema,
  defaultBookingSettings,
  fieldMessagesByPath,
  isTimeZone,
  minutesOfDay,
  sessionTypeSchema,
  type BookingSettings,
} from './booking-settings.schema.ts';

const valid: BookingSettings = defaultBookingSettings('America/New_York');
const session = valid.sessionTypes[0]!;

describe('booking settings', () => {
  it('accepts its own defaults: off, weekdays 09:00–17:00, step 30, 12 h notice, 60 days, one 60-minute session', () => {
    expect(bookingSettingsSchema.parse(valid)).toEqual(valid);
    expect(valid).toMatchObject({ enabled: false, slotStepMinutes: 30, minimumNoticeMinutes: 720, horizonDays: 60 });
    expect(valid.weeklyHours.map((ranges) => ranges.length)).toEqual([0, 1, 1, 1, 1, 1, 0]);
    expect(valid.weeklyHours[1]).toEqual([{ start: '09:00', end: '17:00' }]);
    expect(valid.sessionTypes).toHaveLength(1);
    expect(session.durationMinutes).toBe(60);
  });

  it('fills the optional parts of a session type and trims its texts', () => {
    const parsed = sessionTypeSchema.parse({ id: 'intro', name: '  Intro call ', durationMinutes: 15, priceMinor: 0, mode: 'virtual', description: ' Short. ' });
    expect(parsed).toEqual({ id: 'intro', name: 'Intro call', durationMinutes: 15, priceMinor: 0, mode: 'virtual', newPatientsOnly: false, description: 'Short.', approval: 'confirm' });
  });

  it('gives every top-level field its message at once', () => {
    expect(
      messagesOf(bookingSettingsSchema, {
        enabled: 'yes',
        timeZone: 'Mars/Olympus_Mons',
        currency: 'usd',
        sessionTypes: [],
        weeklyHours: [[], [], []],
        dateOverrides: 'none',
        bufferBeforeMinutes: -1,
        bufferAfterMinutes: 121,
        minimumNoticeMinutes: 30 * 24 * 60 + 1,
        horizonDays: 0,
        slotStepMinutes: 20,
        cancellationWindowHours: 169,
        reminder: '1h',
      }),
    ).toEqual({
      enabled: ['Please choose whether online booking is on.'],
      timeZone: ['Please choose a valid time zone.'],
      currency: ['Please choose a currency.'],
      sessionTypes: ['Please add at least one session type.'],
      weeklyHours: ['Please set the hours of each day of the week.'],
      dateOverrides: ['Please check the date overrides.'],
      bufferBeforeMinutes: ['Buffer must be a whole number of minutes from 0 to 120.'],
      bufferAfterMinutes: ['Buffer must be a whole number of minutes from 0 to 120.'],
      minimumNoticeMinutes: ['Minimum notice must be a whole number of minutes from 0 to 30 days.'],
      horizonDays: ['Booking horizon must be a whole number of days from 1 to 365.'],
      slotStepMinutes: ['Please choose a slot step of 15, 30 or 60 minutes.'],
      cancellationWindowHours: ['Cancellation window must be a whole number of hours from 0 to 168.'],
      reminder: ['Please choose when to send reminders.'],
    });
  });

  it('takes the bounds themselves', () => {
    const edges = { ...valid, bufferBeforeMinutes: 120, bufferAfterMinutes: 0, minimumNoticeMinutes: 43_200, horizonDays: 365, cancellationWindowHours: 168, slotStepMinutes: 15 as const };
    expect(bookingSettingsSchema.safeParse(edges).success).toBe(true);
    expect(bookingSettingsSchema.safeParse({ ...edges, horizonDays: 1, minimumNoticeMinutes: 0, slotStepMinutes: 60 }).success).toBe(true);
    expect(messagesOf(bookingSettingsSchema, { ...valid, horizonDays: 1.5 })).toEqual({ horizonDays: ['Booking horizon must be a whole number of days from 1 to 365.'] });
    expect(messagesOf(bookingSettingsSchema, { ...valid, bufferBeforeMinutes: '10' })).toEqual({ bufferBeforeMinutes: ['Buffer must be a whole number of minutes from 0 to 120.'] });
    expect(messagesOf(bookingSettingsSchema, { ...valid, slotStepMinutes: '30' })).toEqual({ slotStepMinutes: ['Please choose a slot step of 15, 30 or 60 minutes.'] });
  });

  it('prices in one of the listed ISO currency codes, USD where settings saved before it name none', () => {
    expect(valid.currency).toBe('USD');
    for (const currency of ['USD', 'CAD', 'GBP', 'EUR', 'AUD', 'NZD', 'INR']) expect(bookingSettingsSchema.parse({ ...valid, currency }).currency).toBe(currency);
    const { currency: _currency, ...savedBefore } = valid;
    expect(bookingSettingsSchema.parse(savedBefore).currency).toBe('USD');
    for (const currency of ['usd', 'JPY', 'US', '', 5, null]) expect(messagesOf(bookingSettingsSchema, { ...valid, currency })).toEqual({ currency: ['Please choose a currency.'] });
  });

  it('accepts any zone Intl knows, and nothing else', () => {
    for (const zone of ['UTC', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Argentina/Buenos_Aires']) expect(isTimeZone(zone)).toBe(true);
    for (const zone of ['', 'Nowhere', 'America/Springfield', 'EST5EDT/x']) expect(isTimeZone(zone)).toBe(false);
    expect(bookingSettingsSchema.parse({ ...valid, timeZone: ' Asia/Kolkata ' }).timeZone).toBe('Asia/Kolkata');
    expect(messagesOf(bookingSettingsSchema, { ...valid, timeZone: repeat(65) })).toEqual({ timeZone: ['Please choose a valid time zone.'] });
    expect(messagesOf(bookingSettingsSchema, { ...valid, timeZone: 'UTC\u0000' })).toEqual({ timeZone: ['Please remove invisible or invalid characters (such as a null byte) from this field.'] });
  });
});

describe('session types', () => {
  const withType = (changes: Record<string, unknown>) => ({ ...valid, sessionTypes: [{ ...session, ...changes }] });

  it('puts each message under its own field of its own session type', () => {
    expect(
      messagesOf(bookingSettingsSchema, withType({ id: 'a b', name: '  ', durationMinutes: 14, priceMinor: 1.5, mode: 'phone', newPatientsOnly: 'no', description: repeat(501), approval: 'maybe' })),
    ).toEqual({
      'sessionTypes.0.id': ['Session type id is not valid.'],
      'sessionTypes.0.name': ['Please enter a session name.'],
      'sessionTypes.0.durationMinutes': ['Duration must be a whole number of minutes from 15 to 240.'],
      'sessionTypes.0.priceMinor': ['Please enter a valid price.'],
      'sessionTypes.0.mode': ['Please choose virtual or in-person.'],
      'sessionTypes.0.newPatientsOnly': ['Please choose whether this session is for new patients only.'],
      'sessionTypes.0.description': ['Description must be at most 500 characters.'],
      'sessionTypes.0.approval': ['Please choose how bookings are confirmed.'],
    });
  });

  it('bounds the name, the duration and the price', () => {
    expect(messagesOf(bookingSettingsSchema, withType({ name: repeat(81) }))).toEqual({ 'sessionTypes.0.name': ['Session name must be at most 80 characters.'] });
    expect(bookingSettingsSchema.safeParse(withType({ name: repeat(80), durationMinutes: 240, description: repeat(500) })).success).toBe(true);
    expect(messagesOf(bookingSettingsSchema, withType({ durationMinutes: 241 }))).toEqual({ 'sessionTypes.0.durationMinutes': ['Duration must be a whole number of minutes from 15 to 240.'] });
    expect(messagesOf(bookingSettingsSchema, withType({ durationMinutes: 30.5 }))).toEqual({ 'sessionTypes.0.durationMinutes': ['Duration must be a whole number of minutes from 15 to 240.'] });
    expect(messagesOf(bookingSettingsSchema, withType({ priceMinor: -1 }))).toEqual({ 'sessionTypes.0.priceMinor': ['Price cannot be negative.'] });
    expect(messagesOf(bookingSettingsSchema, withType({ priceMinor: 10_000_000_000 * 100 + 1 }))).toEqual({ 'sessionTypes.0.priceMinor': ['Price is too large.'] });
    expect(messagesOf(bookingSettingsSchema, withType({ priceMinor: '150.00' }))).toEqual({ 'sessionTypes.0.priceMinor': ['Please enter a valid price.'] });
    expect(bookingSettingsSchema.safeParse(withType({ priceMinor: 15_000 })).success).toBe(true);
  });

  it('needs one to twenty session types, each with its own id', () => {
    expect(messagesOf(bookingSettingsSchema, { ...valid, sessionTypes: undefined })).toEqual({ sessionTypes: ['Please add at least one session type.'] });
    const many = Array.from({ length: 21 }, (_, index) => ({ ...session, id: `type-${index}` }));
    expect(bookingSettingsSchema.safeParse({ ...valid, sessionTypes: many.slice(0, 20) }).success).toBe(true);
    expect(messagesOf(bookingSettingsSchema, { ...valid, sessionTypes: many })).toEqual({ sessionTypes: ['You can offer at most 20 session types.'] });
    expect(messagesOf(bookingSettingsSchema, { ...valid, sessionTypes: [session, { ...session, name: 'Follow-up' }] })).toEqual({ 'sessionTypes.1.id': ['Each session type needs its own id.'] });
  });
});

describe('weekly hours', () => {
  const withMonday = (ranges: unknown) => ({ ...valid, weeklyHours: [[], ranges, [], [], [], [], []] });

  it('takes several ranges a day, in any order, touching but not overlapping', () => {
    const monday = [{ start: '13:00', end: '17:00' }, { start: '08:00', end: '12:00' }, { start: '12:00', end: '13:00' }];
    expect(bookingSettingsSchema.parse(withMonday(monday)).weeklyHours[1]).toEqual(monday);
    expect(messagesOf(bookingSettingsSchema, withMonday([{ start: '08:00', end: '12:00' }, { start: '11:30', end: '13:00' }]))).toEqual({ 'weeklyHours.1.1.start': ['Time ranges must not overlap.'] });
    // The overlap is found whatever the order: the later start gets the message.
    expect(messagesOf(dayRangesSchema, [{ start: '10:00', end: '11:00' }, { start: '08:00', end: '17:00' }])).toEqual({ '0.start': ['Time ranges must not overlap.'] });
    expect(messagesOf(dayRangesSchema, [{ start: '09:00', end: '10:00' }, { start: '09:00', end: '10:00' }])).toEqual({ '1.start': ['Time ranges must not overlap.'] });
  });

  it('needs real times with the end after the start', () => {
    expect(messagesOf(bookingSettingsSchema, withMonday([{ start: '9:00', end: '24:00' }]))).toEqual({
      'weeklyHours.1.0.start': ['Please enter a valid time.'],
      'weeklyHours.1.0.end': ['Please enter a valid time.'],
    });
    expect(messagesOf(bookingSettingsSchema, withMonday([{ start: '17:00', end: '09:00' }]))).toEqual({ 'weeklyHours.1.0.end': ['End time must be after start time.'] });
    expect(messagesOf(bookingSettingsSchema, withMonday([{ start: '09:00', end: '09:00' }]))).toEqual({ 'weeklyHours.1.0.end': ['End time must be after start time.'] });
    expect(messagesOf(bookingSettingsSchema, withMonday([{ start: '09:00' }]))).toEqual({ 'weeklyHours.1.0.end': ['Please enter a valid time.'] });
    expect(bookingSettingsSchema.safeParse(withMonday([{ start: '00:00', end: '23:59' }])).success).toBe(true);
  });

  it('needs seven days and at most 12 ranges a day', () => {
    expect(messagesOf(bookingSettingsSchema, { ...valid, weeklyHours: [[], [], [], [], [], [], [], []] })).toEqual({ weeklyHours: ['Please set the hours of each day of the week.'] });
    expect(messagesOf(bookingSettingsSchema, withMonday('9-5'))).toEqual({ 'weeklyHours.1': ['Please set the hours of each day of the week.'] });
    const hourly = (count: number) => Array.from({ length: count }, (_, hour) => ({ start: `${String(hour).padStart(2, '0')}:00`, end: `${String(hour).padStart(2, '0')}:30` }));
    expect(bookingSettingsSchema.safeParse(withMonday(hourly(12))).success).toBe(true);
    expect(messagesOf(bookingSettingsSchema, withMonday(hourly(13)))).toEqual({ 'weeklyHours.1': ['A day can have at most 12 time ranges.'] });
  });

  it('reads a time as minutes of the day', () => {
    expect(minutesOfDay('00:00')).toBe(0);
    expect(minutesOfDay('09:30')).toBe(570);
    expect(minutesOfDay('23:59')).toBe(1439);
  });
});

describe('date overrides', () => {
  it('takes closed days and days with their own hours', () => {
    const overrides = [{ date: '2026-12-25', closed: true }, { date: '2026-12-24', ranges: [{ start: '09:00', end: '12:00' }] }, { date: '2026-12-31', closed: false, ranges: [{ start: '10:00', end: '11:00' }] }];
    expect(dateOverridesSchema.parse(overrides)).toEqual(overrides);
    expect(bookingSettingsSchema.parse({ ...valid, dateOverrides: overrides }).dateOverrides).toEqual(overrides);
    expect(bookingSettingsSchema.parse({ ...valid, dateOverrides: undefined }).dateOverrides).toEqual([]);
  });

  it('puts each message under the override and field it concerns', () => {
    expect(
      messagesOf(dateOverridesSchema, [
        { date: '2026-02-30', closed: true },
        { date: '2026-12-24', ranges: [] },
        { date: '2026-12-24' },
        { date: '2026-12-26', ranges: [{ start: '12:00', end: '11:00' }] },
        { date: '2026-12-27', closed: 'yes' },
        { date: '2300-01-01', closed: true },
      ]),
    ).toEqual({
      '0.date': ['Please enter a valid date.'],
      '1.ranges': ['Please add at least one time range, or mark the day closed.'],
      '2.ranges': ['Please add at least one time range, or mark the day closed.'],
      '3.ranges.0.end': ['End time must be after start time.'],
      '4.closed': ['Please mark the day closed or give its hours.'],
      '5.date': ['Please enter a date between 1900 and 2199.'],
    });
  });

  it('gives each date at most one override (once the overrides are otherwise valid)', () => {
    const twice = [{ date: '2026-12-28', closed: true }, { date: '2026-12-29', closed: true }, { date: '2026-12-28', ranges: [{ start: '09:00', end: '10:00' }] }];
    expect(messagesOf(dateOverridesSchema, twice)).toEqual({ '2.date': ['This date already has its own hours.'] });
  });

  it('keeps at most 500 overrides', () => {
    const days = (count: number) => Array.from({ length: count }, (_, index) => ({ date: new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10), closed: true as const }));
    expect(dateOverridesSchema.safeParse(days(500)).success).toBe(true);
    expect(messagesOf(dateOverridesSchema, days(501))).toEqual({ '': ['You can have at most 500 date overrides.'] });
  });
});

describe('field messages by path', () => {
  it('keeps the first message of each field, in the order of the form', () => {
    const result = bookingSettingsSchema.safeParse({ ...valid, timeZone: 'Nowhere', sessionTypes: [{ ...session, name: '', durationMinutes: 0 }], horizonDays: 0 });
    expect(result.success).toBe(false);
    if (result.success) return;
    const messages = fieldMessagesByPath(result.error);
    expect(Object.keys(messages)).toEqual(['timeZone', 'sessionTypes.0.name', 'sessionTypes.0.durationMinutes', 'horizonDays']);
    expect(messages['sessionTypes.0.name']).toBe('Please enter a session name.');
    expect(fieldMessagesByPath({ issues: [{ path: [], message: 'One.' }, { path: [], message: 'Two.' }] })).toEqual({ '': 'One.' });
  });
});
