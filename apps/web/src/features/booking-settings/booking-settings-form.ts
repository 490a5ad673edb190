import {
  bookingSettingsSchema,
  fieldMessagesByPath,
  minorToDecimalString,
  minutesOfDay,
  parseAmountToMinor,
  RANGES_PER_DAY_MAX,
  weekdayLabels,
  type AppointmentMode,
  type BookingApproval,
  type BookingReminder,
  type BookingSettings,
  type PriceCurrency,
  type SlotStepMinutes,
} from '@wellspring/domain';

/**
 * The online booking settings as the screen holds them while they are edited: what is typed, which
 * can be wrong (an empty duration, a price "12.345", an end before its start). `settingsOf` turns it
 * into the domain's settings through the domain's one schema; the screen never checks a rule itself.
 *
 * Prices are typed as money ("85.50") and sent in minor units (8550); minimum notice is typed in
 * hours and stored in minutes. Each list entry carries a `key` of its own, so React keeps a row's
 * inputs (and focus) when an earlier row is removed.
 */
export interface RangeDraft {
  readonly key: string;
  readonly start: string;
  readonly end: string;
}

export interface SessionTypeDraft {
  readonly key: string;
  readonly id: string;
  readonly name: string;
  readonly durationMinutes: number | null;
  /** As typed: "85.50". */
  readonly price: string;
  readonly mode: AppointmentMode;
  readonly newPatientsOnly: boolean;
  readonly description: string;
  readonly approval: BookingApproval;
}

export interface DateOverrideDraft {
  readonly key: string;
  /** `yyyy-MM-dd`, or null until a day is picked. */
  readonly date: string | null;
  readonly closed: boolean;
  readonly ranges: readonly RangeDraft[];
}

export interface BookingSettingsDraft {
  readonly enabled: boolean;
  readonly timeZone: string;
  readonly currency: PriceCurrency;
  readonly sessionTypes: readonly SessionTypeDraft[];
  /** Sunday (0) to Saturday (6). */
  readonly weeklyHours: readonly (readonly RangeDraft[])[];
  readonly dateOverrides: readonly DateOverrideDraft[];
  readonly bufferBeforeMinutes: number | null;
  readonly bufferAfterMinutes: number | null;
  readonly minimumNoticeHours: number | null;
  readonly horizonDays: number | null;
  readonly slotStepMinutes: SlotStepMinutes;
  readonly cancellationWindowHours: number | null;
  readonly reminder: BookingReminder;
}

/** A field's messages by its full path in the settings ("sessionTypes.0.durationMinutes"). */
export type FieldMessages = Readonly<Record<string, string>>;

let lastKey = 0;
/** A key for a new list entry, unique on the page. */
const newKey = (): string => `k${++lastKey}`;

function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (value) => value.toString(16).padStart(2, '0')).join('');
}

/** An id for a new session type, unlike the others ("session-3fa9c2d1"); the schema allows letters, digits, "-" and "_". */
function newSessionTypeId(taken: readonly string[]): string {
  for (;;) {
    const id = `session-${randomHex(4)}`;
    if (!taken.includes(id)) return id;
  }
}

const rangeDraft = (range: { start: string; end: string }): RangeDraft => ({ key: newKey(), start: range.start, end: range.end });

/** The saved (or default) settings as the form shows them. */
export function draftOf(settings: BookingSettings): BookingSettingsDraft {
  return {
    enabled: settings.enabled,
    timeZone: settings.timeZone,
    currency: settings.currency,
    sessionTypes: settings.sessionTypes.map((type) => ({
      key: newKey(),
      id: type.id,
      name: type.name,
      durationMinutes: type.durationMinutes,
      price: minorToDecimalString(type.priceMinor),
      mode: type.mode,
      newPatientsOnly: type.newPatientsOnly,
      description: type.description,
      approval: type.approval,
    })),
    weeklyHours: settings.weeklyHours.map((ranges) => ranges.map(rangeDraft)),
    dateOverrides: settings.dateOverrides.map((override) => ({
      key: newKey(),
      date: override.date,
      closed: override.closed === true,
      ranges: 'ranges' in override ? override.ranges.map(rangeDraft) : [],
    })),
    bufferBeforeMinutes: settings.bufferBeforeMinutes,
    bufferAfterMinutes: settings.bufferAfterMinutes,
    minimumNoticeHours: settings.minimumNoticeMinutes / 60,
    horizonDays: settings.horizonDays,
    slotStepMinutes: settings.slotStepMinutes,
    cancellationWindowHours: settings.cancellationWindowHours,
    reminder: settings.reminder,
  };
}

