import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencies, currencyLabel, formatMoney, minorToDecimalString, parseAmountToMinor, paymentRecordedMessage, priceCurrencies, sumMinor } from './money.ts';

describe('money', () => {
  it('formats minor units in en-US for every currency', () => {
    expect(formatMoney(15000, 'usd')).toBe('$150.00');
    expect(formatMoney(8500, 'eur')).toBe('€85.00');
    expect(formatMoney(12000, 'gbp')).toBe('£120.00');
    expect(formatMoney(12000, 'cad')).toBe('CA$120.00');
    expect(formatMoney(12000, 'aud')).toBe('A$120.00');
    expect(formatMoney(123456789, 'usd')).toBe('$1,234,567.89');
    expect(formatMoney(5, 'usd')).toBe('$0.05');
    expect(formatMoney(-250, 'usd')).toBe('-$2.50');
  });

  it('formats a price in its ISO currency code', () => {
    expect(priceCurrencies.map((code) => formatMoney(12050, code))).toEqual(['$120.50', 'CA$120.50', '£120.50', '€120.50', 'A$120.50', 'NZ$120.50', '₹120.50']);
    expect(formatMoney(15000, 'USD')).toBe(formatMoney(15000, 'usd'));
  });

  it('words the payment toast from one function', () => {
    expect(paymentRecordedMessage(15000, 'usd')).toBe('Payment of USD 150.00 recorded successfully!');
    expect(paymentRecordedMessage(8550, 'eur')).toBe('Payment of EUR 85.50 recorded successfully!');
  });

  it('parses decimal text without floating point', () => {
    expect(parseAmountToMinor('150.5')).toEqual({ ok: true, minor: 15050 });
    expect(parseAmountToMinor('150')).toEqual({ ok: true, minor: 15000 });
    expect(parseAmountToMinor(' 0.07 ')).toEqual({ ok: true, minor: 7 });
    expect(parseAmountToMinor('.5')).toEqual({ ok: true, minor: 50 });
    expect(parseAmountToMinor('12.')).toEqual({ ok: true, minor: 1200 });
    expect(parseAmountToMinor('0.29')).toEqual({ ok: true, minor: 29 });
    expect(parseAmountToMinor('1.005')).toEqual({ ok: false, message: 'Amount can have at most 2 decimal places.' });
    expect(parseAmountToMinor('-1')).toEqual({ ok: false, message: 'Amount cannot be negative.' });
    for (const bad of ['', '.', 'abc', '1e3', '1,000', '1.2.3', '$5']) expect(parseAmountToMinor(bad)).toEqual({ ok: false, message: 'Please enter a valid amount.' });
    expect(parseAmountToMinor('999999999999')).toEqual({ ok: false, message: 'Amount is too large.' });
    expect(parseAmountToMinor('10000000001')).toEqual({ ok: false, message: 'Amount is too large.' });
  });

  it('writes minor units as a decimal string', () => {
    expect(minorToDecimalString(15050)).toBe('150.50');
    expect(minorToDecimalString(7)).toBe('0.07');
    expect(minorToDecimalString(-250)).toBe('-2.50');
    expect(() => minorToDecimalString(1.5)).toThrow(RangeError);
    expect(sumMinor([15000, 8500, 12000])).toBe(35500);
    expect(currencyLabel('usd')).toBe('USD');
    expect(currencyLabel('jpy')).toBe('Unknown');
  });

  it('round-trips every amount in every currency', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), fc.constantFrom(...currencies), (minor, currency) => {
        expect(parseAmountToMinor(minorToDecimalString(minor))).toEqual({ ok: true, minor });
        const shown = formatMoney(minor, currency);
        const digits = shown.replace(/[^0-9.]/g, '');
        expect(parseAmountToMinor(digits)).toEqual({ ok: true, minor });
      }),
    );
  });
});
