/**
 * A practice's public profile as a decide/evolve machine (issue 14; aggregate: the practice). The
 * first Publish creates the practice's directory listing, later ones update it; an uploaded photo is
 * added to the practice's photos. Events hold ids only: the profile's text lives in the practice's
 * row and its listing, a photo's bytes in its own row, never in events.
 *
 * | state       | command  | condition                                    | events            | next      |
 * |-------------|----------|----------------------------------------------|-------------------|-----------|
 * | unpublished | Publish  | photo none, unchanged or uploaded here       | ProfilePublished  | published |
 * | published   | Publish  | photo none, unchanged or uploaded here       | ProfileUpdated    | published |
 * | any         | Publish  | photo not uploaded by this practice          | PRECONDITION_FAILED (field profileImage) | unchanged |
 * | any         | AddPhoto | —                                            | ProfilePhotoAdded | unchanged |
 *
 * A published profile keeps its listing id: ProfileUpdated names the listing it updated.
 */
import { z } from 'zod';
import { accept, type Decision } from '../shared/decision.ts';
import { profileMessages } from './practitioner-profile.schema.ts';

export type PractitionerProfileState =
  | { readonly status: 'unpublished' }
  | {
      readonly status: 'published';
      /** The listing's id (`/practitioners/{id}`). */
      readonly practitionerId: string;
    };

export const initialPractitionerProfile: PractitionerProfileState = { status: 'unpublished' };

/**
 * What the server found of the photo address a Publish saves (only the database knows which
 * photos a practice uploaded): none, the one the saved profile already shows, a photo this practice
 * uploaded, or anything else (another practice's photo, an address that is no upload).
 */
export type ProfilePhotoCheck = 'none' | 'unchanged' | 'uploaded' | 'notUploaded';

export type PractitionerProfileCommand =
  | {
      readonly kind: 'Publish';
      /** The id a first publication gives the new listing (a published profile keeps its own). */
      readonly newPractitionerId: string;
      readonly photo: ProfilePhotoCheck;
    }
  | { readonly kind: 'AddPhoto'; readonly photoId: string };

export type PublishProfileCommand = Extract<PractitionerProfileCommand, { kind: 'Publish' }>;
export type AddProfilePhotoCommand = Extract<PractitionerProfileCommand, { kind: 'AddPhoto' }>;

const id = z.string().min(1);
export const practitionerProfileEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ProfilePublished'), practitionerId: id }),
  z.object({ type: z.literal('ProfileUpdated'), practitionerId: id }),
  z.object({ type: z.literal('ProfilePhotoAdded'), photoId: id }),
]);
export type PractitionerProfileEvent = Readonly<z.output<typeof practitionerProfileEventSchema>>;

export function decidePractitionerProfile(state: PractitionerProfileState, command: PractitionerProfileCommand): Decision<PractitionerProfileEvent> {
  if (command.kind === 'AddPhoto') return accept({ type: 'ProfilePhotoAdded', photoId: command.photoId });
  if (command.photo === 'notUploaded') {
    // Under the form's photo field, as the editor shows it.
    return { ok: false, error: { code: 'PRECONDITION_FAILED', message: profileMessages.profileImageNotUploaded, field: 'profileImage' } };
  }
  return state.status === 'published'
    ? accept({ type: 'ProfileUpdated', practitionerId: state.practitionerId })
    : accept({ type: 'ProfilePublished', practitionerId: command.newPractitionerId });
}

export function evolvePractitionerProfile(state: PractitionerProfileState, event: PractitionerProfileEvent): PractitionerProfileState {
  switch (event.type) {
    case 'ProfilePublished':
    case 'ProfileUpdated':
      return { status: 'published', practitionerId: event.practitionerId };
    case 'ProfilePhotoAdded':
      return state;
  }
}
