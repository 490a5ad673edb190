import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import { defaultBookingSettings } from './booking-settings.schema.ts';
import { bookingSettingsEventSchema, decideBookingSettings, evolveBookingSettings, initialBookingSettings } from './booking-settings.machine.ts';

const settingsArbitrary = fc
  .record({ enabled: fc.boolean(), horizonDays: fc.integer({ min: 1, max: 365 }), zone: fc.constantFrom('America/New_York', 'Europe/London', 'Asia/Kolkata') })
  .map(({ enabled, horizonDays, zone }) => ({ ...defaultBookingSettings(zone), enabled, horizonDays }));

describe('the booking settings machine', () => {
  it('obeys the machine laws', () => {
    checkMachineLaws({
      initial: initialBookingSettings,
      decide: decideBookingSettings,
      evolve: evolveBookingSettings,
      step: settingsArbitrary.map((settings) => ({ command: { kind: 'SaveBookingSettings' as const, settings }, context: undefined })),
      isValid: (state) => state.settings !== null,
      eventSchema: bookingSettingsEventSchema,
    });
  });

  it('saves new settings, and changes nothing when the same ones (in any key order) are saved again', () => {
    const settings = { ...defaultBookingSettings('America/Chicago'), enabled: true };
    const first = decideBookingSettings(initialBookingSettings, { kind: 'SaveBookingSettings', settings });
    expect(first).toEqual({ ok: true, events: [{ type: 'BookingSettingsSaved', settings }] });
    const saved = evolveBookingSettings(initialBookingSettings, { type: 'BookingSettingsSaved', settings });
    const reordered = Object.fromEntries(Object.entries(settings).reverse()) as typeof settings;
    expect(decideBookingSettings(saved, { kind: 'SaveBookingSettings', settings: reordered })).toEqual({ ok: true, events: [] });
    const changed = decideBookingSettings(saved, { kind: 'SaveBookingSettings', settings: { ...settings, enabled: false } });
    expect(changed).toMatchObject({ ok: true, events: [{ type: 'BookingSettingsSaved', settings: { enabled: false } }] });
  });
});