const numberOrUndefined = (value: number | null): number | undefined => value ?? undefined;
const ranges = (list: readonly RangeDraft[]) => list.map(({ start, end }) => ({ start, end }));

export type SettingsResult = { readonly ok: true; readonly settings: BookingSettings } | { readonly ok: false; readonly errors: FieldMessages };

/**
 * The settings the form holds, checked by the domain's schema: the settings to send, or a message
 * per field by full path. A price that is not money gets the money parser's message; every other
 * message is the schema's.
 */
export function settingsOf(draft: BookingSettingsDraft): SettingsResult {
  const priceErrors: Record<string, string> = {};
  const candidate = {
    enabled: draft.enabled,
    timeZone: draft.timeZone,
    currency: draft.currency,
    sessionTypes: draft.sessionTypes.map((type, index) => {
      const price = parseAmountToMinor(type.price);
      if (!price.ok) priceErrors[`sessionTypes.${index}.priceMinor`] = price.message;
      return {
        id: type.id,
        name: type.name,
        durationMinutes: numberOrUndefined(type.durationMinutes),
        // A price that is not money is reported above; 0 keeps the schema's other messages coming.
        priceMinor: price.ok ? price.minor : 0,
        mode: type.mode,
        newPatientsOnly: type.newPatientsOnly,
        description: type.description,
        approval: type.approval,
      };
    }),
    weeklyHours: draft.weeklyHours.map(ranges),
    dateOverrides: draft.dateOverrides.map((override) =>
      override.closed ? { date: override.date ?? '', closed: true as const } : { date: override.date ?? '', closed: false as const, ranges: ranges(override.ranges) },
    ),
    bufferBeforeMinutes: numberOrUndefined(draft.bufferBeforeMinutes),
    bufferAfterMinutes: numberOrUndefined(draft.bufferAfterMinutes),
    // Hours as typed (1.5) in whole minutes; a fraction of a minute cannot be meant.
    minimumNoticeMinutes: draft.minimumNoticeHours === null ? undefined : Math.round(draft.minimumNoticeHours * 60),
    horizonDays: numberOrUndefined(draft.horizonDays),
    slotStepMinutes: draft.slotStepMinutes,
    cancellationWindowHours: numberOrUndefined(draft.cancellationWindowHours),
    reminder: draft.reminder,
  };
  const parsed = bookingSettingsSchema.safeParse(candidate);
  if (parsed.success && Object.keys(priceErrors).length === 0) return { ok: true, settings: parsed.data };
  const schemaErrors = parsed.success ? {} : fieldMessagesByPath(parsed.error);
  return { ok: false, errors: { ...schemaErrors, ...priceErrors } };
}

/**
 * Every place on the screen a message can show, in the screen's order, with the name the error
 * summary gives it. A message whose path is not here (a session type's id: the screen chooses it)
 * shows at the nearest place that is (`placeOf`).
 */
export function fieldPlaces(draft: BookingSettingsDraft): { readonly path: string; readonly label: string }[] {
  const places: { path: string; label: string }[] = [
    { path: 'enabled', label: 'Online booking' },
    { path: 'timeZone', label: 'Time zone' },
    { path: 'currency', label: 'Currency' },
    { path: 'sessionTypes', label: 'Session types' },
  ];
  const rangePlaces = (prefix: string, name: string, list: readonly RangeDraft[]) => {
    list.forEach((_, index) => {
      places.push({ path: `${prefix}.${index}.start`, label: `${name}, hours ${index + 1}: start` });
      places.push({ path: `${prefix}.${index}.end`, label: `${name}, hours ${index + 1}: end` });
    });
  };
  draft.sessionTypes.forEach((type, index) => {
    const name = `Session type ${index + 1}`;
    const at = `sessionTypes.${index}`;
    places.push(
      { path: at, label: name },
      { path: `${at}.name`, label: `${name}: name` },
      { path: `${at}.durationMinutes`, label: `${name}: duration` },
      { path: `${at}.priceMinor`, label: `${name}: price` },
      { path: `${at}.mode`, label: `${name}: where` },
      { path: `${at}.approval`, label: `${name}: confirmation` },
      { path: `${at}.newPatientsOnly`, label: `${name}: new patients only` },
      { path: `${at}.description`, label: `${name}: description` },
    );
  });
  places.push({ path: 'weeklyHours', label: 'Weekly hours' });
  draft.weeklyHours.forEach((list, day) => {
    const name = weekdayLabels[day] ?? `Day ${day + 1}`;
    places.push({ path: `weeklyHours.${day}`, label: name });
    rangePlaces(`weeklyHours.${day}`, name, list);
  });
  places.push({ path: 'dateOverrides', label: 'Date overrides' });
  draft.dateOverrides.forEach((override, index) => {
    const name = `Date override ${index + 1}`;
    const at = `dateOverrides.${index}`;
    places.push({ path: at, label: name }, { path: `${at}.date`, label: `${name}: date` }, { path: `${at}.closed`, label: `${name}: closed` }, { path: `${at}.ranges`, label: `${name}: hours` });
    rangePlaces(`${at}.ranges`, name, override.closed ? [] : override.ranges);
  });
  places.push(
    { path: 'bufferBeforeMinutes', label: 'Buffer before' },
    { path: 'bufferAfterMinutes', label: 'Buffer after' },
    { path: 'minimumNoticeMinutes', label: 'Minimum notice' },
    { path: 'horizonDays', label: 'Booking horizon' },
    { path: 'slotStepMinutes', label: 'Slot step' },
    { path: 'cancellationWindowHours', label: 'Cancellation window' },
    { path: 'reminder', label: 'Reminder' },
  );
  return places;
}

