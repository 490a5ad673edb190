import { describe, expect, it } from 'vitest';
import { checkProfilePhotoFile, PROFILE_PHOTO_MAX_BYTES, profilePhotoIdOf, profilePhotoMessages, profilePhotoUrl } from './profile-photo.ts';

describe('profile photo', () => {
  it('accepts JPEG, PNG and WebP up to 5 MB, and says why not otherwise', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(checkProfilePhotoFile({ type, size: 1000 })).toBeNull();
    expect(checkProfilePhotoFile({ type: 'image/png', size: PROFILE_PHOTO_MAX_BYTES })).toBeNull();
    expect(checkProfilePhotoFile({ type: 'image/png', size: PROFILE_PHOTO_MAX_BYTES + 1 })).toBe(profilePhotoMessages.tooLarge);
    expect(checkProfilePhotoFile({ type: 'image/png', size: 0 })).toBe(profilePhotoMessages.empty);
    for (const type of ['image/gif', 'image/svg+xml', 'application/pdf', '']) expect(checkProfilePhotoFile({ type, size: 10 })).toBe(profilePhotoMessages.type);
  });

  it('addresses a stored photo by its id, and reads the id back only from such an address', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(profilePhotoUrl(id)).toBe(`/api/photos/${id}.webp`);
    expect(profilePhotoIdOf(profilePhotoUrl(id))).toBe(id);
    for (const other of ['/images/a.jpg', `https://example.com/api/photos/${id}.webp`, `/api/photos/${id}.webp?x`, '/api/photos/../x.webp']) expect(profilePhotoIdOf(other)).toBeNull();
  });
});
