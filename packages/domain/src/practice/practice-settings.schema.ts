/**
 * The Practice part of Settings (issue 25): the practice's own name (invoices and superbills will
 * carry it; empty means the practitioner's name stands for it), its time zone ("today", "this week",
 * ages, the schedule and the bookable hours are in it) and its currency (session prices, and what
 * new invoices and payments default to). One practice, one zone, one currency: online booking's
 * settings show the same two and saving either place keeps them equal.
 */
import { z } from 'zod';
import { bookingSettingsMessages, timeZoneSchema } from '../booking/booking-settings.schema.ts';
import { priceCurrencies } from '../money/money.ts';
import { tooLongMessage } from '../shared/text-limits.ts';
import { lineText } from '../shared/text.ts';

export const PRACTICE_NAME_MAX = 120;

export const practiceSettingsMessages = {
  nameTooLong: tooLongMessage('Practice name', PRACTICE_NAME_MAX),
  timeZone: bookingSettingsMessages.timeZone,
  currency: bookingSettingsMessages.currency,
  saved: 'Practice settings saved.',
} as const;

export const practiceSettingsLabels = { name: 'Practice name', timeZone: 'Time zone', currency: 'Currency' } as const;

export const practiceSettingsSchema = z.object({
  name: lineText().trim().max(PRACTICE_NAME_MAX, practiceSettingsMessages.nameTooLong),
  timeZone: timeZoneSchema,
  currency: z.enum(priceCurrencies, { error: practiceSettingsMessages.currency }),
});
export type PracticeSettings = z.output<typeof practiceSettingsSchema>;
