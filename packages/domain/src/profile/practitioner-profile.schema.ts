/**
 * The practitioner profile editor (docs/product.md#profile-editor). Messages are the spec's, to the
 * letter (no final period).
 *
 * List fields (specialties, certifications, education, treatmentApproaches): each entry is trimmed,
 * empty entries are dropped, and a duplicate is rejected. Duplicates are compared **case-insensitively
 * with runs of spaces collapsed** ("Functional  medicine" = "functional medicine"): two entries that
 * read the same to a patient are the same entry. The first spelling typed is kept.
 */
import { z } from 'zod';
import { lineText, multilineText } from '../shared/text.ts';
import { tooLongMessage } from '../shared/text-limits.ts';
import { npiSchema, taxIdSchema } from '../superbill/billing-ids.ts';
import { specialties as catalogSpecialties, specialtyLabels, type Specialty } from '../catalog/specialties.ts';
import { commonMessages } from '../shared/messages.ts';

export const SHORT_BIO_MAX = 200;

export const profileMessages = {
  name: 'Name must be at least 3 characters',
  location: 'Location is required',
  shortBio: 'Short bio must be less than 200 characters',
  about: 'About section must be at least 50 characters',
  yearsExperience: 'Experience must be a positive number',
  yearsExperienceWhole: 'Experience must be a whole number of years',
  yearsExperienceTooLarge: 'Experience must be at most 80 years',
  emptyEntry: 'Please enter a value',
  entryTooLong: 'Entries must be at most 100 characters',
  tooManyEntries: 'Lists can have at most 50 entries',
  duplicateEntry: (entry: string) => `"${entry}" is already in the list`,
  profileImage: 'Please enter a valid image address',
  /** The directory filters by the catalog's specialties (the search's and the quiz's), so a profile lists only those. */
  specialty: 'Please choose a specialty from the list',
  /** Set by the server when the gazetteer cannot place the location (docs/decisions/0020-gazetteer.md). */
  locationUnknown: "We couldn't find that place. Enter a US city and state (Portland, OR) or a 5-digit ZIP code.",
  /** The photo must be one this practitioner uploaded (or none). */
  profileImageNotUploaded: 'Please upload the photo again',
  saveFailed: { title: 'Failed to save profile', description: commonMessages.tryAgainLater },
  created: { title: 'Profile created successfully!', description: 'Your profile is now live and visible to patients.' },
  updated: { title: 'Profile updated successfully!', description: 'Your changes have been saved.' },
} as const;

/** After saving, the editor goes to /dashboard after 1.5 s (docs/product.md#profile-editor). */
export const PROFILE_REDIRECT_MS = 1500;
export const LIST_ENTRY_MAX = 100;
/** The most entries a list field holds. */
export const LIST_ENTRIES_MAX = 50;

export const profileTabs = ['Basic Info', 'Expertise', 'Credentials', 'Approaches'] as const;
export const profileListFields = ['specialties', 'certifications', 'education', 'treatmentApproaches'] as const;
export type ProfileListField = (typeof profileListFields)[number];

/** The key two entries are compared by. */
export const listEntryKey = (entry: string): string => entry.trim().replace(/\s+/g, ' ').toLowerCase();

/** The short bio counter "n/200" (counts UTF-16 units, as the textarea's maxLength does). */
export const shortBioCounter = (text: string): string => `${text.length}/${SHORT_BIO_MAX}`;

/** Whether the Add button is enabled (docs/product.md#profile-editor: disabled while the input is empty). */
export const canAddListEntry = (raw: string): boolean => raw.trim() !== '';

export type AddListEntryResult = { readonly ok: true; readonly list: readonly string[] } | { readonly ok: false; readonly message: string };

/**
 * The catalog specialty an entry names, by its label or its key, in any case and spacing
 * ("functional  medicine", "Functional Medicine", "functional_medicine"), or null.
 */
export function specialtyOfEntry(entry: string): Specialty | null {
  const key = listEntryKey(entry).replace(/_/g, ' ');
  return catalogSpecialties.find((specialty) => listEntryKey(specialtyLabels[specialty]) === key) ?? null;
}

/** The specialty entries the editor offers (the catalog's labels). */
export const specialtyEntryOptions: readonly string[] = catalogSpecialties.map((specialty) => specialtyLabels[specialty]);

/**
 * Adds `raw` (trimmed) to `list`, or says why not: empty, too long, or already there. For
 * `specialties`, the entry must name a catalog specialty and is kept as its label.
 */
export function addListEntry(list: readonly string[], raw: string, field?: ProfileListField): AddListEntryResult {
  let entry = raw.trim().replace(/\s+/g, ' ');
  if (entry === '') return { ok: false, message: profileMessages.emptyEntry };
  if (entry.length > LIST_ENTRY_MAX) return { ok: false, message: profileMessages.entryTooLong };
  if (field === 'specialties') {
    const specialty = specialtyOfEntry(entry);
    if (specialty === null) return { ok: false, message: profileMessages.specialty };
    entry = specialtyLabels[specialty];
  }
  const key = listEntryKey(entry);
  const existing = list.find((item) => listEntryKey(item) === key);
  if (existing !== undefined) return { ok: false, message: profileMessages.duplicateEntry(existing) };
  return { ok: true, list: [...list, entry] };
}

/** Removes the entry at `index`. */
export const removeListEntry = (list: readonly string[], index: number): string[] => list.filter((_, i) => i !== index);

