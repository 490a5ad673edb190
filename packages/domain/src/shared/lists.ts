/**
 * "First N, then + N more" lists (docs/product.md#formats): the profile's insurance list shows 2 names then
 * "+ N more" (with a space); the patient card shows 3 condition badges then a "+N more" button
 * (without one). The two texts differ in the spec and are kept as written.
 */
export interface FirstNPlusMore<T> {
  readonly shown: readonly T[];
  /** How many items are hidden; 0 when everything fits. */
  readonly more: number;
}

export function firstNPlusMore<T>(list: readonly T[], n: number): FirstNPlusMore<T> {
  const count = Math.max(0, Math.floor(n));
  return { shown: list.slice(0, count), more: Math.max(0, list.length - count) };
}

export const INSURANCE_SHOWN = 2;
export const CONDITIONS_SHOWN = 3;

/** Profile insurance list: "+ 3 more"; null when nothing is hidden. */
export const insuranceMoreLabel = (more: number): string | null => (more > 0 ? `+ ${more} more` : null);

/** Patient card condition badges: "+3 more"; null when nothing is hidden. */
export const conditionsMoreLabel = (more: number): string | null => (more > 0 ? `+${more} more` : null);

export const CONDITIONS_SHOW_LESS = 'Show less';

export function insuranceSummary(insuranceList: readonly string[]): { shown: readonly string[]; moreLabel: string | null } {
  const { shown, more } = firstNPlusMore(insuranceList, INSURANCE_SHOWN);
  return { shown, moreLabel: insuranceMoreLabel(more) };
}

export function conditionBadges(conditions: readonly string[]): { shown: readonly string[]; moreLabel: string | null } {
  const { shown, more } = firstNPlusMore(conditions, CONDITIONS_SHOWN);
  return { shown, moreLabel: conditionsMoreLabel(more) };
}
