/**
 * Money is stored as integer minor units (cents) with a lowercase ISO currency code (docs/product.md#payments).
 * Amounts typed by a user are parsed as text into minor units, never through floating point, and
 * shown with en-US currency formatting in the record's own currency.
 */
import { z } from 'zod';
import { labelOf } from '../shared/labels.ts';

export const currencies = ['usd', 'eur', 'gbp', 'cad', 'aud'] as const;
export const currencySchema = z.enum(currencies);
export type Currency = z.infer<typeof currencySchema>;

export const currencyLabels: Record<Currency, string> = { usd: 'USD', eur: 'EUR', gbp: 'GBP', cad: 'CAD', aud: 'AUD' };
export const currencyLabel = (currency: string): string => labelOf(currencyLabels, currency);

/**
 * The currencies a practice can price its sessions in (online booking settings), as ISO 4217 writes
 * them: three upper-case letters. Each has two decimal places, as MINOR_DIGITS assumes.
 */
export const priceCurrencies = ['USD', 'CAD', 'GBP', 'EUR', 'AUD', 'NZD', 'INR'] as const;
export type PriceCurrency = (typeof priceCurrencies)[number];

/** Every supported currency has two decimal places. */
export const MINOR_DIGITS = 2;
/** The largest amount accepted: 10 billion units, far inside Number.MAX_SAFE_INTEGER in minor units. */
export const MAX_AMOUNT_MINOR = 10_000_000_000 * 100;

export const moneyMessages = {
  invalidAmount: 'Please enter a valid amount.',
  tooManyDecimals: 'Amount can have at most 2 decimal places.',
  negativeAmount: 'Amount cannot be negative.',
  tooLarge: 'Amount is too large.',
} as const;

export type AmountParseResult = { readonly ok: true; readonly minor: number } | { readonly ok: false; readonly message: string };

/**
 * "150.5" → 15050, "150" → 15000, "0.07" → 7, ".5" → 50, "1,234.50" → rejected (no separators).
 * Rejects negative, more than 2 decimals, exponents and anything non-numeric. Surrounding spaces are trimmed.
 */
export function parseAmountToMinor(text: string): AmountParseResult {
  const value = text.trim();
  if (value.startsWith('-')) return { ok: false, message: moneyMessages.negativeAmount };
  const match = /^\+?(\d*)(?:\.(\d*))?$/.exec(value);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return { ok: false, message: moneyMessages.invalidAmount };
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > MINOR_DIGITS) return { ok: false, message: moneyMessages.tooManyDecimals };
  const wholeDigits = whole.replace(/^0+(?=\d)/, '');
  if (wholeDigits.length > 11) return { ok: false, message: moneyMessages.tooLarge };
  const minor = Number(wholeDigits || '0') * 100 + Number(fraction.padEnd(MINOR_DIGITS, '0'));
  if (minor > MAX_AMOUNT_MINOR) return { ok: false, message: moneyMessages.tooLarge };
  return { ok: true, minor };
}

/** 15050 → "150.50", 7 → "0.07", -250 → "-2.50". Integer arithmetic only. */
export function minorToDecimalString(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Minor units must be a safe integer: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${sign}${whole}.${String(cents).padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatterFor(currency: Currency | PriceCurrency): Intl.NumberFormat {
  const code = currency.toUpperCase();
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    formatters.set(code, formatter);
  }
  return formatter;
}

/**
 * en-US currency text: 15000 usd → "$150.00", 8500 eur → "€85.00", 12000 gbp → "£120.00", cad "CA$",
 * aud "A$"; a price currency the same way (12000 NZD → "NZ$120.00", INR → "₹120.00").
 */
export function formatMoney(minor: number, currency: Currency | PriceCurrency): string {
  // A decimal string keeps the exact value (Intl.NumberFormat accepts numeric strings).
  return formatterFor(currency).format(minorToDecimalString(minor) as `${number}`);
}

/** docs/product.md#payments: "Payment of USD 150.00 recorded successfully!". */
export const paymentRecordedMessage = (minor: number, currency: Currency): string =>
  `Payment of ${currency.toUpperCase()} ${minorToDecimalString(minor)} recorded successfully!`;

/** The portal dashboard's revenue: the sum of payments in minor units (docs/product.md#portal-dashboard), shown in USD. */
export const sumMinor = (amounts: readonly number[]): number => amounts.reduce((total, amount) => total + amount, 0);
