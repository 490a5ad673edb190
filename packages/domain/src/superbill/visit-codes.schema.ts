/**
 * A visit's billing codes (issue 26), typed on the visit and printed on the superbill: CPT
 * procedure codes and ICD-10-CM diagnosis codes. The form types each list as text ("99213, 97140");
 * the schema reads it into codes, upper case, each once, in the order typed, and names the first
 * entry that is not a code.
 *
 * - CPT: 5 characters — 5 digits (99213), or 4 digits and F (category II, 3074F) or T (category III, 0042T).
 * - ICD-10-CM: a letter, a digit, a letter or digit, then optionally a dot and 1 to 4 letters or
 *   digits (M54.5, F41.1, S72.001A). Typed without the dot (M545) it is kept with it.
 */
import { z } from 'zod';
import { recordIdSchema } from '../portal/portal.schema.ts';
import { lineText } from '../shared/text.ts';

/** A CMS-1500 claim holds 12 diagnoses; the same bound keeps a visit's procedures readable. */
export const MAX_VISIT_CODES = 12;

export const visitCodeMessages = {
  cpt: (entry: string) => `"${entry}" is not a CPT code: use 5 digits, or 4 digits and F or T (e.g. 99213)`,
  icd10: (entry: string) => `"${entry}" is not an ICD-10-CM code: e.g. M54.5 or F41.1`,
  tooMany: `At most ${MAX_VISIT_CODES} codes`,
  saved: 'Visit codes saved',
  saveFailed: 'The visit codes could not be saved. Please try again.',
} as const;

const CPT = /^\d{4}[\dFT]$/;
const ICD10 = /^([A-Z]\d[A-Z\d])(?:\.?([A-Z\d]{1,4}))?$/;

/** "99213" → "99213", "0042t" → "0042T"; anything else → null. */
export function normalizeCpt(entry: string): string | null {
  const code = entry.trim().toUpperCase();
  return CPT.test(code) ? code : null;
}

/** "m54.5" → "M54.5", "M545" → "M54.5", "F41" → "F41"; anything else → null. */
export function normalizeIcd10(entry: string): string | null {
  const match = ICD10.exec(entry.trim().toUpperCase());
  if (!match) return null;
  return match[2] ? `${match[1]}.${match[2]}` : (match[1] ?? null);
}

/** Splits typed text at commas, semicolons and white space. */
export const splitCodes = (text: string): string[] => text.split(/[\s,;]+/).filter((entry) => entry !== '');

/** A list of codes typed as text, read with `normalize`; the first bad entry is named. */
const codeList = (normalize: (entry: string) => string | null, message: (entry: string) => string) =>
  lineText()
    .max(400, visitCodeMessages.tooMany)
    .transform((text, ctx) => {
      const codes: string[] = [];
      for (const entry of splitCodes(text)) {
        const code = normalize(entry);
        if (code === null) {
          ctx.addIssue({ code: 'custom', message: message(entry) });
          return z.NEVER;
        }
        if (!codes.includes(code)) codes.push(code);
      }
      if (codes.length > MAX_VISIT_CODES) {
        ctx.addIssue({ code: 'custom', message: visitCodeMessages.tooMany });
        return z.NEVER;
      }
      return codes;
    });

export const cptCodesSchema = codeList(normalizeCpt, visitCodeMessages.cpt);
export const icd10CodesSchema = codeList(normalizeIcd10, visitCodeMessages.icd10);

/** The visit codes form: the appointment and its two lists as typed. */
export const visitCodesFormSchema = z.object({ cptCodes: cptCodesSchema.prefault(''), icd10Codes: icd10CodesSchema.prefault('') });
export type VisitCodesFormInput = z.input<typeof visitCodesFormSchema>;

/** `appointments.setCodes`: the form and the visit it is for. */
export const setVisitCodesSchema = visitCodesFormSchema.extend({ id: recordIdSchema });
export type SetVisitCodesInput = z.output<typeof setVisitCodesSchema>;

/** The lists as the form shows them again ("99213, 97140"). */
export const codesText = (codes: readonly string[]): string => codes.join(', ');
