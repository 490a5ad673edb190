/**
 * The practitioner's public profile (issue 14), as the editor reads it: the profile the practice keeps
 * (`practice.profile`), its listing's id, and its uploaded photos (`profile_photo`). Every statement
 * is scoped by `scope.practiceId`. Saving and uploading are commands (profile.commands.ts).
 */
import { practitionerProfileSchema, profilePhotoIdOf, type PractitionerProfile, type ProfilePhotoCheck } from '@wellspring/domain';
import type { Database } from '../db/client.ts';
import type { PracticeSql } from './practice-transaction.ts';
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

export function profileRepository(sql: PracticeSql, scope: PracticeScope) {
  const mine = async (): Promise<MyProfile> => {
    const { rows } = await sql.query<{ profile: unknown; practitionerId: string | null }>('SELECT profile, practitioner_id AS "practitionerId" FROM practice WHERE id = $1', [
      scope.practiceId,
    ]);
    const row = rows[0];
    const parsed = row?.profile == null ? null : practitionerProfileSchema.safeParse(row.profile);
    return { profile: parsed?.success ? parsed.data : null, practitionerId: row?.practitionerId ?? null };
  };
  return {
    mine,

    /**
     * What the photo address a save would publish is, for the profile machine: none, the one the
     * saved profile already shows, a photo this practice uploaded, or anything else.
     */
    async photoCheck(profileImage: string | null): Promise<ProfilePhotoCheck> {
      if (profileImage === null) return 'none';
      if ((await mine()).profile?.profileImage === profileImage) return 'unchanged';
      const photoId = profilePhotoIdOf(profileImage);
      if (photoId === null) return 'notUploaded';
      const { rows } = await sql.query<{ id: string }>('SELECT id FROM profile_photo WHERE id = $1 AND practice_id = $2', [photoId, scope.practiceId]);
      return rows.length > 0 ? 'uploaded' : 'notUploaded';
    },
  };
}

/** A stored photo for GET /api/photos/{id}.webp (public: a published profile shows it to anyone). */
export async function findProfilePhoto(db: Database, photoId: string): Promise<{ bytes: Uint8Array; sha256: string } | null> {
  return db.profilePhoto.findUnique({ where: { id: photoId }, select: { bytes: true, sha256: true } });
}
