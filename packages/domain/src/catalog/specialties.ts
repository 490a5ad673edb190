import { z } from 'zod';

/** The holistic and integrative specialties Wellspring lists (docs/product.md#directory, community member filter). */
export const specialties = [
  'naturopathy',
  'acupuncture',
  'ayurveda',
  'functional_medicine',
  'herbalism',
  'homeopathy',
  'nutrition',
] as const;
export const specialtySchema = z.enum(specialties);
export type Specialty = z.infer<typeof specialtySchema>;

export const specialtyLabels: Record<Specialty, string> = {
  naturopathy: 'Naturopathy',
  acupuncture: 'Acupuncture',
  ayurveda: 'Ayurveda',
  functional_medicine: 'Functional Medicine',
  herbalism: 'Herbalism',
  homeopathy: 'Homeopathy',
  nutrition: 'Nutrition',
};

/** Years-of-experience brackets of the application form and the directory filter (docs/product.md#directory). */
export const experienceBrackets = ['0-2', '3-5', '6-10', '11-20', '20+'] as const;
export const experienceBracketSchema = z.enum(experienceBrackets);
export type ExperienceBracket = z.infer<typeof experienceBracketSchema>;

export const experienceBracketLabels: Record<ExperienceBracket, string> = {
  '0-2': '0-2 years',
  '3-5': '3-5 years',
  '6-10': '6-10 years',
  '11-20': '11-20 years',
  '20+': '20+ years',
};

/** The preview directory's location filter radius (docs/product.md#landing). */
export const PREVIEW_RADIUS_MILES = 25;
