/**
 * A practice's online booking settings (issue 24): one schema for the settings screen in the browser
 * and for the server's procedure, with a message under each field.
 *
 * Times of day are wall-clock "HH:mm" in the practice's own zone (`timeZone`); `slots.ts` turns them
 * into instants day by day, so a range keeps its wall-clock meaning across daylight-saving changes.
 * Prices are integer minor units of `currency`, the ISO 4217 code the practice prices its sessions
 * in (money/money.ts `priceCurrencies`: each has two decimals); settings saved before it existed
 * read as USD.
 */
import { z } from 'zod';
import { appointmentModeSchema } from '../appointments/appointment.schema.ts';
import { MAX_AMOUNT_MINOR, priceCurrencies } from '../money/money.ts';
import { calendarDateSchema } from '../schedule/schedule.schema.ts';
import { tooLongMessage } from '../shared/text-limits.ts';
import { lineText, multilineText } from '../shared/text.ts';

export const SESSION_TYPES_MAX = 20;
export const SESSION_NAME_MAX_LENGTH = 80;
export const SESSION_DESCRIPTION_MAX_LENGTH = 500;
export const SESSION_DURATION_MIN_MINUTES = 15;
export const SESSION_DURATION_MAX_MINUTES = 240;
export const BUFFER_MAX_MINUTES = 120;
export const MINIMUM_NOTICE_MAX_MINUTES = 30 * 24 * 60;
export const HORIZON_MAX_DAYS = 365;
export const CANCELLATION_WINDOW_MAX_HOURS = 168;
/** Bounds that keep one practice's settings a small document; no real practice comes near them. */
export const RANGES_PER_DAY_MAX = 12;
export const DATE_OVERRIDES_MAX = 500;

export const slotSteps = [15, 30, 60] as const;
export type SlotStepMinutes = (typeof slotSteps)[number];

export const bookingApprovals = ['confirm', 'auto'] as const;
export type BookingApproval = (typeof bookingApprovals)[number];
export const bookingApprovalLabels: Record<BookingApproval, string> = {
  confirm: 'Confirm each booking myself',
  auto: 'Auto-confirm',
};

export const bookingReminders = ['off', '2h', '24h', '48h'] as const;
export type BookingReminder = (typeof bookingReminders)[number];
export const bookingReminderLabels: Record<BookingReminder, string> = {
  off: 'Off',
  '2h': '2 hours before',
  '24h': '24 hours before',
  '48h': '48 hours before',
};
/** How long before the appointment its reminder is due (null: no reminder). */
export const bookingReminderLeadMinutes: Record<BookingReminder, number | null> = { off: null, '2h': 120, '24h': 1440, '48h': 2880 };

/** Sunday 0 … Saturday 6, as `dayOfWeek` in time/dates.ts counts. */
export const weekdayLabels = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const bookingSettingsMessages = {
  timeZone: 'Please choose a valid time zone.',
  time: 'Please enter a valid time.',
  endBeforeStart: 'End time must be after start time.',
  rangesOverlap: 'Time ranges must not overlap.',
  tooManyRanges: `A day can have at most ${RANGES_PER_DAY_MAX} time ranges.`,
  weeklyHours: 'Please set the hours of each day of the week.',
  overrides: 'Please check the date overrides.',
  overrideKind: 'Please mark the day closed or give its hours.',
  overrideRanges: 'Please add at least one time range, or mark the day closed.',
  overrideDuplicate: 'This date already has its own hours.',
  tooManyOverrides: `You can have at most ${DATE_OVERRIDES_MAX} date overrides.`,
  sessionTypeId: 'Session type id is not valid.',
  sessionTypeDuplicate: 'Each session type needs its own id.',
  sessionTypesMin: 'Please add at least one session type.',
  sessionTypesMax: `You can offer at most ${SESSION_TYPES_MAX} session types.`,
  sessionName: 'Please enter a session name.',
  sessionNameTooLong: tooLongMessage('Session name', SESSION_NAME_MAX_LENGTH),
  duration: `Duration must be a whole number of minutes from ${SESSION_DURATION_MIN_MINUTES} to ${SESSION_DURATION_MAX_MINUTES}.`,
  currency: 'Please choose a currency.',
  price: 'Please enter a valid price.',
  priceNegative: 'Price cannot be negative.',
  priceTooLarge: 'Price is too large.',
  mode: 'Please choose virtual or in-person.',
  newPatientsOnly: 'Please choose whether this session is for new patients only.',
  descriptionTooLong: tooLongMessage('Description', SESSION_DESCRIPTION_MAX_LENGTH),
  approval: 'Please choose how bookings are confirmed.',
  enabled: 'Please choose whether online booking is on.',
  buffer: `Buffer must be a whole number of minutes from 0 to ${BUFFER_MAX_MINUTES}.`,
  minimumNotice: 'Minimum notice must be a whole number of minutes from 0 to 30 days.',
  horizon: `Booking horizon must be a whole number of days from 1 to ${HORIZON_MAX_DAYS}.`,
  slotStep: 'Please choose a slot step of 15, 30 or 60 minutes.',
  cancellationWindow: `Cancellation window must be a whole number of hours from 0 to ${CANCELLATION_WINDOW_MAX_HOURS}.`,
  reminder: 'Please choose when to send reminders.',
} as const;

