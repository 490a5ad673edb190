import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messagesOf, repeat } from '../shared/schema.testkit.ts';
import {
  addListEntry,
  canAddListEntry,
  listEntryKey,
  practitionerProfileDefaults,
  practitionerProfileSchema,
  profileListSchema,
  removeListEntry,
  shortBioCounter,
} from './practitioner-profile.schema.ts';

const valid = { name: 'Ann', location: 'Rye', shortBio: '', about: repeat(50), yearsExperience: '0' };

describe('profile editor', () => {
  it('accepts the minimum and applies defaults', () => {
    expect(practitionerProfileSchema.parse(valid)).toEqual({
      name: 'Ann',
      location: 'Rye',
      shortBio: '',
      about: repeat(50),
      yearsExperience: 0,
      acceptsInsurance: false,
      specialties: [],
      certifications: [],
      education: [],
      treatmentApproaches: [],
      profileImage: null,
      npi: '',
      taxId: '',
      billingAddress: '',
    });
  });

  it('checks the optional billing details a superbill prints', () => {
    expect(practitionerProfileSchema.parse({ ...valid, npi: '1234567893', taxId: '123456789', billingAddress: ' 12 Main St, Portland, OR 97201 ' })).toMatchObject({
      npi: '1234567893',
      taxId: '12-3456789',
      billingAddress: '12 Main St, Portland, OR 97201',
    });
    expect(messagesOf(practitionerProfileSchema, { ...valid, npi: '1234567890', taxId: '12-34' })).toEqual({
      npi: ['This NPI is not valid: please check its digits'],
      taxId: ['Tax ID must be an EIN written as 12-3456789'],
    });
  });

  it('has each spec message at its boundary', () => {
    expect(messagesOf(practitionerProfileSchema, { ...valid, name: 'An' })).toEqual({ name: ['Name must be at least 3 characters'] });
    expect(messagesOf(practitionerProfileSchema, { ...valid, location: 'NY' })).toEqual({ location: ['Location is required'] });
    expect(messagesOf(practitionerProfileSchema, { ...valid, shortBio: repeat(201) })).toEqual({ shortBio: ['Short bio must be less than 200 characters'] });
    expect(practitionerProfileSchema.safeParse({ ...valid, shortBio: repeat(200) }).success).toBe(true);
    expect(messagesOf(practitionerProfileSchema, { ...valid, about: repeat(49) })).toEqual({ about: ['About section must be at least 50 characters'] });
  });

  describe('yearsExperience', () => {
    const years = (yearsExperience: unknown) => messagesOf(practitionerProfileSchema, { ...valid, yearsExperience });
    const parsed = (yearsExperience: unknown) => practitionerProfileSchema.parse({ ...valid, yearsExperience }).yearsExperience;
    const spec = { yearsExperience: ['Experience must be a positive number'] };

    it('rejects every negative or non-numeric value with the spec message, and only it', () => {
      for (const value of [-1, '-1', -0.5, ' -0.5 ', -1e-9, '-1e3', -Infinity, '', '   ', 'ten', '12abc', '1,000', '0x10', '1 2', 'Infinity', Infinity, Number.NaN, null, undefined, true, {}, []]) {
        expect(years(value), String(value)).toEqual(spec);
      }
      const { yearsExperience: _omitted, ...without } = valid;
      expect(messagesOf(practitionerProfileSchema, without)).toEqual(spec);
    });

    it('rejects any negative number or non-numeric text with the spec message (property)', () => {
      fc.assert(
        fc.property(fc.oneof(fc.double({ max: -Number.MIN_VALUE, noNaN: true }), fc.integer({ max: -1 }).map(String)), (negative) => {
          expect(years(negative)).toEqual(spec);
        }),
      );
      fc.assert(
        fc.property(
          fc.string().filter((text) => Number.isNaN(Number(text)) || text.trim() === ''),
          (text) => {
            expect(years(text)).toEqual(spec);
          },
        ),
      );
    });

    it('takes whole years from 0 to 80, typed or given as numbers', () => {
      expect(parsed('0')).toBe(0);
      expect(Object.is(parsed('-0'), 0)).toBe(true);
      expect(parsed(' 12 ')).toBe(12);
      expect(parsed('+7')).toBe(7);
      expect(parsed('1e1')).toBe(10);
      expect(parsed('12.0')).toBe(12);
      expect(parsed(7)).toBe(7);
      expect(parsed(80)).toBe(80);
    });

    it('says why a fraction or more than 80 years is refused (one message each)', () => {
      expect(years(2.5)).toEqual({ yearsExperience: ['Experience must be a whole number of years'] });
      expect(years('0.5')).toEqual({ yearsExperience: ['Experience must be a whole number of years'] });
      expect(years(81)).toEqual({ yearsExperience: ['Experience must be at most 80 years'] });
      expect(years('81.5')).toEqual({ yearsExperience: ['Experience must be at most 80 years'] });
      expect(years(1e20)).toEqual({ yearsExperience: ['Experience must be at most 80 years'] });
    });
  });

  it('takes a photo from an http(s) URL or a path on this site, nothing else', () => {
    const image = (profileImage: unknown) => practitionerProfileSchema.safeParse({ ...valid, profileImage });
    for (const ok of ['/images/practitioners/elena-rodriguez.svg', 'https://cdn.example.test/a.jpg', 'http://localhost:3000/a.png']) {
      expect(image(ok).data?.profileImage).toBe(ok);
    }
    expect(image(' /images/a.svg ').data?.profileImage).toBe('/images/a.svg');
    expect(image('').data?.profileImage).toBeNull();
    expect(image(null).data?.profileImage).toBeNull();
    for (const bad of ['javascript:alert(1)', 'data:image/svg+xml,<svg/>', '//evil.test/a.png', '/\\evil.test/a.png', 'images/a.svg', 'ftp://x.test/a.png', 'https://', `/${repeat(2000)}`, 42]) {
      expect(messagesOf(practitionerProfileSchema, { ...valid, profileImage: bad })).toEqual({ profileImage: ['Please enter a valid image address'] });
    }
  });

  it('reports every required field on an empty form', () => {
    expect(Object.keys(messagesOf(practitionerProfileSchema, practitionerProfileDefaults)).sort()).toEqual(['about', 'location', 'name', 'yearsExperience']);
  });

  it('counts the short bio', () => {
    expect(shortBioCounter('')).toBe('0/200');
    expect(shortBioCounter(repeat(200))).toBe('200/200');
  });
});

