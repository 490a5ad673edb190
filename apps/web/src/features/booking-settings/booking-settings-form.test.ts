import { bookingSettingsMessages, defaultBookingSettings, moneyMessages, type BookingSettings } from '@wellspring/domain';
import { describe, expect, it } from 'vitest';
import { draftOf, messagesAfterRemoval, nextRange, placeMessages, settingsOf, type BookingSettingsDraft } from './booking-settings-form.ts';

const saved: BookingSettings = {
  ...defaultBookingSettings('Europe/London'),
  enabled: true,
  sessionTypes: [
    { id: 'intro', name: 'Initial consultation', durationMinutes: 90, priceMinor: 12050, mode: 'in-person', newPatientsOnly: true, description: 'A first visit.', approval: 'confirm' },
    { id: 'follow', name: 'Follow-up', durationMinutes: 30, priceMinor: 6000, mode: 'virtual', newPatientsOnly: false, description: '', approval: 'auto' },
  ],
  dateOverrides: [
    { date: '2025-12-25', closed: true },
    { date: '2025-12-24', ranges: [{ start: '09:00', end: '12:00' }] },
  ],
  minimumNoticeMinutes: 90,
};

const withType = (draft: BookingSettingsDraft, index: number, patch: Partial<BookingSettingsDraft['sessionTypes'][number]>): BookingSettingsDraft => ({
  ...draft,
  sessionTypes: draft.sessionTypes.map((type, at) => (at === index ? { ...type, ...patch } : type)),
});

describe('the booking settings form', () => {
  it('gives back the settings it was opened with, prices as money and notice in hours on screen', () => {
    const draft = draftOf(saved);
    expect(draft.sessionTypes.map((type) => type.price)).toEqual(['120.50', '60.00']);
    expect(draft.minimumNoticeHours).toBe(1.5);
    expect(settingsOf(draft)).toEqual({ ok: true, settings: { ...saved, dateOverrides: [saved.dateOverrides[0], { ...saved.dateOverrides[1], closed: false }] } });
    expect(settingsOf(draftOf(defaultBookingSettings('UTC')))).toEqual({ ok: true, settings: defaultBookingSettings('UTC') });
  });

  it('answers the schema’s messages by full path, and the money parser’s for a price that is not money', () => {
    const draft = withType(withType(draftOf(saved), 0, { durationMinutes: 5 }), 1, { price: '12.345' });
    const result = settingsOf({ ...draft, weeklyHours: draft.weeklyHours.map((ranges, day) => (day === 1 ? [{ key: 'x', start: '10:00', end: '09:00' }] : ranges)) });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual({
      'sessionTypes.0.durationMinutes': bookingSettingsMessages.duration,
      'sessionTypes.1.priceMinor': moneyMessages.tooManyDecimals,
      'weeklyHours.1.0.end': bookingSettingsMessages.endBeforeStart,
    });
  });

  it('shows a message whose field the screen has not (a session type’s id) at the nearest place it has, in screen order', () => {
    const draft = draftOf(saved);
    expect(Object.entries(placeMessages(draft, { reminder: 'r', 'sessionTypes.1.id': 'id', timeZone: 'tz' }))).toEqual([
      ['timeZone', 'tz'],
      ['sessionTypes.1', 'id'],
      ['reminder', 'r'],
    ]);
  });

  it('moves the later entries’ messages up with them when an entry is removed', () => {
    const messages = { 'sessionTypes.0.name': 'a', 'sessionTypes.1.name': 'b', 'sessionTypes.2.durationMinutes': 'c', sessionTypes: 'list', horizonDays: 'h' };
    expect(messagesAfterRemoval(messages, 'sessionTypes', 1)).toEqual({ 'sessionTypes.0.name': 'a', 'sessionTypes.1.durationMinutes': 'c', horizonDays: 'h' });
  });

  it('starts a new range at nine on an empty day, else in the hour after the day’s last range', () => {
    expect(nextRange([])).toMatchObject({ start: '09:00', end: '17:00' });
    expect(nextRange([{ key: 'a', start: '13:00', end: '17:00' }, { key: 'b', start: '08:00', end: '12:00' }])).toMatchObject({ start: '17:00', end: '18:00' });
    expect(nextRange([{ key: 'a', start: '20:00', end: '23:30' }])).toMatchObject({ start: '23:30', end: '23:59' });
  });
});
