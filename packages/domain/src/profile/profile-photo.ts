/**
 * The profile photo (issue 14): what the editor accepts before uploading and the server checks
 * again (it reads the bytes, not the name or the declared type), and how a stored photo is addressed.
 * The server re-encodes every upload to a square WebP of `PROFILE_PHOTO_SIZE_PX` pixels.
 */

/** The largest file the editor uploads and the server reads: 5 MB. */
export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Width and height of the stored photo (a centred square crop). */
export const PROFILE_PHOTO_SIZE_PX = 512;
/** The media types a photo may have when uploaded. */
export const profilePhotoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ProfilePhotoType = (typeof profilePhotoTypes)[number];

export const profilePhotoMessages = {
  type: 'Please choose a JPEG, PNG or WebP image',
  tooLarge: 'The photo must be at most 5 MB',
  empty: 'The file is empty',
  unreadable: 'This file is not an image we can read. Please choose a JPEG, PNG or WebP image',
  tooManyPixels: 'The image is too large. Please choose one of at most 40 megapixels',
  uploaded: 'Photo uploaded',
  uploadFailed: 'Failed to upload photo',
  removed: 'Photo removed',
} as const;

/** The most pixels a photo may have before it is decoded (a guard against decompression bombs). */
export const PROFILE_PHOTO_MAX_PIXELS = 40_000_000;

export const isProfilePhotoType = (type: string): type is ProfilePhotoType => (profilePhotoTypes as readonly string[]).includes(type);

/** What the editor checks before uploading a file: its declared type and size (the server checks the bytes). */
export function checkProfilePhotoFile(file: { readonly type: string; readonly size: number }): string | null {
  if (!isProfilePhotoType(file.type)) return profilePhotoMessages.type;
  if (file.size === 0) return profilePhotoMessages.empty;
  if (file.size > PROFILE_PHOTO_MAX_BYTES) return profilePhotoMessages.tooLarge;
  return null;
}

/** Where the upload goes (POST, the image's bytes as the body, its media type as Content-Type). */
export const PROFILE_PHOTO_UPLOAD_PATH = '/api/profile-photo';
/** The URL of a stored photo: each upload has its own id, so the URL never changes meaning (cached as immutable). */
export const profilePhotoUrl = (photoId: string): string => `/api/photos/${photoId}.webp`;
const PHOTO_URL = /^\/api\/photos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;
/** The photo id of an uploaded photo's URL, or null for any other address. */
export function profilePhotoIdOf(url: string): string | null {
  return PHOTO_URL.exec(url)?.[1] ?? null;
}

/** The answer of a successful upload. */
export interface StoredPhotoInfo {
  readonly photoUrl: string;
  readonly width: number;
  readonly height: number;
}
