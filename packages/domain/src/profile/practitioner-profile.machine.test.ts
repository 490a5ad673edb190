import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import {
  decidePractitionerProfile,
  evolvePractitionerProfile,
  initialPractitionerProfile,
  practitionerProfileEventSchema,
  type PractitionerProfileCommand,
  type ProfilePhotoCheck,
} from './practitioner-profile.machine.ts';
import { profileMessages } from './practitioner-profile.schema.ts';

const publish = (newPractitionerId: string, photo: ProfilePhotoCheck = 'none'): PractitionerProfileCommand => ({ kind: 'Publish', newPractitionerId, photo });

describe('practitioner profile machine', () => {
  it('publishes a new listing on the first save and updates that listing after', () => {
    expect(decidePractitionerProfile(initialPractitionerProfile, publish('l1'))).toEqual({ ok: true, events: [{ type: 'ProfilePublished', practitionerId: 'l1' }] });
    const published = evolvePractitionerProfile(initialPractitionerProfile, { type: 'ProfilePublished', practitionerId: 'l1' });
    expect(published).toEqual({ status: 'published', practitionerId: 'l1' });
    // A later save keeps the listing's id, whatever fresh id it came with.
    expect(decidePractitionerProfile(published, publish('l2', 'unchanged'))).toEqual({ ok: true, events: [{ type: 'ProfileUpdated', practitionerId: 'l1' }] });
    expect(decidePractitionerProfile(published, publish('l2', 'uploaded'))).toEqual({ ok: true, events: [{ type: 'ProfileUpdated', practitionerId: 'l1' }] });
  });

  it('refuses a photo this practice did not upload, under the photo field', () => {
    for (const state of [initialPractitionerProfile, evolvePractitionerProfile(initialPractitionerProfile, { type: 'ProfilePublished', practitionerId: 'l1' })]) {
      expect(decidePractitionerProfile(state, publish('l2', 'notUploaded'))).toEqual({
        ok: false,
        error: { code: 'PRECONDITION_FAILED', message: profileMessages.profileImageNotUploaded, field: 'profileImage' },
      });
    }
  });

  it('adds a photo with an event that holds its id only, changing nothing published', () => {
    expect(decidePractitionerProfile(initialPractitionerProfile, { kind: 'AddPhoto', photoId: 'ph1' })).toEqual({ ok: true, events: [{ type: 'ProfilePhotoAdded', photoId: 'ph1' }] });
    expect(evolvePractitionerProfile(initialPractitionerProfile, { type: 'ProfilePhotoAdded', photoId: 'ph1' })).toEqual(initialPractitionerProfile);
  });

  it('obeys the machine laws', () => {
    const command: fc.Arbitrary<PractitionerProfileCommand> = fc.oneof(
      fc.record({
        kind: fc.constant('Publish' as const),
        newPractitionerId: fc.constantFrom('l1', 'l2'),
        photo: fc.constantFrom<ProfilePhotoCheck>('none', 'unchanged', 'uploaded', 'notUploaded'),
      }),
      fc.record({ kind: fc.constant('AddPhoto' as const), photoId: fc.constantFrom('ph1', 'ph2') }),
    );
    checkMachineLaws({
      initial: initialPractitionerProfile,
      decide: (state, next) => decidePractitionerProfile(state, next),
      evolve: evolvePractitionerProfile,
      step: fc.record({ command, context: fc.constant(undefined) }),
      isValid: (state) => state.status === 'unpublished' || state.practitionerId.length > 0,
      eventSchema: practitionerProfileEventSchema,
    });
  });
});
