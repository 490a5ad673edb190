/** The zones the browser knows (IANA names), as the time zone field offers them. */
export interface TimeZoneItem {
  readonly id: string;
  readonly label: string;
}

function offsetOf(timeZone: string, now: Date): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(now);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/**
 * Every zone `Intl` lists, "America/New York (GMT-4)": spaces for underscores, so typing "new york"
 * finds it, and today's offset from UTC. The practice's own zone is always there, even where this
 * browser lists it under another name (an alias such as "Asia/Calcutta"), and so is "UTC".
 */
export function timeZoneItems(current: string, now: Date = new Date()): TimeZoneItem[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  if (current !== '') zones.add(current);
  return [...zones].sort().map((zone) => {
    const offset = offsetOf(zone, now);
    const name = zone.replaceAll('_', ' ');
    return { id: zone, label: offset ? `${name} (${offset})` : name };
  });
}