/** Whether `Intl` knows the zone (an IANA name such as "America/New_York", or "UTC"). */
export function isTimeZone(value: string): boolean {
  if (value === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = lineText()
  .trim()
  .refine((value) => value.length <= 64 && isTimeZone(value), bookingSettingsMessages.timeZone);

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const isTimeOfDay = (value: unknown): value is string => typeof value === 'string' && TIME_OF_DAY.test(value);

/** A wall-clock time "HH:mm", 00:00 to 23:59. */
export const timeOfDaySchema = z.string({ error: bookingSettingsMessages.time }).regex(TIME_OF_DAY, bookingSettingsMessages.time);

/** "09:30" → 570. */
export const minutesOfDay = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export const timeRangeSchema = z
  .object({ start: timeOfDaySchema, end: timeOfDaySchema })
  .superRefine((range, ctx) => {
    if (isTimeOfDay(range.start) && isTimeOfDay(range.end) && range.start >= range.end) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: bookingSettingsMessages.endBeforeStart });
    }
  });
export type TimeRange = z.output<typeof timeRangeSchema>;

/**
 * A day's ranges, in any order, none overlapping another (touching is fine: 09:00–12:00 and
 * 12:00–17:00). The later of two overlapping ranges gets the message, under its start.
 */
const dayRanges = (notAList: string) =>
  z
    .array(timeRangeSchema, { error: notAList })
    .max(RANGES_PER_DAY_MAX, bookingSettingsMessages.tooManyRanges)
    .superRefine((ranges, ctx) => {
      const valid = ranges
        .map((range, index) => ({ range, index }))
        .filter(({ range }) => isTimeOfDay(range.start) && isTimeOfDay(range.end) && range.start < range.end)
        .sort((a, b) => (a.range.start < b.range.start ? -1 : a.range.start > b.range.start ? 1 : a.index - b.index));
      let latestEnd = '';
      for (const { range, index } of valid) {
        if (range.start < latestEnd) ctx.addIssue({ code: 'custom', path: [index, 'start'], message: bookingSettingsMessages.rangesOverlap });
        if (range.end > latestEnd) latestEnd = range.end;
      }
    });
export const dayRangesSchema = dayRanges(bookingSettingsMessages.weeklyHours);

/** Ranges for Sunday (0) to Saturday (6). */
export const weeklyHoursSchema = z.tuple([dayRangesSchema, dayRangesSchema, dayRangesSchema, dayRangesSchema, dayRangesSchema, dayRangesSchema, dayRangesSchema], {
  error: bookingSettingsMessages.weeklyHours,
});
export type WeeklyHours = z.output<typeof weeklyHoursSchema>;

const closedDaySchema = z.object({ date: calendarDateSchema, closed: z.literal(true) });
const differentHoursSchema = z.object({
  date: calendarDateSchema,
  closed: z.literal(false).optional(),
  ranges: dayRanges(bookingSettingsMessages.overrideRanges).min(1, bookingSettingsMessages.overrideRanges),
});

/** One date with its own hours: `{ date, closed: true }`, or `{ date, ranges }` (`closed: false` may be sent too). */
export const dateOverrideSchema = z.discriminatedUnion('closed', [closedDaySchema, differentHoursSchema], { error: bookingSettingsMessages.overrideKind });
export type DateOverride = z.output<typeof dateOverrideSchema>;

export const dateOverridesSchema = z
  .array(dateOverrideSchema, { error: bookingSettingsMessages.overrides })
  .max(DATE_OVERRIDES_MAX, bookingSettingsMessages.tooManyOverrides)
  .superRefine((overrides, ctx) => {
    const seen = new Set<string>();
    overrides.forEach((override, index) => {
      if (seen.has(override.date)) ctx.addIssue({ code: 'custom', path: [index, 'date'], message: bookingSettingsMessages.overrideDuplicate });
      seen.add(override.date);
    });
  });

/** A whole number within bounds, one message for every way of missing it. */
const wholeNumber = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max, message);

