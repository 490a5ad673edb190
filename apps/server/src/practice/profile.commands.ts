/**
 * The practitioner's public profile on the command runner (issue 14; issue 23, item 7), decided by
 * the domain's practitioner-profile machine. The aggregate is the practice: `load` locks its row, so
 * a save and a photo upload of one practice run one after the other.
 * - Publish (`profile.save`): the profile as the editor keeps it (`practice.profile`) and its
 *   listing in the directory (`practitioner`, linked by `practice.practitioner_id`) are written
 *   together, so the directory shows the saved profile as soon as the call commits. The write to
 *   `practitioner` fires its NOTIFY trigger (migration 20261123130000), and every server drops its
 *   directory cache (docs/decisions/0010); PostgreSQL derives the generated search columns
 *   (`search_document`, `specialty_mask`, `symptom_mask`).
 * - AddPhoto (POST /api/profile-photo): the re-encoded photo (`profile_photo`, the practice's own).
 * Either deletes the practice's uploads no saved profile uses once they are older than a day.
 */
import {
  decidePractitionerProfile,
  evolvePractitionerProfile,
  initialPractitionerProfile,
  practitionerProfileEventSchema,
  profilePhotoIdOf,
  specialtyOfEntry,
  type AddProfilePhotoCommand,
  type PractitionerProfile,
  type PractitionerProfileEvent,
  type PractitionerProfileState,
  type PublishProfileCommand,
  type Specialty,
} from '@wellspring/domain';
import type { CommandMachine } from '../commands/run-command.ts';
import type { DatabaseTransaction } from '../db/client.ts';
import type { GeocodedPlace } from '../geo/geocoder.ts';
import type { PracticeScope } from './practice-scope.ts';
import type { StoredPhoto } from './profile.repository.ts';

/** Uploaded photos no saved profile uses are kept this long (an editor may still be open), then deleted. */
const UNUSED_PHOTO_GRACE_MS = 24 * 60 * 60 * 1000;

type ProfileMachine<Command> = CommandMachine<PractitionerProfileState, Command, PractitionerProfileEvent>;

/** The catalog specialties of the profile's entries (the schema refused any other), in order, once each. */
const catalogSpecialties = (entries: readonly string[]): Specialty[] => [
  ...new Set(entries.map(specialtyOfEntry).filter((specialty): specialty is Specialty => specialty !== null)),
];

/** Deletes the practice's uploads older than the grace period, but for the ids in `keep`. */
async function deleteUnusedPhotos(tx: DatabaseTransaction, scope: PracticeScope, keep: readonly string[]): Promise<void> {
  await tx.profilePhoto.deleteMany({
    where: {
      practiceId: scope.practiceId,
      createdAt: { lt: new Date(scope.now.getTime() - UNUSED_PHOTO_GRACE_MS) },
      ...(keep.length > 0 ? { id: { notIn: [...keep] } } : {}),
    },
  });
}

/** What load, decide, evolve and the events are for every command of the profile. */
function profileMachine(scope: PracticeScope): Omit<ProfileMachine<never>, 'save' | 'decide'> {
  return {
    aggregateType: 'practitioner_profile',
    eventSchema: practitionerProfileEventSchema,
    async load(tx, practiceId) {
      if (practiceId !== scope.practiceId) throw new Error('practitioner profile: the aggregate is the caller\'s practice');
      const [row] = await tx.$queryRaw<{ published: boolean; practitioner_id: string | null }[]>`
        SELECT profile IS NOT NULL AS published, practitioner_id FROM practice WHERE id = ${scope.practiceId} FOR UPDATE`;
      if (!row?.published || row.practitioner_id === null) return initialPractitionerProfile;
      return { status: 'published', practitionerId: row.practitioner_id };
    },
    evolve: evolvePractitionerProfile,
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event } }),
  };
}

/** What a Publish saves: the profile, and where its location points (the geocoder's answer). */
export interface ProfilePublication {
  readonly profile: PractitionerProfile;
  readonly place: GeocodedPlace;
}

/** Saves and publishes `publication.profile`; the command's aggregate id is the practice's id. */
export function profilePublishCommands(scope: PracticeScope, publication: ProfilePublication): ProfileMachine<PublishProfileCommand> {
  const { profile, place } = publication;
  return {
    ...profileMachine(scope),
    decide: (state, command) => decidePractitionerProfile(state, command),
    async save(tx, { before, after }) {
      if (after.status !== 'published') throw new Error('profile Publish: an accepted Publish publishes the profile');
      const { practitionerId } = after;
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
      if (before.status === 'published') {
        await tx.practitioner.update({ where: { id: practitionerId }, data: listing, select: { id: true } });
      } else {
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
      const shown = profile.profileImage ? profilePhotoIdOf(profile.profileImage) : null;
      await deleteUnusedPhotos(tx, scope, shown ? [shown] : []);
      return undefined;
    },
  };
}

/** Stores an uploaded photo (already re-encoded) under the command's `photoId`; the aggregate id is the practice's id. */
export function profilePhotoCommands(scope: PracticeScope, photo: StoredPhoto): ProfileMachine<AddProfilePhotoCommand> {
  return {
    ...profileMachine(scope),
    decide: (state, command) => decidePractitionerProfile(state, command),
    async save(tx, { command }) {
      const bytes = new Uint8Array(photo.bytes.byteLength);
      bytes.set(photo.bytes);
      await tx.profilePhoto.create({
        data: { id: command.photoId, practiceId: scope.practiceId, bytes, sha256: photo.sha256, width: photo.width, height: photo.height },
        select: { id: true },
      });
      const saved = await tx.practice.findUnique({ where: { id: scope.practiceId }, select: { profile: true } });
      const savedImage = (saved?.profile as { profileImage?: unknown } | null)?.profileImage;
      const inUse = typeof savedImage === 'string' ? profilePhotoIdOf(savedImage) : null;
      // Older uploads nobody saved; the saved profile's photo and this one stay.
      await deleteUnusedPhotos(tx, scope, [command.photoId, ...(inUse ? [inUse] : [])]);
      return undefined;
    },
  };
}
