/**
 * The practice's billing identifiers, as a superbill prints them (issue 26): the National Provider
 * Identifier and the federal tax id (EIN). Both optional on the practitioner's profile, never shown
 * on the public listing.
 *
 * NPI (CMS, "NPI check digit"): 10 digits whose last one is the Luhn check digit of the first nine
 * prefixed with 80840 (the card issuer prefix of US health identifiers). EIN: 9 digits, written
 * NN-NNNNNNN; typed without the hyphen it is kept with it.
 */
import { z } from 'zod';
import { lineText } from '../shared/text.ts';

export const billingIdMessages = {
  npiFormat: 'NPI must be 10 digits',
  npiCheckDigit: 'This NPI is not valid: please check its digits',
  taxIdFormat: 'Tax ID must be an EIN written as 12-3456789',
} as const;

/** The Luhn sum of `digits` is a multiple of 10. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const digit = Number(digits[digits.length - 1 - index]);
    const doubled = index % 2 === 1 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return sum % 10 === 0;
}

/** "1234567893" → true: 10 digits with the Luhn check digit over 80840 + the first nine. */
export const isValidNpi = (npi: string): boolean => /^\d{10}$/.test(npi) && luhnValid(`80840${npi}`);

/** "12-3456789" or "123456789" → "12-3456789"; anything else → null. */
export function normalizeEin(text: string): string | null {
  const match = /^(\d{2})-?(\d{7})$/.exec(text.trim());
  return match ? `${match[1]}-${match[2]}` : null;
}

/** An optional NPI: empty is none; spaces are ignored ("123 456 7893"). */
export const npiSchema = lineText()
  .transform((text) => text.replace(/\s+/g, ''))
  .superRefine((npi, ctx) => {
    if (npi === '') return;
    if (!/^\d{10}$/.test(npi)) ctx.addIssue({ code: 'custom', message: billingIdMessages.npiFormat });
    else if (!isValidNpi(npi)) ctx.addIssue({ code: 'custom', message: billingIdMessages.npiCheckDigit });
  });

/** An optional EIN, kept as NN-NNNNNNN; empty is none. */
export const taxIdSchema = lineText()
  .trim()
  .superRefine((text, ctx) => {
    if (text !== '' && normalizeEin(text) === null) ctx.addIssue({ code: 'custom', message: billingIdMessages.taxIdFormat });
  })
  .transform((text) => (text === '' ? '' : (normalizeEin(text) ?? text)));

export const billingIdsSchema = z.object({ npi: npiSchema, taxId: taxIdSchema });