export const sessionTypeSchema = z.object({
  /** Chosen by whoever creates the type (the settings screen); letters, digits, "-" and "_". */
  id: z.string({ error: bookingSettingsMessages.sessionTypeId }).regex(/^[A-Za-z0-9_-]{1,64}$/, bookingSettingsMessages.sessionTypeId),
  name: lineText().trim().min(1, bookingSettingsMessages.sessionName).max(SESSION_NAME_MAX_LENGTH, bookingSettingsMessages.sessionNameTooLong),
  durationMinutes: wholeNumber(SESSION_DURATION_MIN_MINUTES, SESSION_DURATION_MAX_MINUTES, bookingSettingsMessages.duration),
  priceMinor: z
    .number({ error: bookingSettingsMessages.price })
    .int(bookingSettingsMessages.price)
    .min(0, bookingSettingsMessages.priceNegative)
    .max(MAX_AMOUNT_MINOR, bookingSettingsMessages.priceTooLarge),
  mode: z.enum(appointmentModeSchema.options, { error: bookingSettingsMessages.mode }),
  newPatientsOnly: z.boolean({ error: bookingSettingsMessages.newPatientsOnly }).default(false),
  description: multilineText().trim().max(SESSION_DESCRIPTION_MAX_LENGTH, bookingSettingsMessages.descriptionTooLong).default(''),
  approval: z.enum(bookingApprovals, { error: bookingSettingsMessages.approval }).default('confirm'),
});
export type SessionType = z.output<typeof sessionTypeSchema>;

export const sessionTypesSchema = z
  .array(sessionTypeSchema, { error: bookingSettingsMessages.sessionTypesMin })
  .min(1, bookingSettingsMessages.sessionTypesMin)
  .max(SESSION_TYPES_MAX, bookingSettingsMessages.sessionTypesMax)
  .superRefine((types, ctx) => {
    const seen = new Set<string>();
    types.forEach((type, index) => {
      if (seen.has(type.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: bookingSettingsMessages.sessionTypeDuplicate });
      seen.add(type.id);
    });
  });

export const bookingSettingsSchema = z.object({
  enabled: z.boolean({ error: bookingSettingsMessages.enabled }),
  timeZone: timeZoneSchema,
  currency: z.enum(priceCurrencies, { error: bookingSettingsMessages.currency }).default('USD'),
  sessionTypes: sessionTypesSchema,
  weeklyHours: weeklyHoursSchema,
  dateOverrides: dateOverridesSchema.default([]),
  bufferBeforeMinutes: wholeNumber(0, BUFFER_MAX_MINUTES, bookingSettingsMessages.buffer),
  bufferAfterMinutes: wholeNumber(0, BUFFER_MAX_MINUTES, bookingSettingsMessages.buffer),
  minimumNoticeMinutes: wholeNumber(0, MINIMUM_NOTICE_MAX_MINUTES, bookingSettingsMessages.minimumNotice),
  horizonDays: wholeNumber(1, HORIZON_MAX_DAYS, bookingSettingsMessages.horizon),
  slotStepMinutes: z.literal(slotSteps, { error: bookingSettingsMessages.slotStep }),
  cancellationWindowHours: wholeNumber(0, CANCELLATION_WINDOW_MAX_HOURS, bookingSettingsMessages.cancellationWindow),
  reminder: z.enum(bookingReminders, { error: bookingSettingsMessages.reminder }),
});
export type BookingSettingsInput = z.input<typeof bookingSettingsSchema>;
export type BookingSettings = z.output<typeof bookingSettingsSchema>;

const weekdayHours = (): TimeRange[] => [{ start: '09:00', end: '17:00' }];

/**
 * A new practice's settings: booking off, Monday to Friday 09:00–17:00, a 30-minute step, 12 hours'
 * notice, 60 days ahead, one 60-minute session that the practitioner confirms, prices in USD.
 */
export function defaultBookingSettings(timeZone: string): BookingSettings {
  return {
    enabled: false,
    timeZone,
    currency: 'USD',
    sessionTypes: [
      { id: 'consultation', name: 'Consultation', durationMinutes: 60, priceMinor: 0, mode: 'in-person', newPatientsOnly: false, description: '', approval: 'confirm' },
    ],
    weeklyHours: [[], weekdayHours(), weekdayHours(), weekdayHours(), weekdayHours(), weekdayHours(), []],
    dateOverrides: [],
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeMinutes: 12 * 60,
    horizonDays: 60,
    slotStepMinutes: 30,
    cancellationWindowHours: 24,
    reminder: '24h',
  };
}

/**
 * The messages of a failed parse by full field path, the first message of each field, in the
 * schema's field order (so the first entry is the field to focus): "sessionTypes.0.name",
 * "weeklyHours.1.0.end", "dateOverrides.2.date". zod's `flattenError` keeps only the first path
 * segment, which puts every session type's messages under "sessionTypes".
 */
export function fieldMessagesByPath(error: { readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[] }): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in messages)) messages[key] = issue.message;
  }
  return messages;
}
