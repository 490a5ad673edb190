/**
 * Upper limits on free text. docs/product.md#free-text gives only minimums; the limits keep storage and payloads sane,
 * and text over one gets its own message (never the field's "at least" message).
 */
export const tooLongMessage = (field: string, max: number): string => `${field} must be at most ${max.toLocaleString('en-US')} characters.`;
