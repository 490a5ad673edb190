/**
 * The landing page's preview directory: four sample cards (docs/product.md#landing); two
 * with a portrait, two with the initials fallback.
 */
export interface PreviewPractitioner {
  readonly name: string;
  readonly location: string;
  readonly rating: number;
  readonly reviewCount: number;
  /** A photo URL, or null to show the initials fallback. */
  readonly image: string | null;
  readonly specialties: readonly string[];
  readonly experience: string;
  readonly patientCount: string;
  readonly bio: string;
}

export const previewPractitioners: readonly PreviewPractitioner[] = [
  {
    name: 'Dr. Elena Rodriguez',
    location: 'Portland, OR',
    rating: 4.9,
    reviewCount: 127,
    image: '/images/practitioners/elena-rodriguez.svg',
    specialties: ['Naturopathy', 'Functional Medicine'],
    experience: '12 years',
    patientCount: '800+ patients',
    bio: 'Naturopathic doctor focused on root-cause care for digestive health, hormones and chronic fatigue.',
  },
  {
    name: 'Dr. James Chen',
    location: 'San Francisco, CA',
    rating: 4.8,
    reviewCount: 94,
    image: '/images/practitioners/james-chen.svg',
    specialties: ['Acupuncture', 'Herbalism'],
    experience: '15 years',
    patientCount: '1,200+ patients',
    bio: 'Licensed acupuncturist and herbalist treating pain, stress and sleep with Traditional Chinese Medicine.',
  },
  {
    name: 'Priya Sharma',
    location: 'Austin, TX',
    rating: 5.0,
    reviewCount: 68,
    image: null,
    specialties: ['Ayurveda', 'Nutrition'],
    experience: '8 years',
    patientCount: '500+ patients',
    bio: 'Ayurvedic practitioner pairing constitution-based nutrition with daily routines for lasting balance.',
  },
  {
    name: 'Dr. Michael Okafor',
    location: 'Denver, CO',
    rating: 4.7,
    reviewCount: 81,
    image: null,
    specialties: ['Homeopathy', 'Naturopathy'],
    experience: '10 years',
    patientCount: '650+ patients',
    bio: 'Integrative physician combining homeopathy and naturopathic care for allergies and skin conditions.',
  },
];