/** The place a message shows: its own field, or the nearest enclosing one the screen has. */
function placeOf(path: string, places: ReadonlySet<string>): string | undefined {
  const parts = path.split('.');
  for (let length = parts.length; length > 0; length -= 1) {
    const candidate = parts.slice(0, length).join('.');
    if (places.has(candidate)) return candidate;
  }
  return undefined;
}

/** The messages moved to where they show (the first message of a place wins), in the screen's order. */
export function placeMessages(draft: BookingSettingsDraft, messages: FieldMessages): FieldMessages {
  const places = fieldPlaces(draft);
  const known = new Set(places.map((place) => place.path));
  const placed: Record<string, string> = {};
  for (const [path, message] of Object.entries(messages)) {
    const place = placeOf(path, known);
    if (place !== undefined && placed[place] === undefined) placed[place] = message;
  }
  const ordered: Record<string, string> = {};
  for (const { path } of places) {
    const message = placed[path];
    if (message !== undefined) ordered[path] = message;
  }
  return ordered;
}

/**
 * The messages after the entry `index` of the list at `listPath` was removed: its own go, the later
 * entries' move up one place with their entries, and the list's own message (e.g. "at least one")
 * no longer applies.
 */
export function messagesAfterRemoval(messages: FieldMessages, listPath: string, index: number): FieldMessages {
  const prefix = `${listPath}.`;
  const next: Record<string, string> = {};
  for (const [path, message] of Object.entries(messages)) {
    if (path === listPath) continue;
    if (!path.startsWith(prefix)) {
      next[path] = message;
      continue;
    }
    const [head, ...rest] = path.slice(prefix.length).split('.');
    const at = Number(head);
    if (at === index) continue;
    next[[listPath, String(at > index ? at - 1 : at), ...rest].join('.')] = message;
  }
  return next;
}

const timeOf = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const LAST_MINUTE = 23 * 60 + 59;

/** The range a new row starts with: 09:00–17:00 on an empty day, else the hour after the day's last range. */
export function nextRange(list: readonly RangeDraft[]): RangeDraft {
  const ends = list.map((range) => range.end).filter((end) => /^\d\d:\d\d$/.test(end));
  if (ends.length === 0) return rangeDraft({ start: '09:00', end: '17:00' });
  const latest = Math.max(...ends.map(minutesOfDay));
  return rangeDraft({ start: timeOf(latest), end: timeOf(Math.min(latest + 60, LAST_MINUTE)) });
}

export const canAddRange = (list: readonly RangeDraft[]): boolean => list.length < RANGES_PER_DAY_MAX;

/** A new session type: one hour, in person, confirmed by the practitioner, named by the practitioner. */
export function newSessionType(taken: readonly string[]): SessionTypeDraft {
  return {
    key: newKey(),
    id: newSessionTypeId(taken),
    name: '',
    durationMinutes: 60,
    price: '0.00',
    mode: 'in-person',
    newPatientsOnly: false,
    description: '',
    approval: 'confirm',
  };
}

export const newDateOverride = (): DateOverrideDraft => ({ key: newKey(), date: null, closed: true, ranges: [] });

/** The list with entry `index` replaced (lists of the draft are never changed in place). */
export const replaceAt = <T>(list: readonly T[], index: number, entry: T): T[] => list.map((each, at) => (at === index ? entry : each));

export const removeAt = <T>(list: readonly T[], index: number): T[] => list.filter((_, at) => at !== index);
