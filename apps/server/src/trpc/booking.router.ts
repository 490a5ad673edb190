/**
 * Online booking (issue 24). The practice's side: its settings (`settings`, `saveSettings`). The
 * patient's side, public: what a profile offers (`offer`), the open times of a session type
 * (`slots`: free/busy only, never who is booked), and booking one (`book`: rate-limited per address
 * and per e-mail; a time taken in the meantime is 409 "That time was just taken — please choose
 * another"). The rules are the domain's (booking/), the guard against double booking the database's
 * (record 0033).
 */
import {
  accountMessages,
  bookingManageMessages,
  bookingManageSchema,
  bookingMoveSchema,
  bookingHoldSchema,
  bookingOfferQuerySchema,
  bookingSettingsSchema,
  bookingSlotsQuerySchema,
  bookingSubmitSchema,
  defaultBookingSettings,
  newPatientsOnlyMessage,
  normalizeEmail,
  practitionerMessages,
  slotRefusalMessages,
  type BookingSettings,
  type OpenSlot,
} from '@wellspring/domain';
import { TRPCError } from '@trpc/server';
import { bookingSettingsCommands } from '../practice/booking-settings.commands.ts';
import { placeHold } from '../practice/booking-holds.ts';
import { cancelBooking, ManageRefused, moveBooking, viewBooking, type ManagedBooking } from '../practice/booking-manage.ts';
import { bookableSessionTypes, BookingRefused, listingBooking } from '../practice/booking-listing.ts';
import { bookSlot, cachedOpenSlots, type BookedAppointment } from '../practice/online-booking.ts';
import { fieldError } from './field-error.ts';
import { clientIp, enforceRateLimit, practitionerProcedure, publicProcedure, router, type Context } from './trpc.ts';

const HOUR_MS = 3_600_000;
/** Times a patient may hold per booking they may make: choosing, going back, choosing again. */
const HOLDS_PER_BOOKING = 6;

const practitionerNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: practitionerMessages.notFound.description });

async function bookingOf(ctx: Context, practitionerId: string) {
  const booking = await listingBooking(ctx.db, practitionerId);
  if (!booking) throw practitionerNotFound();
  return booking;
}

/**
 * The listing's booking for the public reads (the offer, the open times), from the directory cache:
 * a practice's booking settings are part of the directory (a change drops the cache, migration
 * 20261128130000). A booking or a hold reads them afresh (`bookingOf`).
 */
const cachedListingBooking = (ctx: Context, practitionerId: string) => ctx.directoryCache.read(`booking-listing:${practitionerId}`, () => listingBooking(ctx.db, practitionerId));

/** A refused booking as the patient reads it, under the field it is about. */
function refusalToTrpc(refusal: BookingRefused): TRPCError {
  switch (refusal.reason) {
    case 'taken':
      return new TRPCError({ code: 'CONFLICT', message: slotRefusalMessages.taken });
    case 'booking-off':
      return new TRPCError({ code: 'NOT_FOUND', message: slotRefusalMessages['booking-off'] });
    case 'unknown-session-type':
      return fieldError('sessionTypeId', slotRefusalMessages['unknown-session-type']);
    case 'new-patients-only':
      return fieldError('sessionTypeId', newPatientsOnlyMessage);
    default:
      return fieldError('startsAt', slotRefusalMessages[refusal.reason]);
  }
}

/** A refused manage action as the patient reads it. */
function manageRefusalToTrpc(refusal: ManageRefused): TRPCError {
  switch (refusal.reason) {
    case 'link':
      return new TRPCError({ code: 'NOT_FOUND', message: bookingManageMessages.deadLink });
    case 'window':
      return new TRPCError({ code: 'PRECONDITION_FAILED', message: bookingManageMessages.window(refusal.booking?.cancellationWindowHours ?? 0, refusal.booking?.practitionerName ?? 'the practice') });
    default:
      return refusalToTrpc(new BookingRefused(refusal.reason));
  }
}

/** The call's facts a manage action needs. */
const manageCall = (ctx: Context) => ({ now: ctx.now, requestId: ctx.requestId, sourceAddress: clientIp(ctx), links: ctx.links });

/** Runs a manage action, turning a refusal into its answer. */
async function managing<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof ManageRefused) throw manageRefusalToTrpc(error);
    throw error;
  }
}

