/**
 * The practitioner's public profile (issue 14): the profile as the editor keeps it (`practice.profile`)
 * and its listing in the directory (`practitioner`, linked by `practice.practitioner_id`), written
 * together in one transaction, so the directory shows the saved profile as soon as it commits. The
 * write to `practitioner` fires its NOTIFY trigger (migration 20261123130000), and every server drops
 * its directory cache (docs/decisions/0010); PostgreSQL derives the generated search columns
 * (`search_document`, `specialty_mask`, `symptom_mask`). Profile photos (`profile_photo`) are the
 * practice's own. Every statement is scoped by `scope.practiceId`.
 */
import { randomUUID } from 'node:crypto';
import { practitionerProfileSchema, profilePhotoIdOf, specialtyOfEntry, type PractitionerProfile, type Specialty } from '@wellspring/domain';
import type { Database, DatabaseTransaction } from '../db/client.ts';
import type { GeocodedPlace } from '../geo/geocoder.ts';
import type { PracticeScope } from './practice-scope.ts';

export interface MyProfile {
  /** The saved profile, or null before the first save ("Create Profile"). */
  readonly profile: PractitionerProfile | null;
  /** The listing's id (`/practitioners/{id}`), or null while nothing is published. */
  readonly practitionerId: string | null;
}

export interface ProfileSaved {
  /** True when the practice had no profile before this save. */
  readonly created: boolean;
  readonly practitionerId: string;
}

export interface StoredPhoto {
  readonly bytes: Buffer;
  readonly sha256: string;
  readonly width: number;
  readonly height: number;
}

/** Uploaded photos no saved profile uses are kept this long (an editor may still be open), then deleted. */
export const UNUSED_PHOTO_GRACE_MS = 24 * 60 * 60 * 1000;

/** The catalog specialties of the profile's entries (the schema refused any other), in order, once each. */
const catalogSpecialties = (entries: readonly string[]): Specialty[] => [
  ...new Set(entries.map(specialtyOfEntry).filter((specialty): specialty is Specialty => specialty !== null)),
];

async function deleteUnusedPhotos(tx: Database | DatabaseTransaction, scope: PracticeScope, keepId: string | null): Promise<void> {
  await tx.profilePhoto.deleteMany({
    where: {
      practiceId: scope.practiceId,
      createdAt: { lt: new Date(scope.now.getTime() - UNUSED_PHOTO_GRACE_MS) },
      ...(keepId ? { id: { not: keepId } } : {}),
    },
  });
}

export function profileRepository(db: DatabaseTransaction, scope: PracticeScope) {
  return {
    async mine(): Promise<MyProfile> {
      const row = await db.practice.findUnique({ where: { id: scope.practiceId }, select: { profile: true, practitionerId: true } });
      const parsed = row?.profile == null ? null : practitionerProfileSchema.safeParse(row.profile);
      return { profile: parsed?.success ? parsed.data : null, practitionerId: row?.practitionerId ?? null };
    },

    /** Whether `photoId` is a photo this practice uploaded. */
    async ownsPhoto(photoId: string): Promise<boolean> {
      return (await db.profilePhoto.count({ where: { id: photoId, practiceId: scope.practiceId } })) > 0;
    },

    /**
     * Saves the profile and publishes it: the practice's listing is created on the first save and
     * updated after; `place` is where the profile's location text points (the geocoder's answer).
     */
    async save(profile: PractitionerProfile, place: GeocodedPlace): Promise<ProfileSaved> {
      const tx = db;
      {
        const [current] = await tx.$queryRaw<{ profile: unknown; practitioner_id: string | null }[]>`
          SELECT profile, practitioner_id FROM practice WHERE id = ${scope.practiceId} FOR UPDATE`;
        const created = current?.profile == null;
        const listing = {
          name: profile.name,
          profileImage: profile.profileImage,
          specialties: catalogSpecialties(profile.specialties),
          location: place.label,
          lat: place.lat,
          lng: place.lng,
          yearsExperience: profile.yearsExperience,
          shortBio: profile.shortBio,
          about: profile.about,
          education: profile.education,
          certifications: profile.certifications,
          acceptsInsurance: profile.acceptsInsurance,
          treatmentApproaches: profile.treatmentApproaches,
        };
        let practitionerId = current?.practitioner_id ?? null;
        if (practitionerId) {
          await tx.practitioner.update({ where: { id: practitionerId }, data: listing, select: { id: true } });
        } else {
          practitionerId = randomUUID();
          await tx.practitioner.create({
            data: {
              id: practitionerId,
              ...listing,
              insuranceList: [],
              reviewCount: 0,
              rating: 0,
              testimonials: [],
              questionsPrompts: [],
              commonSymptoms: [],
              commonSymptomsNormalized: [],
              conditionsTreated: [],
            },
            select: { id: true },
          });
        }
        await tx.practice.update({ where: { id: scope.practiceId }, data: { profile, practitionerId }, select: { id: true } });
        await deleteUnusedPhotos(tx, scope, profile.profileImage ? profilePhotoIdOf(profile.profileImage) : null);
        return { created, practitionerId };
      }
    },

    /** Stores an uploaded photo (already re-encoded) and answers its id. */
    async addPhoto(photo: StoredPhoto): Promise<string> {
      const id = randomUUID();
      const tx = db;
      {
        const bytes = new Uint8Array(photo.bytes.byteLength);
        bytes.set(photo.bytes);
        await tx.profilePhoto.create({ data: { id, practiceId: scope.practiceId, bytes, sha256: photo.sha256, width: photo.width, height: photo.height }, select: { id: true } });
        const saved = await tx.practice.findUnique({ where: { id: scope.practiceId }, select: { profile: true } });
        const savedImage = (saved?.profile as { profileImage?: unknown } | null)?.profileImage;
        const inUse = typeof savedImage === 'string' ? profilePhotoIdOf(savedImage) : null;
        // Older uploads nobody saved; the saved profile's photo and this one stay.
        await tx.profilePhoto.deleteMany({
          where: {
            practiceId: scope.practiceId,
            createdAt: { lt: new Date(scope.now.getTime() - UNUSED_PHOTO_GRACE_MS) },
            id: { notIn: [id, ...(inUse ? [inUse] : [])] },
          },
        });
      }
      return id;
    },
  };
}

/** A stored photo for GET /api/photos/{id}.webp (public: a published profile shows it to anyone). */
export async function findProfilePhoto(db: Database, photoId: string): Promise<{ bytes: Uint8Array; sha256: string } | null> {
  return db.profilePhoto.findUnique({ where: { id: photoId }, select: { bytes: true, sha256: true } });
}
