/**
 * The Practice part of Settings as a decide/evolve machine (issue 25). The aggregate is the practice.
 * Saving what is already saved changes nothing (accepted with no events).
 *
 * | state | command                | events                 | next         |
 * |-------|------------------------|------------------------|--------------|
 * | any   | Save, same as saved    | —                      | unchanged    |
 * | any   | Save, different        | PracticeSettingsSaved  | the new ones |
 */
import { z } from 'zod';
import { accept, type Decision } from '../shared/decision.ts';
import { practiceSettingsSchema, type PracticeSettings } from './practice-settings.schema.ts';

export interface PracticeSettingsState {
  readonly settings: PracticeSettings;
}

export interface SavePracticeSettingsCommand {
  readonly kind: 'SavePracticeSettings';
  readonly settings: PracticeSettings;
}

export const practiceSettingsEventSchema = z.discriminatedUnion('type', [z.object({ type: z.literal('PracticeSettingsSaved'), settings: practiceSettingsSchema })]);
export type PracticeSettingsEvent = Readonly<z.output<typeof practiceSettingsEventSchema>>;

const same = (a: PracticeSettings, b: PracticeSettings): boolean => a.name === b.name && a.timeZone === b.timeZone && a.currency === b.currency;

export function decidePracticeSettings(state: PracticeSettingsState, command: SavePracticeSettingsCommand): Decision<PracticeSettingsEvent> {
  if (same(state.settings, command.settings)) return accept();
  return accept({ type: 'PracticeSettingsSaved', settings: { ...command.settings } });
}

export const evolvePracticeSettings = (_state: PracticeSettingsState, event: PracticeSettingsEvent): PracticeSettingsState => ({ settings: event.settings });