describe('profile lists', () => {
  it('trims, drops empties and rejects duplicates case-insensitively', () => {
    expect(profileListSchema.parse(['  Reiki ', '', '   ', 'Tai  chi'])).toEqual(['Reiki', 'Tai chi']);
    expect(messagesOf(profileListSchema, ['Reiki', ' reiki '])).toEqual({ '1': ['"reiki" is already in the list'] });
    expect(messagesOf(profileListSchema, [repeat(101)])).toEqual({ '0': ['Entries must be at most 100 characters'] });
    expect(messagesOf(practitionerProfileSchema, { ...valid, certifications: ['ND', 'nd'] })).toEqual({ 'certifications.1': ['"nd" is already in the list'] });
  });

  it('adds an entry through addListEntry', () => {
    expect(addListEntry(['Reiki'], '  Tai   chi ')).toEqual({ ok: true, list: ['Reiki', 'Tai chi'] });
    expect(addListEntry(['Reiki'], 'REIKI')).toEqual({ ok: false, message: '"Reiki" is already in the list' });
    expect(addListEntry([], '   ')).toEqual({ ok: false, message: 'Please enter a value' });
    expect(addListEntry([], repeat(101))).toEqual({ ok: false, message: 'Entries must be at most 100 characters' });
    expect(canAddListEntry('')).toBe(false);
    expect(canAddListEntry('  ')).toBe(false);
    expect(canAddListEntry('x')).toBe(true);
    expect(removeListEntry(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });

  it('never lets addListEntry produce a list the schema rejects', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 8 }), { maxLength: 12 }), (raws) => {
        let list: readonly string[] = [];
        for (const raw of raws) {
          const result = addListEntry(list, raw);
          if (result.ok) list = result.list;
        }
        expect(profileListSchema.parse(list)).toEqual(list);
        expect(new Set(list.map(listEntryKey)).size).toBe(list.length);
      }),
    );
  });
});

describe('specialty entries', () => {
  it('are the catalog specialties, named by label or key in any case, kept as their label', async () => {
    const { specialtyOfEntry } = await import('./practitioner-profile.schema.ts');
    expect(specialtyOfEntry(' functional   MEDICINE ')).toBe('functional_medicine');
    expect(specialtyOfEntry('functional_medicine')).toBe('functional_medicine');
    expect(specialtyOfEntry('Reiki')).toBeNull();
    expect(addListEntry([], ' acupuncture ', 'specialties')).toEqual({ ok: true, list: ['Acupuncture'] });
    expect(addListEntry(['Acupuncture'], 'ACUPUNCTURE', 'specialties')).toEqual({ ok: false, message: '"Acupuncture" is already in the list' });
    expect(addListEntry([], 'Reiki', 'specialties')).toEqual({
      ok: false,
      message: 'Please choose a specialty from the list',
    });
    // Other lists take any text.
    expect(addListEntry([], 'Reiki', 'treatmentApproaches')).toEqual({ ok: true, list: ['Reiki'] });
  });

  it('are checked by the schema too', () => {
    const parsed = practitionerProfileSchema.safeParse({ ...valid, specialties: ['Nutrition', 'Reiki'] });
    expect(parsed.success).toBe(false);
    expect(messagesOf(practitionerProfileSchema, { ...valid, specialties: ['Nutrition', 'Reiki'] })).toEqual({
      'specialties.1': ['Please choose a specialty from the list'],
    });
    expect(practitionerProfileSchema.parse({ ...valid, specialties: [' nutrition ', 'ayurveda'] }).specialties).toEqual(['Nutrition', 'Ayurveda']);
  });
});
