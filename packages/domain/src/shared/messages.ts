/**
 * Words many messages share, written once. "Please try again later." is the second line (docs/product.md#texts) of a
 * failed save in the portal (scheduling, a record, a payment) and every failure toast's fallback
 * when the server gives no reason of its own.
 */
export const commonMessages = {
  tryAgainLater: 'Please try again later.',
} as const;