/** A list field: entries trimmed, empty ones dropped, duplicates rejected (the first duplicate is named). */
export const profileListSchema = z
  .array(lineText())
  .transform((entries) => entries.map((entry) => entry.trim().replace(/\s+/g, ' ')).filter((entry) => entry !== ''))
  .superRefine((entries, ctx) => {
    if (entries.length > LIST_ENTRIES_MAX) ctx.addIssue({ code: 'custom', message: profileMessages.tooManyEntries });
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (entry.length > LIST_ENTRY_MAX) ctx.addIssue({ code: 'custom', message: profileMessages.entryTooLong, path: [index] });
      const key = listEntryKey(entry);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: profileMessages.duplicateEntry(entry), path: [index] });
      seen.add(key);
    });
  })
  .default([]);

/** The most years of experience a profile may state (docs/decisions/0011-years-of-experience.md). */
export const MAX_YEARS_EXPERIENCE = 80;

/** A number typed in decimal notation ("12", "-3", "2.5", "1e1"); anything else is not a number. */
const NUMERIC_TEXT = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * yearsExperience (docs/product.md#profile-editor: a number, at least 0, "Experience must be a positive number"); whole
 * years, at most 80 (docs/decisions/0011-years-of-experience.md). One message per value, checked in
 * this order:
 * - not a number (empty, text, NaN, ±Infinity, null, a boolean…) or below 0 → the spec's message;
 * - above 80 → "Experience must be at most 80 years";
 * - a fraction (2.5) → "Experience must be a whole number of years".
 * The form's number input gives a string: it is trimmed and read in decimal notation; an empty field
 * is not 0.
 */
const yearsExperienceParser = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    return NUMERIC_TEXT.test(text) ? Number(text) + 0 : Number.NaN;
  },
  z
    .number({ error: profileMessages.yearsExperience })
    .min(0, { error: profileMessages.yearsExperience, abort: true })
    .max(MAX_YEARS_EXPERIENCE, { error: profileMessages.yearsExperienceTooLarge, abort: true })
    .int({ error: profileMessages.yearsExperienceWhole })
    .transform((years) => years + 0),
);
/**
 * Typed as what the editor sends, the number input's text (a preprocess's input is `unknown` to
 * zod's types, which no form's values fit). At run time a number is read as well, and anything else
 * is refused with the spec's message all the same.
 */
const yearsExperienceSchema = yearsExperienceParser as unknown as z.ZodType<number, string>;

/**
 * Where a profile photo may come from: an http(s) URL, or a path on this site ("/images/…", as the
 * sample practitioners' portraits). Nothing else reaches an <img src> (no javascript:, data: or
 * protocol-relative "//host" addresses).
 */
export function isImageSource(value: string): boolean {
  const sitePath = /^\/(?![/\\])\S*$/;
  const httpUrl = /^https?:\/\/[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?(?:[/?#]\S*)?$/i;
  return sitePath.test(value) || httpUrl.test(value);
}

/** An empty photo field is no photo (null). */
const profileImageSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z.string({ error: profileMessages.profileImage }).trim().max(2000, profileMessages.profileImage).refine(isImageSource, profileMessages.profileImage).nullable(),
);

export const practitionerProfileSchema = z.object({
  name: lineText().trim().min(3, profileMessages.name).max(200, tooLongMessage('Name', 200)),
  location: lineText().trim().min(3, profileMessages.location).max(200, tooLongMessage('Location', 200)),
  shortBio: multilineText().max(SHORT_BIO_MAX, profileMessages.shortBio).transform((bio) => bio.trim()).default(''),
  about: multilineText().trim().min(50, profileMessages.about).max(10_000, tooLongMessage('About', 10_000)),
  yearsExperience: yearsExperienceSchema,
  acceptsInsurance: z.boolean().default(false),
  /** Catalog specialties, each kept as its label ("functional medicine" → "Functional Medicine"). */
  specialties: profileListSchema
    .superRefine((entries, ctx) => {
      entries.forEach((entry, index) => {
        if (specialtyOfEntry(entry) === null) ctx.addIssue({ code: 'custom', message: profileMessages.specialty, path: [index] });
      });
    })
    .transform((entries) => entries.map((entry) => {
      const specialty = specialtyOfEntry(entry);
      return specialty === null ? entry : specialtyLabels[specialty];
    })),
  certifications: profileListSchema,
  education: profileListSchema,
  treatmentApproaches: profileListSchema,
  profileImage: profileImageSchema.default(null),
  /**
   * Billing details a superbill prints (issue 26), optional and kept off the public listing: the
   * NPI, the tax id (EIN) and the practice's street address.
   */
  npi: npiSchema.prefault(''),
  taxId: taxIdSchema.prefault(''),
  billingAddress: multilineText().trim().max(300, tooLongMessage('Practice address', 300)).prefault(''),
});
export type PractitionerProfileInput = z.input<typeof practitionerProfileSchema>;
export type PractitionerProfile = z.output<typeof practitionerProfileSchema>;

export const practitionerProfileDefaults = {
  name: '',
  location: '',
  shortBio: '',
  about: '',
  yearsExperience: '',
  acceptsInsurance: false,
  specialties: [],
  certifications: [],
  education: [],
  treatmentApproaches: [],
  profileImage: null,
  npi: '',
  taxId: '',
  billingAddress: '',
} as const satisfies PractitionerProfileInput;
