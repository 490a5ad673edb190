import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { accountMessages, practitionerProfileSchema, profileMessages } from '@wellspring/domain';
import { geocodeUsPlace } from '../geo/geocoder.ts';
import { profilePublishCommands } from '../practice/profile.commands.ts';
import type { MyProfile, ProfileSaved } from '../practice/profile.repository.ts';
import { fieldError } from './field-error.ts';
import { practitionerProcedure, router } from './trpc.ts';

export const profileRouter = router({
  /** The caller's profile as the editor shows it (null before the first save) and its listing's id. */
  mine: practitionerProcedure.query(({ ctx }): Promise<MyProfile> => ctx.practice.profile.mine()),

  /**
   * Saves the profile and publishes it to the directory (docs/product.md#profile-editor), a Publish of the
   * practice's profile machine. The location must be a US city and state or a ZIP code the gazetteer
   * knows (else a field message: never a listing that distance search cannot find); the machine
   * refuses a photo the caller did not upload (unless unchanged), under the photo field.
   */
  save: practitionerProcedure.input(practitionerProfileSchema).mutation(async ({ ctx, input }): Promise<ProfileSaved> => {
    // A listing is published only by an account whose address is proved (issue 25).
    if (!ctx.user.emailVerified) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: accountMessages.needsVerifiedEmail });
    const place = await geocodeUsPlace(input.location);
    if (!place) throw fieldError('location', profileMessages.locationUnknown);
    const photo = await ctx.practice.profile.photoCheck(input.profileImage);
    const { state, events } = await ctx.command(profilePublishCommands(ctx.scope, { profile: input, place }), ctx.scope.practiceId, {
      kind: 'Publish',
      newPractitionerId: randomUUID(),
      photo,
    });
    if (state.status !== 'published') throw new Error('profile.save: an accepted Publish publishes the profile');
    return { created: events.some((event) => event.type === 'ProfilePublished'), practitionerId: state.practitionerId };
  }),
});