export const bookingRouter = router({
  /** The practice's booking settings as the settings screen edits them (the defaults before the first save). */
  settings: practitionerProcedure.query(async ({ ctx }): Promise<{ settings: BookingSettings; saved: boolean }> => {
    const saved = await ctx.practice.booking.settings();
    if (saved) return { settings: saved, saved: true };
    // Before the first save: the defaults, in the practice's zone and currency (Settings › Practice).
    const practice = await ctx.practice.settings.read();
    return { settings: { ...defaultBookingSettings(practice.timeZone), currency: practice.currency }, saved: false };
  }),

  /** Saves the settings through the booking settings machine. */
  saveSettings: practitionerProcedure.input(bookingSettingsSchema).mutation(async ({ ctx, input }): Promise<{ settings: BookingSettings }> => {
    // Online bookings only for an account whose address is proved (issue 25).
    if (input.enabled && !ctx.user.emailVerified) throw fieldError('enabled', accountMessages.needsVerifiedEmail);
    await ctx.command(bookingSettingsCommands(ctx.scope), ctx.scope.practiceId, { kind: 'SaveBookingSettings', settings: input });
    return { settings: input };
  }),

  /**
   * Whether the listing takes online bookings, and its session types; a listing no practice owns
   * (the spec's samples) or an unknown one takes none, so a profile simply shows no "Book".
   */
  offer: publicProcedure.input(bookingOfferQuerySchema).query(async ({ ctx, input }) => {
    const booking = await cachedListingBooking(ctx, input.practitionerId);
    const sessionTypes = bookableSessionTypes(booking).map(({ id, name, durationMinutes, priceMinor, mode, newPatientsOnly, description }) => ({
      id,
      name,
      durationMinutes,
      priceMinor,
      mode,
      newPatientsOnly,
      description,
    }));
    const enabled = sessionTypes.length > 0;
    return {
      enabled,
      timeZone: enabled ? (booking?.timeZone ?? null) : null,
      currency: booking?.settings?.currency ?? 'USD',
      // How many days ahead the picker's calendar reaches.
      horizonDays: enabled ? (booking?.settings?.horizonDays ?? 0) : 0,
      sessionTypes,
    };
  }),

  /** The open times of a session type, `days` dates from `from` (today) in the practice's zone. */
  slots: publicProcedure.input(bookingSlotsQuerySchema).query(async ({ ctx, input }): Promise<{ timeZone: string; slots: OpenSlot[] }> => {
    const booking = await cachedListingBooking(ctx, input.practitionerId);
    if (!booking) throw practitionerNotFound();
    if (!booking.settings?.enabled) throw new TRPCError({ code: 'NOT_FOUND', message: slotRefusalMessages['booking-off'] });
    if (!booking.settings.sessionTypes.some((type) => type.id === input.sessionTypeId)) throw fieldError('sessionTypeId', slotRefusalMessages['unknown-session-type']);
    const slots = await cachedOpenSlots(ctx.db, booking, { sessionTypeId: input.sessionTypeId, ...(input.from ? { from: input.from } : {}), days: input.days, now: ctx.now }, ctx.calendarCache);
    return { timeZone: booking.timeZone, slots };
  }),

  /**
   * Holds a chosen time for the patient while they fill the form (the previous hold released); a
   * time held or booked meanwhile is 409 like a booking's. Rate-limited per address, as holds keep
   * times from others.
   */
  hold: publicProcedure.input(bookingHoldSchema).mutation(async ({ ctx, input }) => {
    const { bookingsPerAddressMax } = ctx.config.rateLimits;
    await enforceRateLimit(ctx, { bucket: 'booking-hold-ip', max: bookingsPerAddressMax * HOLDS_PER_BOOKING, windowMs: HOUR_MS }, clientIp(ctx), 'Too many requests. Please try again later.');
    const booking = await bookingOf(ctx, input.practitionerId);
    try {
      return await placeHold(ctx.db, booking, input, ctx.now);
    } catch (error) {
      if (error instanceof BookingRefused) throw refusalToTrpc(error);
      throw error;
    }
  }),

  /** Books a slot: the appointment waits for the practitioner's confirmation, or is confirmed at once (per session type). */
  book: publicProcedure.input(bookingSubmitSchema).mutation(async ({ ctx, input }): Promise<BookedAppointment> => {
    const { bookingsPerAddressMax, bookingsPerEmailMax } = ctx.config.rateLimits;
    const tooMany = 'Too many bookings. Please try again later.';
    await enforceRateLimit(ctx, { bucket: 'booking-ip', max: bookingsPerAddressMax, windowMs: HOUR_MS }, clientIp(ctx), tooMany);
    await enforceRateLimit(ctx, { bucket: 'booking-email', max: bookingsPerEmailMax, windowMs: HOUR_MS }, normalizeEmail(input.email), tooMany);
    const booking = await bookingOf(ctx, input.practitionerId);
    try {
      return await bookSlot(ctx.db, booking, input, { now: ctx.now, requestId: ctx.requestId, sourceAddress: clientIp(ctx), links: ctx.links });
    } catch (error) {
      if (error instanceof BookingRefused) throw refusalToTrpc(error);
      throw error;
    }
  }),

  /**
   * The patient's manage link: the booking behind it (no account; the token rides in the link's
   * fragment and reaches the server only in the call), cancelling it and moving it, each refused
   * with its reason — a dead link (404), the cancellation window (412), a time no longer open.
   */
  manage: publicProcedure.input(bookingManageSchema).query(({ ctx, input }): Promise<ManagedBooking> => managing(() => viewBooking(ctx.db, input.token, manageCall(ctx)))),

  cancel: publicProcedure.input(bookingManageSchema).mutation(({ ctx, input }) => managing(() => cancelBooking(ctx.db, input.token, manageCall(ctx)))),

  move: publicProcedure.input(bookingMoveSchema).mutation(({ ctx, input }): Promise<ManagedBooking> => managing(() => moveBooking(ctx.db, input.token, input.startsAt, manageCall(ctx)))),
});
