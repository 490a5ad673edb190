import { practitionerProfileSchema, profileMessages, profilePhotoIdOf } from '@wellspring/domain';
import { geocodeUsPlace } from '../geo/geocoder.ts';
import type { MyProfile, ProfileSaved } from '../practice/profile.repository.ts';
import { fieldError } from './field-error.ts';
import { practitionerProcedure, router } from './trpc.ts';

export const profileRouter = router({
  /** The caller's profile as the editor shows it (null before the first save) and its listing's id. */
  mine: practitionerProcedure.query(({ ctx }): Promise<MyProfile> => ctx.practice.profile.mine()),

  /**
   * Saves the profile and publishes it to the directory (SPEC §4 "Profile save"). The location must be
   * a US city and state or a ZIP code the gazetteer knows (else a field message: never a listing
   * that distance search cannot find); the photo must be one the caller uploaded, or unchanged.
   */
  save: practitionerProcedure.input(practitionerProfileSchema).mutation(async ({ ctx, input }): Promise<ProfileSaved> => {
    const place = await geocodeUsPlace(input.location);
    if (!place) throw fieldError('location', profileMessages.locationUnknown);
    if (input.profileImage !== null) {
      const current = await ctx.practice.profile.mine();
      const photoId = profilePhotoIdOf(input.profileImage);
      const unchanged = current.profile?.profileImage === input.profileImage;
      if (!unchanged && (photoId === null || !(await ctx.practice.profile.ownsPhoto(photoId)))) {
        throw fieldError('profileImage', profileMessages.profileImageNotUploaded);
      }
    }
    return ctx.practice.profile.save(input, place);
  }),
});
