import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCurrencies } from '../money/money.ts';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import { decidePracticeSettings, evolvePracticeSettings, practiceSettingsEventSchema, type PracticeSettingsState } from './practice-settings.machine.ts';
import { practiceSettingsMessages, practiceSettingsSchema } from './practice-settings.schema.ts';

const initial: PracticeSettingsState = { settings: { name: '', timeZone: 'America/Los_Angeles', currency: 'USD' } };
const settingsArbitrary = fc.record({
  name: fc.constantFrom('', 'Riverside Wellness', 'Cedar Clinic'),
  timeZone: fc.constantFrom('America/Los_Angeles', 'Europe/London', 'Asia/Kolkata'),
  currency: fc.constantFrom(...priceCurrencies),
});

describe('the practice settings machine', () => {
  it('obeys the machine laws', () => {
    checkMachineLaws({
      initial,
      decide: decidePracticeSettings,
      evolve: evolvePracticeSettings,
      step: settingsArbitrary.map((settings) => ({ command: { kind: 'SavePracticeSettings' as const, settings }, context: undefined })),
      isValid: (state) => practiceSettingsSchema.safeParse(state.settings).success,
      eventSchema: practiceSettingsEventSchema,
    });
  });

  it('saves a change as one event, and saving the same settings again changes nothing', () => {
    const settings = { name: 'Riverside Wellness', timeZone: 'Europe/London', currency: 'GBP' as const };
    expect(decidePracticeSettings(initial, { kind: 'SavePracticeSettings', settings })).toEqual({ ok: true, events: [{ type: 'PracticeSettingsSaved', settings }] });
    const saved = evolvePracticeSettings(initial, { type: 'PracticeSettingsSaved', settings });
    expect(decidePracticeSettings(saved, { kind: 'SavePracticeSettings', settings: { ...settings } })).toEqual({ ok: true, events: [] });
  });
});

describe('the practice settings form', () => {
  it('takes an empty name (the practitioner’s stands for it), trims it, and refuses one too long, an unknown zone or currency', () => {
    expect(practiceSettingsSchema.parse({ name: '  Cedar Clinic ', timeZone: 'Asia/Kolkata', currency: 'INR' })).toEqual({ name: 'Cedar Clinic', timeZone: 'Asia/Kolkata', currency: 'INR' });
    expect(practiceSettingsSchema.parse({ name: '', timeZone: 'UTC', currency: 'USD' }).name).toBe('');
    const wrong = practiceSettingsSchema.safeParse({ name: 'x'.repeat(121), timeZone: 'Mars/Olympus', currency: 'XYZ' });
    expect(wrong.success).toBe(false);
    const messages = Object.fromEntries((wrong.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({ name: practiceSettingsMessages.nameTooLong, timeZone: practiceSettingsMessages.timeZone, currency: practiceSettingsMessages.currency });
  });
});
