/**
 * Enumerations and their labels. Every label lookup of the product goes through `labelOf`, so an
 * unknown value (an old row, a value from a newer server) shows "Unknown" instead of breaking a screen
 * (docs/product.md#texts: licensure and referral statuses "else Unknown").
 */
export const UNKNOWN_LABEL = 'Unknown';

/** Whether `value` is one of `values` (a type guard for `as const` tuples). */
export function isOneOf<const T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/** The label of `value` in `labels`, or "Unknown" (or `fallback`) for any other value. */
export function labelOf<K extends string>(labels: Readonly<Record<K, string>>, value: string, fallback: string = UNKNOWN_LABEL): string {
  return Object.prototype.hasOwnProperty.call(labels, value) ? labels[value as K] : fallback;
}

/** A badge colour of the UI kit. */
export type BadgeColor = 'blue' | 'green' | 'grey' | 'red' | 'yellow';

/** `{ value, label }` pairs in declaration order, for select inputs. */
export function optionsOf<const T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>): { value: T; label: string }[] {
  return values.map((value) => ({ value, label: labels[value] }));
}
