/** The practice's settings (issue 25) as stored, read by the bound repositories and by the settings' machine. */
import { practiceSettingsSchema, type PracticeSettings } from '@wellspring/domain';
import type { PracticeSql } from './practice-transaction.ts';

/** The practice's settings as stored; a value saved before the schema knew it reads as its default. */
export function readPracticeSettings(row: { readonly name: string; readonly time_zone: string; readonly currency: string }): PracticeSettings {
  const parsed = practiceSettingsSchema.safeParse({ name: row.name, timeZone: row.time_zone, currency: row.currency });
  return parsed.success ? parsed.data : { name: row.name.slice(0, 120), timeZone: row.time_zone, currency: 'USD' };
}

/** The practice's settings, read in the caller's practice transaction. */
export async function practiceSettingsOf(sql: PracticeSql, practiceId: string): Promise<PracticeSettings> {
  const { rows } = await sql.query<{ name: string; time_zone: string; currency: string }>('SELECT name, time_zone, currency FROM practice WHERE id = $1', [practiceId]);
  const row = rows[0];
  if (!row) throw new Error('the practice of the scope is missing');
  return readPracticeSettings(row);
}
