/**
 * Practice data belongs to one practitioner. For EVERY practice procedure of the router: the owner
 * gets their data, a second practitioner gets nothing of it and changes nothing (another practice's
 * id behaves exactly like an unknown one), and a visitor gets 401. The table is checked against the
 * router itself: a new procedure that is neither public nor in this table fails the suite.
 */
import { TRPCError } from '@trpc/server';
import { addDays, calendarDateInZone, defaultBookingSettings, portalFormToCreate, zonedTimeToInstant } from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCommunity } from '../src/seed/community.seed.ts';
import { appRouter } from '../src/trpc/app.router.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { addAppointment, addNote, addPatient, addPayment, createPractitioner, type PracticeCaller, type TestPractitioner } from './support/practice-factory.ts';
import { startTestServer, trpcMutation, trpcQuery, type TestServer } from './support/server.ts';

/**
 * Procedures that hold no practice data: public, or the caller's own account. Each one is proven
 * below (called signed out and by another practitioner, its answer holds nothing of the owner's
 * practice) with the input in PUBLIC_PROBES: an entry without a probe fails.
 */
const NOT_PRACTICE_DATA = new Set([
  // The signed-in account's own settings (issue 25): its name, e-mail, password, 2-step and
  // sessions, each read and changed by the account's own id only.
  'account.overview',
  'account.rename',
  'account.reauthenticate',
  'account.changePassword',
  'account.changeEmail',
  'account.resendVerification',
  'account.twoStep.start',
  'account.twoStep.confirm',
  'account.twoStep.disable',
  'account.twoStep.regenerateRecoveryCodes',
  'account.sessions.list',
  'account.sessions.revoke',
  'account.sessions.revokeOthers',
  'account.notifications',
  'applications.submit',
  'auth.me',
  'auth.signIn',
  'auth.signOut',
  'auth.signUp',
  // Getting back in: a reset or verification link acts for the bearer of its own token only.
  'auth.secondFactor',
  'auth.requestPasswordReset',
  'auth.passwordResetLink',
  'auth.resetPassword',
  'auth.verifyEmail',
  // A listing's online booking: its session types, free/busy times, and a patient's booking.
  'booking.book',
  'booking.hold',
  'booking.offer',
  'booking.slots',
  // A patient's manage link: the booking shows and changes only for the bearer of its own token
  // (booking-links.int.test.ts); without it, nothing of any practice.
  'booking.manage',
  'booking.cancel',
  'booking.move',
  // A visitor's message to a practitioner's public profile.
  'contactMessages.send',
  'directory.search',
  'favorites.ids',
  'favorites.set',
  'geo.suggest',
  'practitioners.byId',
  'quiz.match',
  // What a shared referral link offers a visitor (the code is meant to be passed around).
  'referralCodes.offer',
  'waitlist.invite',
  'waitlist.join',
]);

interface Fixture {
  readonly owner: TestPractitioner;
  readonly other: TestPractitioner;
  readonly patientId: string;
  readonly patientName: string;
  readonly appointmentDate: string;
  /** The owner's confirmed appointment on `appointmentDate`, its note and its payment. */
  readonly appointmentId: string;
  readonly noteId: string;
  readonly paymentId: string;
  /** The owner's active referral code, a pending referral the owner sent with it, and a third practitioner who refers people to the owner. */
  readonly codeId: string;
  readonly code: string;
  readonly referralId: string;
  readonly referrer: TestPractitioner;
  /** A published practitioner who asks the owner to connect. */
  readonly requester: TestPractitioner;
  /** A visitor's unread message to the owner's listing. */
  readonly contactMessageId: string;
  /** The owner's issued invoice of the patient (Billing, issue 26). */
  readonly invoiceId: string;
}

interface IsolationCase {
  readonly type: 'query' | 'mutation';
  /** A valid input naming the owner's records. */
  readonly input: (fixture: Fixture) => unknown;
  /** The owner's call succeeds and shows their data. */
  readonly owner: (caller: PracticeCaller, fixture: Fixture) => Promise<void>;
  /** The other practitioner's call with the same input shows none of it and changes nothing. */
  readonly other: (caller: PracticeCaller, fixture: Fixture) => Promise<void>;
}

const expectNotFound = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code).toBe('NOT_FOUND');
  expect((error as TRPCError).message).toBe('Unknown Patient');
};

/** The NOT_FOUND of a record that is not the caller's, with the message an unknown id gets. */
const expectMissing = (message: string) => async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code).toBe('NOT_FOUND');
  expect((error as TRPCError).message).toBe(message);
};
const expectAppointmentNotFound = expectMissing('Appointment not found.');
const expectNoteNotFound = expectMissing('Note not found.');
const expectPaymentNotFound = expectMissing('Payment not found.');

const portalForm = (fixture: Fixture, patientEmail = 'quinby@example.com') => ({
  patientName: fixture.patientName,
  patientEmail,
  appointmentType: 'follow_up' as const,
  date: `${fixture.appointmentDate}T16:00`,
  duration: '30' as const,
  notes: '',
});

/** The schedule dialog's create: one of the practice's patients, by id. */
const dialogForm = (fixture: Fixture, time: string) => ({ patientId: fixture.patientId, date: fixture.appointmentDate, time, duration: 30, appointmentType: 'follow_up' as const, mode: 'virtual' as const, notes: '' });

/** The other practitioner's call on the owner's appointment, and on an unknown one, answer alike. */
const appointmentTransition = (verb: 'confirm' | 'complete' | 'cancel' | 'delete', ownerStatus: string): IsolationCase => ({
  type: 'mutation',
  input: (fixture) => ({ id: fixture.appointmentId }),
  owner: async (caller, fixture) => {
    const created = await caller.appointments.create(portalFormToCreate(portalForm(fixture)));
    if (verb === 'complete') await caller.appointments.confirm({ id: created.id });
    expect((await caller.appointments[verb]({ id: created.id })).status).toBe(ownerStatus);
  },
  other: async (caller, fixture) => {
    await expectAppointmentNotFound(caller.appointments[verb]({ id: fixture.appointmentId }));
    await expectAppointmentNotFound(caller.appointments[verb]({ id: 'no-such-appointment' }));
  },
});

/** The owner's public profile (saved in beforeAll) and the photo it shows. */
const ownerProfile = (photoUrl: string | null = null) => ({
  name: 'Dr. Owner Listing',
  location: 'Portland, OR',
  shortBio: 'Private until saved.',
  about: 'An about text that is long enough for the profile editor to accept it as is.',
  yearsExperience: '9',
  specialties: ['Naturopathy'],
  profileImage: photoUrl,
});
const ownerListingId = async (): Promise<string | null> =>
  ((await database.query<{ practitioner_id: string | null }>('SELECT practitioner_id FROM practice WHERE id = $1', [fixture.owner.practiceId]))[0]?.practitioner_id ?? null);
const ownerPhotoUrl = async (): Promise<string> =>
  `/api/photos/${(await database.query<{ id: string }>('SELECT id::text FROM profile_photo WHERE practice_id = $1', [fixture.owner.practiceId]))[0]?.id ?? ''}.webp`;

const expectReferralNotFound = expectMissing('Referral not found.');
const expectMessageNotFound = expectMissing('Message not found.');

/** A visitor's message to the owner's listing, sent over HTTP as from the profile page; returns its id. */
async function sendToOwner(message: string): Promise<string> {
  const listingId = await ownerListingId();
  const sent = await trpcMutation<{ id: string }>(server, 'contactMessages.send', { practitionerId: listingId, name: 'Vera Visitor', email: 'vera@example.com', phone: '', message, consent: true });
  expect(sent.status).toBe(200);
  return sent.data?.id ?? '';
}
const expectCodeNotFound = expectMissing('Referral code not found.');

let isolationCodes = 0;
const freshCode = () => `ISO-${Date.now().toString(36).toUpperCase()}-${(isolationCodes += 1)}`;
const codeForm = (code = freshCode()) => ({ code, description: '$50 off first consultation', reward: '50', maxUsage: '', expiryDate: '' });
const referralForm = (fixture: Fixture, email = 'referee@example.com') => ({ name: 'Riley Referee', email, type: 'patient' as const, referralCode: fixture.code });

/** The other practitioner's call on the owner's referral, and on an unknown one, answer alike. */
const referralTransition = (verb: 'resend' | 'cancel' | 'accept' | 'decline', ownerStatus: string): IsolationCase => ({
  type: 'mutation',
  input: (fixture) => ({ id: fixture.referralId }),
  owner: async (caller, fixture) => {
    // Resend and cancel: a referral the owner sent; accept and decline: one sent to the owner.
    const sent =
      verb === 'resend' || verb === 'cancel'
        ? await caller.referrals.create(referralForm(fixture))
        : await fixture.referrer.caller.referrals.create({ ...referralForm(fixture, fixture.owner.user.email), referralCode: (await fixture.referrer.caller.referralCodes.list())[0]?.code ?? '' });
    expect(await caller.referrals[verb]({ id: sent.id })).toEqual({ id: sent.id, status: ownerStatus });
  },
  other: async (caller, fixture) => {
    await expectReferralNotFound(caller.referrals[verb]({ id: fixture.referralId }));
    await expectReferralNotFound(caller.referrals[verb]({ id: 'no-such-referral' }));
  },
});

/** The other practitioner's call on the owner's code, and on an unknown one, answer alike. */
const codeTransition = (verb: 'activate' | 'deactivate' | 'delete', ownerStatus: string): IsolationCase => ({
  type: 'mutation',
  input: (fixture) => ({ id: fixture.codeId }),
  owner: async (caller) => {
    const created = await caller.referralCodes.create(codeForm());
    if (verb === 'activate') await caller.referralCodes.deactivate({ id: created.id });
    expect(await caller.referralCodes[verb]({ id: created.id })).toEqual({ id: created.id, status: ownerStatus });
  },
  other: async (caller, fixture) => {
    await expectCodeNotFound(caller.referralCodes[verb]({ id: fixture.codeId }));
    await expectCodeNotFound(caller.referralCodes[verb]({ id: 'no-such-code' }));
  },
});

/** A 400 with one field's message. */
const expectFieldError = async (call: Promise<unknown>, field: string, message: string) => {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code).toBe('BAD_REQUEST');
  expect((error as TRPCError).message).toBe(message);
  expect(((error as TRPCError).cause as { issues?: { path: string[] }[] } | undefined)?.issues?.[0]?.path).toEqual([field]);
};

const expectInvoiceNotFound = expectMissing('Invoice not found.');

/** An issued invoice of 80.00 for the owner's patient. */
async function issuedOwnerInvoice(caller: PracticeCaller, fixture: Fixture): Promise<{ id: string; number: string }> {
  const { id } = await caller.invoices.create({ patientId: fixture.patientId });
  await caller.invoices.save({ id, lines: [{ description: 'Session', quantity: 1, unitPrice: '80' }] });
  return caller.invoices.issue({ id });
}

/** A read of the owner's invoice: the other practitioner's, like an unknown id's, is NOT_FOUND. */
const invoiceRead = (call: (caller: PracticeCaller, id: string) => Promise<unknown>, check: (answer: unknown) => Promise<void>): IsolationCase => ({
  type: 'query',
  input: (fixture) => ({ id: fixture.invoiceId }),
  owner: async (caller, fixture) => check(await call(caller, fixture.invoiceId)),
  other: async (caller, fixture) => {
    await expectInvoiceNotFound(call(caller, fixture.invoiceId));
    await expectInvoiceNotFound(call(caller, 'no-such-invoice'));
  },
});

/** A change of the owner's invoice: the other practitioner's, like an unknown id's, is NOT_FOUND and changes nothing. */
const invoiceChange = (
  input: (fixture: Fixture) => Record<string, unknown>,
  owner: IsolationCase['owner'],
  call: (caller: PracticeCaller, input: Record<string, unknown>) => Promise<unknown>,
): IsolationCase => ({
  type: 'mutation',
  input,
  owner,
  other: async (caller, fixture) => {
    await expectInvoiceNotFound(call(caller, input(fixture)));
    await expectInvoiceNotFound(call(caller, { ...input(fixture), id: 'no-such-invoice' }));
  },
});

const ownerBookingSettings = () => ({
  ...defaultBookingSettings('America/Los_Angeles'),
  enabled: true,
  sessionTypes: [{ id: 'owner-private', name: 'Owner Private Session', durationMinutes: 45, priceMinor: 9000, mode: 'virtual' as const, newPatientsOnly: false, description: '', approval: 'auto' as const }],
});

const PRACTICE_PROCEDURES: Record<string, IsolationCase> = {
  'booking.settings': {
    type: 'query',
    input: () => undefined,
    owner: async (caller) => {
      await caller.booking.saveSettings(ownerBookingSettings());
      expect(await caller.booking.settings()).toEqual({ settings: ownerBookingSettings(), saved: true });
    },
    other: async (caller) => {
      const theirs = await caller.booking.settings();
      expect(theirs.saved).toBe(false);
      expect(JSON.stringify(theirs)).not.toContain('Owner Private Session');
    },
  },
  'booking.saveSettings': {
    type: 'mutation',
    input: () => ownerBookingSettings(),
    owner: async (caller) => {
      expect(await caller.booking.saveSettings(ownerBookingSettings())).toEqual({ settings: ownerBookingSettings() });
    },
    other: async (caller, fixture) => {
      await caller.booking.saveSettings({ ...ownerBookingSettings(), enabled: false, sessionTypes: ownerBookingSettings().sessionTypes.map((type) => ({ ...type, name: 'Theirs' })) });
      const owners = await database.query<{ booking_settings: { sessionTypes: { name: string }[] } | null }>('SELECT booking_settings FROM practice WHERE id = $1', [fixture.owner.practiceId]);
      expect(owners[0]?.booking_settings?.sessionTypes.map((type) => type.name)).toEqual(['Owner Private Session']);
    },
  },
  // Before the read's row: by then the owner's practice has a name and a currency of its own. The
  // zones stay as they are (the rows after these count days in them).
  'practiceSettings.save': {
    type: 'mutation',
    input: () => ({ name: 'Owner Private Clinic', timeZone: 'America/Los_Angeles', currency: 'GBP' as const }),
    owner: async (caller) => {
      const { timeZone } = await caller.practiceSettings.get();
      expect(await caller.practiceSettings.save({ name: 'Owner Private Clinic', timeZone, currency: 'GBP' })).toMatchObject({ settings: { name: 'Owner Private Clinic', timeZone, currency: 'GBP' } });
    },
    other: async (caller, fixture) => {
      const { timeZone } = await caller.practiceSettings.get();
      await caller.practiceSettings.save({ name: 'Theirs', timeZone, currency: 'INR' });
      expect(await caller.practiceSettings.get()).toEqual({ name: 'Theirs', timeZone, currency: 'INR' });
      const owners = await database.query<{ name: string; currency: string }>('SELECT name, currency FROM practice WHERE id = $1', [fixture.owner.practiceId]);
      expect(owners[0]?.name).not.toBe('Theirs');
      expect(owners[0]?.currency).not.toBe('INR');
    },
  },
  'practiceSettings.get': {
    type: 'query',
    input: () => undefined,
    owner: async (caller) => {
      expect(await caller.practiceSettings.get()).toMatchObject({ name: 'Owner Private Clinic', currency: 'GBP' });
    },
    other: async (caller) => {
      const theirs = await caller.practiceSettings.get();
      expect(theirs.name).not.toBe('Owner Private Clinic');
      expect(theirs.currency).not.toBe('GBP');
    },
  },
  'practiceSettings.current': {
    type: 'query',
    input: () => undefined,
    owner: async (caller) => expect(await caller.practiceSettings.current()).toMatchObject({ currency: 'GBP' }),
    other: async (caller) => expect((await caller.practiceSettings.current()).currency).not.toBe('GBP'),
  },
  'calendarFeed.status': {
    type: 'query',
    input: () => undefined,
    owner: async (caller) => {
      const enabled = await caller.calendarFeed.enable();
      expect(await caller.calendarFeed.status()).toEqual(enabled);
      expect(enabled.url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    },
    other: async (caller, fixture) => {
      const owners = await fixture.owner.caller.calendarFeed.status();
      const theirs = await caller.calendarFeed.status();
      if (owners.url !== null) expect(theirs.url).not.toBe(owners.url);
      expect(theirs.url === null || !theirs.url.includes(fixture.owner.practiceId)).toBe(true);
    },
  },
  'calendarFeed.enable': {
    type: 'mutation',
    input: () => undefined,
    owner: async (caller) => expect((await caller.calendarFeed.enable()).enabled).toBe(true),
    // The other practice's link is its own: the owner's hash, generation and names stay as they were.
    other: async (caller, fixture) => {
      const theirs = await caller.calendarFeed.enable();
      expect(theirs.url).not.toBe((await fixture.owner.caller.calendarFeed.status()).url);
    },
  },
  'calendarFeed.regenerate': {
    type: 'mutation',
    input: () => undefined,
    owner: async (caller) => {
      const before = await caller.calendarFeed.enable();
      expect((await caller.calendarFeed.regenerate()).url).not.toBe(before.url);
    },
    other: async (caller) => {
      await caller.calendarFeed.enable();
      await caller.calendarFeed.regenerate();
    },
  },
  'calendarFeed.disable': {
    type: 'mutation',
    input: () => undefined,
    owner: async (caller) => {
      await caller.calendarFeed.enable();
      expect(await caller.calendarFeed.disable()).toMatchObject({ enabled: false, url: null });
      await caller.calendarFeed.enable();
    },
    other: async (caller) => {
      await caller.calendarFeed.disable();
    },
  },
  'calendarFeed.setShowsNames': {
    type: 'mutation',
    input: () => ({ showsNames: true }),
    owner: async (caller) => {
      expect((await caller.calendarFeed.setShowsNames({ showsNames: true })).showsNames).toBe(true);
      expect((await caller.calendarFeed.setShowsNames({ showsNames: false })).showsNames).toBe(false);
    },
    other: async (caller) => {
      await caller.calendarFeed.setShowsNames({ showsNames: true });
      await caller.calendarFeed.setShowsNames({ showsNames: false });
      await caller.calendarFeed.setShowsNames({ showsNames: true });
    },
  },
  'profile.mine': {
    type: 'query',
    input: () => undefined,
    owner: async (caller) => {
      const mine = await caller.profile.mine();
      expect(mine.profile?.name).toBe('Dr. Owner Listing');
      expect(mine.practitionerId).toBe(await ownerListingId());
    },
    other: async (caller) => expect(await caller.profile.mine()).toEqual({ profile: null, practitionerId: null }),
  },
  'profile.save': {
    type: 'mutation',
    input: () => ownerProfile(),
    owner: async (caller) => {
      const photoUrl = await ownerPhotoUrl();
      expect(await caller.profile.save(ownerProfile(photoUrl))).toEqual({ created: false, practitionerId: await ownerListingId() });
    },
    other: async (caller) => {
      // Another practitioner cannot show the owner's photo...
      const refused = await caller.profile.save(ownerProfile(await ownerPhotoUrl())).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect((refused as TRPCError).code).toBe('BAD_REQUEST');
      // ...and saving the same profile publishes a listing of their own, never the owner's.
      const saved = await caller.profile.save(ownerProfile());
      expect(saved.created).toBe(true);
      expect(saved.practitionerId).not.toBe(await ownerListingId());
    },
  },
  'referrals.list': {
    type: 'query',
    input: () => undefined,
    owner: async (caller, fixture) => expect((await caller.referrals.list()).referrals.map((row) => row.id)).toContain(fixture.referralId),
    other: async (caller) => expect(await caller.referrals.list()).toEqual({ referrals: [], stats: { total: 0, completed: 0, rewardsEarned: 0 } }),
  },
  'referrals.create': {
    type: 'mutation',
    input: (fixture) => referralForm(fixture),
    owner: async (caller, fixture) => expect(await caller.referrals.create(referralForm(fixture))).toMatchObject({ status: 'pending' }),
    other: async (caller, fixture) => {
      await expectFieldError(caller.referrals.create(referralForm(fixture)), 'referralCode', 'Referral code not found.');
      await expectFieldError(caller.referrals.create({ ...referralForm(fixture), referralCode: 'NO-SUCH-CODE' }), 'referralCode', 'Referral code not found.');
    },
  },
  'referrals.resend': referralTransition('resend', 'pending'),
  'referrals.cancel': referralTransition('cancel', 'cancelled'),
  'referrals.accept': referralTransition('accept', 'accepted'),
  'referrals.decline': referralTransition('decline', 'declined'),
  'referralCodes.list': {
    type: 'query',
    input: () => undefined,
    owner: async (caller, fixture) => expect((await caller.referralCodes.list()).map((row) => row.id)).toContain(fixture.codeId),
    other: async (caller) => expect(await caller.referralCodes.list()).toEqual([]),
  },
  'referralCodes.create': {
    type: 'mutation',
    input: () => codeForm('ISO-VISITOR'),
    owner: async (caller) => {
      const code = freshCode();
      expect(await caller.referralCodes.create(codeForm(code))).toMatchObject({ code });
    },
    // The owner's code is taken across the site: the other gets the same answer as for any taken code, and nothing of the owner's changes.
    other: async (caller, fixture) => expectFieldError(caller.referralCodes.create(codeForm(fixture.code)), 'code', 'This referral code already exists.'),
  },
  'referralCodes.activate': codeTransition('activate', 'active'),
  'referralCodes.deactivate': codeTransition('deactivate', 'inactive'),
  'referralCodes.delete': codeTransition('delete', 'deleted'),

  'contactMessages.list': {
    type: 'query',
    input: () => undefined,
    owner: async (caller, fixture) => {
      const listed = await caller.contactMessages.list();
      expect(listed.messages.map((message) => message.id)).toContain(fixture.contactMessageId);
      expect(listed.unread).toBeGreaterThan(0);
    },
    other: async (caller) => expect(await caller.contactMessages.list()).toEqual({ messages: [], total: 0, unread: 0, timeZone: 'America/Los_Angeles' }),
  },
  'contactMessages.markRead': {
    type: 'mutation',
    input: (fixture) => ({ id: fixture.contactMessageId }),
    owner: async (caller) => {
      const id = await sendToOwner('Another visitor message for the owner.');
      expect(await caller.contactMessages.markRead({ id })).toEqual({ id, read: true });
      expect((await caller.contactMessages.list()).messages.find((message) => message.id === id)?.readAt).not.toBeNull();
    },
    other: async (caller, fixture) => {
      await expectMessageNotFound(caller.contactMessages.markRead({ id: fixture.contactMessageId }));
      await expectMessageNotFound(caller.contactMessages.markRead({ id: 'no-such-message' }));
    },
  },

  'dashboard.overview': {
    type: 'query',
    input: () => undefined,
    owner: async (caller) => {
      const overview = await caller.dashboard.overview();
      expect(overview.stats.totalPatients).toBe(1);
      expect(overview.upcoming).toHaveLength(1);
    },
    other: async (caller) => {
      const overview = await caller.dashboard.overview();
      expect(overview.stats.totalPatients).toBe(0);
      expect(overview.upcoming).toEqual([]);
    },
  },
  'schedule.week': {
    type: 'query',
    input: (fixture) => ({ weekStart: fixture.appointmentDate }),
    owner: async (caller, fixture) => expect((await caller.schedule.week({ weekStart: fixture.appointmentDate })).days.flatMap((day) => day.appointments)).toHaveLength(1),
    other: async (caller, fixture) => expect((await caller.schedule.week({ weekStart: fixture.appointmentDate })).days.flatMap((day) => day.appointments)).toEqual([]),
  },
  'schedule.patientOptions': {
    type: 'query',
    input: (fixture) => ({ query: fixture.patientName }),
    owner: async (caller, fixture) => expect(await caller.schedule.patientOptions({ query: fixture.patientName })).toEqual([{ id: fixture.patientId, name: fixture.patientName }]),
    other: async (caller, fixture) => expect(await caller.schedule.patientOptions({ query: fixture.patientName })).toEqual([]),
  },
  'schedule.overlaps': {
    type: 'query',
    input: (fixture) => ({ date: fixture.appointmentDate, time: '10:00', duration: 60 }),
    owner: async (caller, fixture) => expect(await caller.schedule.overlaps({ date: fixture.appointmentDate, time: '10:00', duration: 60 })).toHaveLength(1),
    other: async (caller, fixture) => expect(await caller.schedule.overlaps({ date: fixture.appointmentDate, time: '10:00', duration: 60 })).toEqual([]),
  },
  'patients.list': {
    type: 'query',
    input: (fixture) => ({ query: fixture.patientName }),
    owner: async (caller, fixture) => expect((await caller.patients.list({ query: fixture.patientName })).items.map((row) => row.id)).toEqual([fixture.patientId]),
    other: async (caller, fixture) => expect(await caller.patients.list({ query: fixture.patientName })).toMatchObject({ items: [], total: 0 }),
  },
  'patients.byId': {
    type: 'query',
    input: (fixture) => ({ id: fixture.patientId }),
    owner: async (caller, fixture) => expect((await caller.patients.byId({ id: fixture.patientId })).name).toBe(fixture.patientName),
    other: async (caller, fixture) => {
      await expectNotFound(caller.patients.byId({ id: fixture.patientId }));
      await expectNotFound(caller.patients.byId({ id: 'no-such-patient' }));
    },
  },
  'patients.create': {
    type: 'mutation',
    input: () => ({ name: 'Iso New Patient' }),
    owner: async (caller) => {
      const created = await caller.patients.create({ name: 'Iso Owner Patient', email: 'iso.owner.patient@example.com' });
      expect((await caller.patients.byId({ id: created.id })).email).toBe('iso.owner.patient@example.com');
    },
    // The other practitioner's patient is theirs: the owner's practice gains nothing (the snapshot).
    other: async (caller) => {
      const created = await caller.patients.create({ name: 'Iso Other Patient' });
      expect((await caller.patients.byId({ id: created.id })).name).toBe('Iso Other Patient');
    },
  },
  'patients.update': {
    type: 'mutation',
    input: (fixture) => ({ id: fixture.patientId, name: fixture.patientName }),
    owner: async (caller, fixture) => {
      const before = await caller.patients.byId({ id: fixture.patientId });
      await caller.patients.update({ id: fixture.patientId, name: fixture.patientName, email: before.email, phone: '(503) 555-0199', status: before.status });
      expect((await caller.patients.byId({ id: fixture.patientId })).phone).toBe('(503) 555-0199');
    },
    other: async (caller, fixture) => {
      await expectNotFound(caller.patients.update({ id: fixture.patientId, name: 'Stolen Name' }));
      await expectNotFound(caller.patients.update({ id: 'no-such-patient', name: 'Stolen Name' }));
    },
  },
  'patients.updateHealthRecord': {
    type: 'mutation',
    input: (fixture) => ({ id: fixture.patientId, allergies: [{ name: 'Latex', severity: 'Mild' }] }),
    owner: async (caller, fixture) => {
      await caller.patients.updateHealthRecord({ id: fixture.patientId, allergies: [{ name: 'Latex', severity: 'Mild' }] });
      expect((await caller.patients.byId({ id: fixture.patientId })).allergies).toEqual([{ name: 'Latex', severity: 'Mild', reaction: '' }]);
    },
    other: async (caller, fixture) => {
      await expectNotFound(caller.patients.updateHealthRecord({ id: fixture.patientId, allergies: [{ name: 'Planted', severity: 'Severe' }] }));
      await expectNotFound(caller.patients.updateHealthRecord({ id: 'no-such-patient', allergies: [] }));
    },
  },
  'patients.setArchived': {
    type: 'mutation',
    input: (fixture) => ({ id: fixture.patientId, archived: true }),
    owner: async (caller, fixture) => {
      await caller.patients.setArchived({ id: fixture.patientId, archived: true });
      expect((await caller.patients.byId({ id: fixture.patientId })).status).toBe('inactive');
      await caller.patients.setArchived({ id: fixture.patientId, archived: false });
      expect((await caller.patients.byId({ id: fixture.patientId })).status).toBe('active');
    },
    other: async (caller, fixture) => {
      await expectNotFound(caller.patients.setArchived({ id: fixture.patientId, archived: true }));
      await expectNotFound(caller.patients.setArchived({ id: 'no-such-patient', archived: true }));
    },
  },
  'patients.possibleDuplicates': {
    type: 'query',
    input: (fixture) => ({ name: fixture.patientName }),
    owner: async (caller, fixture) => {
      const { email } = await caller.patients.byId({ id: fixture.patientId });
      expect((await caller.patients.possibleDuplicates({ email })).map((patient) => patient.id)).toEqual([fixture.patientId]);
    },
    other: async (caller, fixture) => {
      const email = (await database.query<{ email: string }>('SELECT email FROM patient WHERE id = $1', [fixture.patientId]))[0]?.email ?? '';
      expect(email).not.toBe('');
      expect(await caller.patients.possibleDuplicates({ email })).toEqual([]);
    },
  },
  'patients.auditTrail': {
    type: 'query',
    input: (fixture) => ({ id: fixture.patientId }),
    owner: async (caller, fixture) => expect((await caller.patients.auditTrail({ id: fixture.patientId })).entries.length).toBeGreaterThan(0),
    other: async (caller, fixture) => {
      await expectNotFound(caller.patients.auditTrail({ id: fixture.patientId }));
      await expectNotFound(caller.patients.auditTrail({ id: 'no-such-patient' }));
    },
  },
  // The portal's rows come last: their calls add records, and the rows above count from a fresh practice.
  'portalDashboard.overview': {
    type: 'query',
    input: () => undefined,
    owner: async (caller) => {
      const overview = await caller.portalDashboard.overview();
      expect(overview.totalAppointments).toBeGreaterThan(0);
      expect(overview.ehrRecords).toBeGreaterThan(0);
      expect(overview.revenue.usdMinor).toBeGreaterThan(0);
    },
    other: async (caller) =>
      expect(await caller.portalDashboard.overview()).toEqual({ totalAppointments: 0, upcomingAppointments: 0, uniquePatients: 0, ehrRecords: 0, revenue: { usdMinor: 0, other: [] }, upcoming: [] }),
  },
  'appointments.list': {
    type: 'query',
    input: () => ({}),
    owner: async (caller, fixture) => expect((await caller.appointments.list({})).items.map((row) => row.id)).toContain(fixture.appointmentId),
    other: async (caller) => expect(await caller.appointments.list({})).toMatchObject({ items: [], total: 0 }),
  },
  'payments.list': {
    type: 'query',
    input: () => ({}),
    owner: async (caller, fixture) => expect((await caller.payments.list({})).items.map((row) => row.id)).toContain(fixture.paymentId),
    other: async (caller) => expect(await caller.payments.list({})).toMatchObject({ items: [], total: 0 }),
  },
  'clinicalRecords.list': {
    type: 'query',
    input: (fixture) => ({ patientId: fixture.patientId }),
    owner: async (caller, fixture) => expect((await caller.clinicalRecords.list({ patientId: fixture.patientId })).items.map((row) => row.id)).toContain(fixture.noteId),
    other: async (caller, fixture) => {
      expect(await caller.clinicalRecords.list({})).toMatchObject({ items: [], total: 0 });
      await expectNotFound(caller.clinicalRecords.list({ patientId: fixture.patientId }));
      await expectNotFound(caller.clinicalRecords.list({ patientId: 'no-such-patient' }));
    },
  },
  'appointments.byId': {
    type: 'query',
    input: (fixture) => ({ id: fixture.appointmentId }),
    owner: async (caller, fixture) => expect((await caller.appointments.byId({ id: fixture.appointmentId })).form.patientName).toBe(fixture.patientName),
    other: async (caller, fixture) => {
      await expectAppointmentNotFound(caller.appointments.byId({ id: fixture.appointmentId }));
      await expectAppointmentNotFound(caller.appointments.byId({ id: 'no-such-appointment' }));
    },
  },
  'appointments.create': {
    type: 'mutation',
    input: (fixture) => portalFormToCreate(portalForm(fixture)),
    // The portal's form names the patient by e-mail, the schedule's dialog by id: both find the owner's.
    owner: async (caller, fixture) => {
      expect((await caller.appointments.create(portalFormToCreate(portalForm(fixture)))).patientId).toBe(fixture.patientId);
      expect((await caller.appointments.create(dialogForm(fixture, '14:00'))).patientId).toBe(fixture.patientId);
    },
    // The same e-mail in another practice is another practice's patient: a new one of the caller's own;
    // another practice's patient id is not found, like an unknown one.
    other: async (caller, fixture) => {
      expect((await caller.appointments.create({ ...portalFormToCreate(portalForm(fixture)), patientName: 'Namesake Elsewhere' })).patientId).not.toBe(fixture.patientId);
      await expectNotFound(caller.appointments.create(dialogForm(fixture, '15:00')));
      await expectNotFound(caller.appointments.create({ ...dialogForm(fixture, '15:00'), patientId: 'no-such-patient' }));
    },
  },
  'appointments.update': {
    type: 'mutation',
    input: (fixture) => ({ ...portalForm(fixture), id: fixture.appointmentId }),
    owner: async (caller, fixture) => {
      const created = await caller.appointments.create(portalFormToCreate(portalForm(fixture)));
      await caller.appointments.update({ ...portalForm(fixture), id: created.id, duration: '90' });
      expect((await caller.appointments.byId({ id: created.id })).form.duration).toBe('90');
    },
    other: async (caller, fixture) => {
      await expectAppointmentNotFound(caller.appointments.update({ ...portalForm(fixture), id: fixture.appointmentId }));
      await expectAppointmentNotFound(caller.appointments.update({ ...portalForm(fixture), id: 'no-such-appointment' }));
    },
  },
  'appointments.confirm': appointmentTransition('confirm', 'confirmed'),
  'appointments.complete': appointmentTransition('complete', 'completed'),
  'appointments.cancel': appointmentTransition('cancel', 'cancelled'),
  'appointments.delete': appointmentTransition('delete', 'deleted'),
  'clinicalRecords.create': {
    type: 'mutation',
    input: (fixture) => ({ patientName: fixture.patientName, patientId: fixture.patientId, subjective: 'Feels better' }),
    owner: async (caller, fixture) =>
      expect(await caller.clinicalRecords.create({ patientName: fixture.patientName, patientId: fixture.patientId, appointmentId: fixture.appointmentId, subjective: 'Feels better' })).toMatchObject({
        patientId: fixture.patientId,
      }),
    other: async (caller, fixture) => {
      await expectNotFound(caller.clinicalRecords.create({ patientName: fixture.patientName, patientId: fixture.patientId, subjective: 'x' }));
      await expectNotFound(caller.clinicalRecords.create({ patientName: fixture.patientName, patientId: 'no-such-patient', subjective: 'x' }));
      await expectAppointmentNotFound(caller.clinicalRecords.create({ patientName: fixture.patientName, appointmentId: fixture.appointmentId, subjective: 'x' }));
      await expectAppointmentNotFound(caller.clinicalRecords.create({ patientName: fixture.patientName, appointmentId: 'no-such-appointment', subjective: 'x' }));
    },
  },
  'clinicalRecords.addAddendum': {
    type: 'mutation',
    input: (fixture) => ({ id: fixture.noteId, text: 'Correction' }),
    owner: async (caller, fixture) => expect((await caller.clinicalRecords.addAddendum({ id: fixture.noteId, text: 'Correction' })).addendum.text).toBe('Correction'),
    other: async (caller, fixture) => {
      await expectNoteNotFound(caller.clinicalRecords.addAddendum({ id: fixture.noteId, text: 'Not mine' }));
      await expectNoteNotFound(caller.clinicalRecords.addAddendum({ id: 'no-such-note', text: 'Not mine' }));
    },
  },
  'clinicalRecords.saveDraft': {
    type: 'mutation',
    input: (fixture) => ({ id: fixture.noteId, subjective: 'Edited' }),
    owner: async (caller, fixture) => {
      const draft = await caller.clinicalRecords.create({ patientName: fixture.patientName, patientId: fixture.patientId, subjective: 'First words' });
      expect(await caller.clinicalRecords.saveDraft({ id: draft.id, subjective: 'More words' })).toMatchObject({ id: draft.id });
    },
    other: async (caller, fixture) => {
      await expectNoteNotFound(caller.clinicalRecords.saveDraft({ id: fixture.noteId, subjective: 'Not mine' }));
      await expectNoteNotFound(caller.clinicalRecords.saveDraft({ id: 'no-such-note', subjective: 'Not mine' }));
    },
  },
  'clinicalRecords.sign': {
    type: 'mutation',
    input: (fixture) => ({ id: fixture.noteId }),
    owner: async (caller, fixture) => {
      const draft = await caller.clinicalRecords.create({ patientName: fixture.patientName, patientId: fixture.patientId, subjective: 'To sign' });
      expect(await caller.clinicalRecords.sign({ id: draft.id })).toMatchObject({ id: draft.id });
    },
    other: async (caller, fixture) => {
      await expectNoteNotFound(caller.clinicalRecords.sign({ id: fixture.noteId }));
      await expectNoteNotFound(caller.clinicalRecords.sign({ id: 'no-such-note' }));
    },
  },
  'payments.create': {
    type: 'mutation',
    input: (fixture) => ({ amount: '10.00', appointmentId: fixture.appointmentId }),
    owner: async (caller, fixture) => expect(await caller.payments.create({ amount: '10.00', appointmentId: fixture.appointmentId })).toMatchObject({ amountMinor: 1000, currency: 'usd' }),
    other: async (caller, fixture) => {
      await expectAppointmentNotFound(caller.payments.create({ amount: '10.00', appointmentId: fixture.appointmentId }));
      await expectAppointmentNotFound(caller.payments.create({ amount: '10.00', appointmentId: 'no-such-appointment' }));
      await expectNotFound(caller.payments.create({ amount: '10.00', patientId: fixture.patientId }));
      await expectNotFound(caller.payments.create({ amount: '10.00', patientId: 'no-such-patient' }));
    },
  },
  // The community is shared by every practitioner; what is one's own is one's likes, RSVPs and
  // connections, and no input names a practitioner: the other's call acts in their own name only.
  'community.forum': {
    type: 'query',
    input: () => ({}),
    owner: async (caller) => {
      await caller.community.likeTopic({ id: '1', liked: true });
      expect((await caller.community.forum({})).topics.find((topic) => topic.id === '1')?.likedByMe).toBe(true);
    },
    other: async (caller) => expect((await caller.community.forum({})).topics.every((topic) => !topic.likedByMe)).toBe(true),
  },
  'community.likeTopic': {
    type: 'mutation',
    input: () => ({ id: '4', liked: true }),
    owner: async (caller) => expect(await caller.community.likeTopic({ id: '4', liked: true })).toMatchObject({ liked: true }),
    other: async (caller, fixture) => {
      await caller.community.likeTopic({ id: '4', liked: false });
      expect(await database.query('SELECT user_id FROM forum_topic_like WHERE topic_id = $1 AND user_id <> $2', ['4', fixture.owner.user.id])).toEqual([]);
      await expectMissing('Topic not found.')(caller.community.likeTopic({ id: 'no-such-topic', liked: true }));
    },
  },
  'community.events': {
    type: 'query',
    input: () => ({}),
    owner: async (caller) => {
      await caller.community.rsvp({ id: '3', going: true });
      expect((await caller.community.events({})).find((event) => event.id === '3')?.goingByMe).toBe(true);
    },
    other: async (caller) => expect((await caller.community.events({})).every((event) => !event.goingByMe)).toBe(true),
  },
  'community.rsvp': {
    type: 'mutation',
    input: () => ({ id: '5', going: true }),
    owner: async (caller) => expect(await caller.community.rsvp({ id: '5', going: true })).toMatchObject({ goingByMe: true }),
    other: async (caller, fixture) => {
      await caller.community.rsvp({ id: '5', going: false });
      expect(await database.query('SELECT user_id FROM event_rsvp WHERE user_id <> $1', [fixture.owner.user.id])).toEqual([]);
      await expectMissing('Event not found.')(caller.community.rsvp({ id: 'no-such-event', going: true }));
    },
  },
  'community.resources': {
    type: 'query',
    input: () => ({}),
    owner: async (caller) => {
      await caller.community.likeResource({ id: '2', liked: true });
      expect((await caller.community.resources({ id: '2' }))[0]?.likedByMe).toBe(true);
    },
    other: async (caller) => expect((await caller.community.resources({})).every((resource) => !resource.likedByMe)).toBe(true),
  },
  'community.likeResource': {
    type: 'mutation',
    input: () => ({ id: '3', liked: true }),
    owner: async (caller) => expect(await caller.community.likeResource({ id: '3', liked: true })).toMatchObject({ liked: true }),
    other: async (caller, fixture) => {
      await caller.community.likeResource({ id: '3', liked: false });
      expect(await database.query('SELECT user_id FROM resource_like WHERE user_id <> $1', [fixture.owner.user.id])).toEqual([]);
      await expectMissing('Resource not found.')(caller.community.likeResource({ id: 'no-such-resource', liked: true }));
    },
  },
  // A resource's download count is the library's shared tally; each press counts in the presser's name.
  'community.countDownload': {
    type: 'mutation',
    input: () => ({ id: '3' }),
    owner: async (caller) => expect(await caller.community.countDownload({ id: '3' })).toMatchObject({ id: '3' }),
    other: async (caller, fixture) => {
      await caller.community.countDownload({ id: '3' });
      const [latest] = await database.query<{ actor_id: string }>("SELECT actor_id FROM domain_event WHERE aggregate_type = 'resource-download' ORDER BY sequence DESC LIMIT 1");
      expect(latest?.actor_id).not.toBe(fixture.owner.user.id);
      await expectMissing('Resource not found.')(caller.community.countDownload({ id: 'no-such-resource' }));
    },
  },
  // beforeAll: the owner is connected with sample member 2, and the requester has asked the owner.
  'community.members': {
    type: 'query',
    input: () => ({}),
    owner: async (caller, fixture) => {
      const page = await caller.community.members({});
      expect(page.members.find((member) => member.id === '2')?.connectionStatus).toBe('connected');
      expect(page.members.map((member) => member.id)).not.toContain(fixture.owner.user.id);
    },
    other: async (caller, fixture) => {
      const page = await caller.community.members({});
      expect(page.members.find((member) => member.id === '2')?.connectionStatus).toBe('connect');
      expect(page.members.find((member) => member.id === fixture.owner.user.id)?.connectionStatus).toBe('connect');
    },
  },
  'community.connectionRequests': {
    type: 'query',
    input: () => undefined,
    owner: async (caller, fixture) => expect((await caller.community.connectionRequests()).map((request) => request.member.id)).toContain(fixture.requester.user.id),
    other: async (caller) => expect(await caller.community.connectionRequests()).toEqual([]),
  },
  'community.requestConnection': {
    type: 'mutation',
    input: () => ({ memberId: '4' }),
    owner: async (caller) => expect(await caller.community.requestConnection({ memberId: '3' })).toEqual({ memberId: '3', connectionStatus: 'pending' }),
    // A request is always in the caller's own name; the owner's connections stay as they were.
    other: async (caller, fixture) => {
      expect(await caller.community.requestConnection({ memberId: '3' })).toEqual({ memberId: '3', connectionStatus: 'pending' });
      expect(await database.query('SELECT requester_id FROM member_connection WHERE member_a_id = $1 OR member_b_id = $1', [fixture.other.user.id])).toEqual([{ requester_id: fixture.other.user.id }]);
      await expectMissing('Member not found.')(caller.community.requestConnection({ memberId: 'no-such-member' }));
    },
  },
  'community.acceptConnection': {
    type: 'mutation',
    input: (fixture) => ({ memberId: fixture.requester.user.id }),
    owner: async (caller, fixture) =>
      expect(await caller.community.acceptConnection({ memberId: fixture.requester.user.id })).toEqual({ memberId: fixture.requester.user.id, connectionStatus: 'connected' }),
    // Nobody accepts a request addressed to the owner but the owner: exactly as no request at all.
    other: async (caller, fixture) => {
      await expectMissing('No connection request from this member.')(caller.community.acceptConnection({ memberId: fixture.requester.user.id }));
      await expectMissing('No connection request from this member.')(caller.community.acceptConnection({ memberId: 'no-such-member' }));
    },
  },
  'community.declineConnection': {
    type: 'mutation',
    input: (fixture) => ({ memberId: fixture.requester.user.id }),
    owner: async (caller, fixture) => {
      const asker = await createPractitioner(database.db, { name: 'Dr. Declined Asker' });
      await asker.caller.profile.save({ ...ownerProfile(), name: 'Dr. Declined Asker' });
      await asker.caller.community.requestConnection({ memberId: fixture.owner.user.id });
      expect(await caller.community.declineConnection({ memberId: asker.user.id })).toEqual({ memberId: asker.user.id, connectionStatus: 'connect' });
    },
    other: async (caller, fixture) => {
      await expectMissing('No connection request from this member.')(caller.community.declineConnection({ memberId: fixture.requester.user.id }));
      await expectMissing('No connection request from this member.')(caller.community.declineConnection({ memberId: 'no-such-member' }));
    },
  },
  // Issue 26: a visit's codes, the superbill and the patient's copy of their record.
  'appointments.codes': {
    type: 'query',
    input: (fixture) => ({ id: fixture.appointmentId }),
    owner: async (caller, fixture) => expect(await caller.appointments.codes({ id: fixture.appointmentId })).toMatchObject({ id: fixture.appointmentId, patientId: fixture.patientId }),
    other: async (caller, fixture) => {
      await expectAppointmentNotFound(caller.appointments.codes({ id: fixture.appointmentId }));
      await expectAppointmentNotFound(caller.appointments.codes({ id: 'no-such-appointment' }));
    },
  },
  'appointments.setCodes': {
    type: 'mutation',
    input: (fixture) => ({ id: fixture.appointmentId, cptCodes: '99213', icd10Codes: 'M54.5' }),
    owner: async (caller, fixture) => {
      await caller.appointments.setCodes({ id: fixture.appointmentId, cptCodes: '99213', icd10Codes: 'M54.5' });
      expect(await caller.appointments.codes({ id: fixture.appointmentId })).toMatchObject({ cptCodes: ['99213'], icd10Codes: ['M54.5'] });
    },
    other: async (caller, fixture) => {
      await expectAppointmentNotFound(caller.appointments.setCodes({ id: fixture.appointmentId, cptCodes: '97140', icd10Codes: 'F41.1' }));
      await expectAppointmentNotFound(caller.appointments.setCodes({ id: 'no-such-appointment', cptCodes: '97140', icd10Codes: '' }));
    },
  },
  'records.superbill': {
    type: 'query',
    input: (fixture) => ({ patientId: fixture.patientId, from: fixture.appointmentDate, to: fixture.appointmentDate }),
    owner: async (caller, fixture) =>
      expect(await caller.records.superbill({ patientId: fixture.patientId, from: fixture.appointmentDate, to: fixture.appointmentDate })).toMatchObject({
        fileName: `superbill-isolated-patient-quinby-${fixture.appointmentDate}-to-${fixture.appointmentDate}.pdf`,
        lines: 1,
      }),
    other: async (caller, fixture) => {
      await expectNotFound(caller.records.superbill({ patientId: fixture.patientId, from: fixture.appointmentDate, to: fixture.appointmentDate }));
      await expectNotFound(caller.records.superbill({ patientId: 'no-such-patient', from: fixture.appointmentDate, to: fixture.appointmentDate }));
    },
  },
  'records.fhirBundle': {
    type: 'query',
    input: (fixture) => ({ id: fixture.patientId }),
    owner: async (caller, fixture) => expect(Buffer.from((await caller.records.fhirBundle({ id: fixture.patientId })).base64, 'base64').toString()).toContain(fixture.patientName),
    other: async (caller, fixture) => {
      await expectNotFound(caller.records.fhirBundle({ id: fixture.patientId }));
      await expectNotFound(caller.records.fhirBundle({ id: 'no-such-patient' }));
    },
  },
  'records.recordPdf': {
    type: 'query',
    input: (fixture) => ({ id: fixture.patientId }),
    owner: async (caller) => expect((await caller.records.recordPdf({ id: fixture.patientId })).fileName).toBe('record-isolated-patient-quinby.pdf'),
    other: async (caller, fixture) => {
      await expectNotFound(caller.records.recordPdf({ id: fixture.patientId }));
      await expectNotFound(caller.records.recordPdf({ id: 'no-such-patient' }));
    },
  },
  'payments.refund': {
    type: 'mutation',
    input: (fixture) => ({ id: fixture.paymentId }),
    owner: async (caller) => {
      const created = await caller.payments.create({ amount: '5.00' });
      expect(await caller.payments.refund({ id: created.id })).toEqual({ id: created.id, status: 'refunded' });
    },
    other: async (caller, fixture) => {
      await expectPaymentNotFound(caller.payments.refund({ id: fixture.paymentId }));
      await expectPaymentNotFound(caller.payments.refund({ id: 'no-such-payment' }));
    },
  },
  // Billing (issue 26): the owner's invoices; another practice's invoice id is an unknown one.
  'invoices.list': {
    type: 'query',
    input: () => ({}),
    owner: async (caller, fixture) => expect((await caller.invoices.list({})).items.map((row) => row.id)).toContain(fixture.invoiceId),
    other: async (caller) => {
      expect(await caller.invoices.list({})).toMatchObject({ items: [], total: 0 });
      expect(await caller.invoices.list({ status: 'issued' })).toMatchObject({ items: [], total: 0 });
    },
  },
  'invoices.byId': invoiceRead((caller, id) => caller.invoices.byId({ id }), async (answer) => expect(answer).toMatchObject({ status: 'issued', patientName: 'Isolated Patient Quinby' })),
  'invoices.pdf': invoiceRead((caller, id) => caller.invoices.pdf({ id }), async (answer) => expect(answer).toMatchObject({ fileName: expect.stringMatching(/^INV-\d{4}-\d{4}\.pdf$/) })),
  'invoices.create': {
    type: 'mutation',
    input: (fixture) => ({ patientId: fixture.patientId }),
    owner: async (caller, fixture) => expect((await caller.invoices.create({ patientId: fixture.patientId })).patientId).toBe(fixture.patientId),
    other: async (caller, fixture) => {
      await expectNotFound(caller.invoices.create({ patientId: fixture.patientId }));
      await expectNotFound(caller.invoices.create({ patientId: 'no-such-patient' }));
      await expectAppointmentNotFound(caller.invoices.create({ appointmentId: fixture.appointmentId }));
      await expectAppointmentNotFound(caller.invoices.create({ appointmentId: 'no-such-appointment' }));
    },
  },
  'invoices.save': invoiceChange(
    (fixture) => ({ id: fixture.invoiceId, lines: [{ description: 'Foreign line', quantity: 1, unitPrice: '1' }] }),
    async (caller, fixture) => {
      const { id } = await caller.invoices.create({ patientId: fixture.patientId });
      expect((await caller.invoices.save({ id, lines: [{ description: 'Session', quantity: 1, unitPrice: '80' }] })).totals).toMatchObject({ totalMinor: 8000 });
    },
    (caller, input) => caller.invoices.save(input as { id: string; lines: { description: string; quantity: number; unitPrice: string }[] }),
  ),
  'invoices.issue': invoiceChange(
    (fixture) => ({ id: fixture.invoiceId }),
    async (caller, fixture) => expect((await issuedOwnerInvoice(caller, fixture)).number).toMatch(/^INV-\d{4}-\d{4}$/),
    (caller, input) => caller.invoices.issue(input as { id: string }),
  ),
  'invoices.send': invoiceChange(
    (fixture) => ({ id: fixture.invoiceId }),
    async (caller, fixture) => expect(await caller.invoices.send({ id: fixture.invoiceId })).toEqual({ id: fixture.invoiceId, email: 'quinby@example.com' }),
    (caller, input) => caller.invoices.send(input as { id: string }),
  ),
  'invoices.recordPayment': invoiceChange(
    (fixture) => ({ id: fixture.invoiceId }),
    async (caller, fixture) => expect((await caller.invoices.recordPayment({ id: (await issuedOwnerInvoice(caller, fixture)).id })).status).toBe('paid'),
    (caller, input) => caller.invoices.recordPayment(input as { id: string }),
  ),
  'invoices.void': invoiceChange(
    (fixture) => ({ id: fixture.invoiceId }),
    async (caller, fixture) => expect((await caller.invoices.void({ id: (await issuedOwnerInvoice(caller, fixture)).id })).status).toBe('void'),
    (caller, input) => caller.invoices.void(input as { id: string }),
  ),
  'invoices.markPaid': {
    type: 'mutation',
    input: (fixture) => ({ id: fixture.invoiceId, paymentId: fixture.paymentId }),
    owner: async (caller, fixture) => {
      const { id } = await issuedOwnerInvoice(caller, fixture);
      // In the practice's currency, whatever an earlier row saved in Settings.
      const { currency } = await caller.invoices.byId({ id });
      const paymentId = await addPayment(database.db, fixture.owner.practiceId, { amountMinor: 8000, currency: currency.toLowerCase() });
      expect(await caller.invoices.markPaid({ id, paymentId })).toEqual({ id, status: 'paid', paymentId });
    },
    other: async (caller, fixture) => {
      await expectPaymentNotFound(caller.invoices.markPaid({ id: fixture.invoiceId, paymentId: fixture.paymentId }));
      const ownPayment = await addPayment(database.db, fixture.other.practiceId, { amountMinor: 8000 });
      await expectInvoiceNotFound(caller.invoices.markPaid({ id: fixture.invoiceId, paymentId: ownPayment }));
      await expectInvoiceNotFound(caller.invoices.markPaid({ id: 'no-such-invoice', paymentId: ownPayment }));
    },
  },
};

/** A representative input for each allow-listed procedure (a valid one wherever it is cheap). */
const PUBLIC_PROBES: Record<string, (fixture: Fixture) => unknown> = {
  'account.overview': () => undefined,
  'account.rename': () => ({ name: 'Dr. Other' }),
  'account.reauthenticate': () => ({ password: 'not-the-password' }),
  'account.changePassword': () => ({ currentPassword: 'not-the-password', newPassword: 'a long unusual passphrase 42' }),
  'account.changeEmail': (fixture) => ({ email: fixture.owner.user.email, password: 'not-the-password' }),
  'account.resendVerification': () => undefined,
  'account.twoStep.start': () => undefined,
  'account.twoStep.confirm': () => ({ code: '123456' }),
  'account.twoStep.disable': () => ({ code: '123456' }),
  'account.twoStep.regenerateRecoveryCodes': () => ({ code: '123456' }),
  'account.sessions.list': () => undefined,
  'account.sessions.revoke': () => ({ sessionId: '00000000-0000-4000-8000-000000000000' }),
  'account.sessions.revokeOthers': () => undefined,
  'account.notifications': () => ({ referrals: true, contactMessages: true, communityEvents: true }),
  'auth.secondFactor': () => ({ code: '123456' }),
  'auth.requestPasswordReset': (fixture) => ({ email: fixture.owner.user.email }),
  'auth.passwordResetLink': () => ({ token: 'D'.repeat(43) }),
  'auth.resetPassword': () => ({ token: 'E'.repeat(43), password: 'a long unusual passphrase 42' }),
  'auth.verifyEmail': () => ({ token: 'F'.repeat(43) }),
  'applications.submit': () => ({ name: 'Pat Applicant', email: 'pat.applicant@example.com', phone: '', specialties: ['Naturopathy'], experience: '3-5', website: '', message: 'I would like to join.', acceptTerms: true }),
  'auth.me': () => undefined,
  'auth.signIn': (fixture) => ({ email: fixture.owner.user.email, password: 'not-the-password' }),
  'auth.signOut': () => undefined,
  'auth.signUp': () => ({ name: 'Probe Signup', email: `probe.${Date.now()}@example.com`, password: 'a long unusual passphrase 42', confirmPassword: 'a long unusual passphrase 42' }),
  'booking.book': () => ({ practitionerId: '1', sessionTypeId: 'consult', startsAt: '2031-03-03T15:00:00.000Z', name: 'Pia Patient', email: 'pia@example.com', phone: '', reason: '', consent: true, notifyEarlier: false }),
  'booking.hold': () => ({ practitionerId: '1', sessionTypeId: 'consult', startsAt: '2031-03-03T15:00:00.000Z' }),
  'booking.offer': () => ({ practitionerId: '1' }),
  'booking.slots': () => ({ practitionerId: '1', sessionTypeId: 'consult' }),
  'booking.manage': () => ({ token: 'A'.repeat(43) }),
  'booking.cancel': () => ({ token: 'B'.repeat(43) }),
  'booking.move': () => ({ token: 'C'.repeat(43), startsAt: '2031-03-03T15:00:00.000Z' }),
  'contactMessages.send': () => ({ practitionerId: '1', name: 'Vera Visitor', email: 'vera@example.com', phone: '', message: 'A probe message to a sample listing.', consent: true }),
  'directory.search': () => ({}),
  'favorites.ids': () => undefined,
  'favorites.set': () => ({ practitionerId: '1', favorite: true }),
  'geo.suggest': () => ({ query: 'Portland' }),
  'practitioners.byId': () => ({ id: '1' }),
  'quiz.match': () => ({ answers: ['fatigue'] }),
  'referralCodes.offer': (fixture) => ({ code: fixture.code }),
  'waitlist.invite': () => ({ yourName: 'Ivy Inviter', friendEmail: 'friend@example.com', type: 'patient' }),
  'waitlist.join': () => ({ email: `waitlist.${Date.now()}@example.com`, type: 'patient' }),
};

/** What of the owner's practice no public answer may show: its patient, records and messages. */
const practiceMarkers = (fixture: Fixture): string[] => [
  fixture.patientName,
  'quinby@example.com',
  fixture.patientId,
  fixture.appointmentId,
  fixture.noteId,
  fixture.paymentId,
  fixture.referralId,
  ...(fixture.invoiceId ? [fixture.invoiceId] : []),
  'riley@example.com',
  'Private note',
  ...(fixture.contactMessageId ? [fixture.contactMessageId, 'A visitor asks the owner'] : []),
];

let database: TestDatabase;
let server: TestServer;
let fixture: Fixture;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db);
  const now = new Date();
  await seedCommunity(database.db, now);
  const owner = await createPractitioner(database.db, { name: 'Dr. Owner', now });
  const other = await createPractitioner(database.db, { name: 'Dr. Other', now });
  const patientName = 'Isolated Patient Quinby';
  const patientId = await addPatient(database.db, owner.practiceId, { name: patientName, email: 'quinby@example.com', phone: '(503) 555-0100' });
  // 10:00 in the practice's zone, two days ahead: the overlap case asks for that slot.
  const day = addDays(calendarDateInZone(now, 'America/Los_Angeles'), 2);
  const appointmentId = await addAppointment(database.db, owner.practiceId, patientId, { startsAt: zonedTimeToInstant(day, '10:00', 'America/Los_Angeles'), status: 'confirmed', mode: 'virtual' });
  const noteId = await addNote(database.db, owner.practiceId, patientId, { title: 'Private note', writtenAt: now });
  const paymentId = await addPayment(database.db, owner.practiceId, { amountMinor: 15000, appointmentId });
  const referrer = await createPractitioner(database.db, { name: 'Dr. Referrer', now });
  const ownerCode = await owner.caller.referralCodes.create(codeForm());
  await referrer.caller.referralCodes.create(codeForm());
  const ownerReferral = await owner.caller.referrals.create({ name: 'Riley Referee', email: 'riley@example.com', type: 'patient', referralCode: ownerCode.code });
  const requester = await createPractitioner(database.db, { name: 'Dr. Requester', now });
  fixture = { owner, other, patientId, patientName, appointmentDate: day, appointmentId, noteId, paymentId, codeId: ownerCode.id, code: ownerCode.code, referralId: ownerReferral.id, referrer, requester, contactMessageId: '', invoiceId: '' };
  // The owner's published profile and its photo (stored as an upload would store it).
  await database.query(`INSERT INTO profile_photo (id, practice_id, bytes, sha256, width, height) VALUES (gen_random_uuid(), $1, '\\x00', 'test', 1, 1)`, [owner.practiceId]);
  await owner.caller.profile.save(ownerProfile(await ownerPhotoUrl()));
  await requester.caller.profile.save({ ...ownerProfile(), name: 'Dr. Requester Listing' });
  await owner.caller.community.requestConnection({ memberId: '2' });
  await requester.caller.community.requestConnection({ memberId: owner.user.id });
  fixture = { ...fixture, contactMessageId: await sendToOwner('A visitor asks the owner about a first visit.') };
  // Billing (issue 26): an issued invoice of the owner's patient.
  fixture = { ...fixture, invoiceId: (await issuedOwnerInvoice(owner.caller, fixture)).id };
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

/** Everything of the owner's practice a foreign call could change. */
const ownerPracticeSnapshot = async () => ({
  forumLikes: await database.query('SELECT topic_id FROM forum_topic_like WHERE user_id = $1 ORDER BY topic_id', [fixture.owner.user.id]),
  rsvps: await database.query('SELECT event_id FROM event_rsvp WHERE user_id = $1 ORDER BY event_id', [fixture.owner.user.id]),
  resourceLikes: await database.query('SELECT resource_id FROM resource_like WHERE user_id = $1 ORDER BY resource_id', [fixture.owner.user.id]),
  connections: await database.query('SELECT member_a_id, member_b_id, requester_id, status FROM member_connection WHERE member_a_id = $1 OR member_b_id = $1 ORDER BY member_a_id, member_b_id', [
    fixture.owner.user.id,
  ]),
  practice: await database.query('SELECT name, time_zone, currency, booking_settings FROM practice WHERE id = $1', [fixture.owner.practiceId]),
  patients: await database.query('SELECT id, name, email, phone, status FROM patient WHERE practice_id = $1 ORDER BY id', [fixture.owner.practiceId]),
  appointments: await database.query('SELECT id, patient_id, starts_at, duration_minutes, type, status, notes, cpt_codes, icd10_codes FROM appointment WHERE practice_id = $1 ORDER BY id', [fixture.owner.practiceId]),
  notes: await database.query('SELECT id, status FROM clinical_note WHERE practice_id = $1 ORDER BY id', [fixture.owner.practiceId]),
  addenda: await database.query('SELECT id FROM clinical_note_addendum WHERE practice_id = $1 ORDER BY id', [fixture.owner.practiceId]),
  payments: await database.query('SELECT id, status FROM payment WHERE practice_id = $1 ORDER BY id', [fixture.owner.practiceId]),
  profile: await database.query('SELECT profile, practitioner_id FROM practice WHERE id = $1', [fixture.owner.practiceId]),
  calendarFeed: await database.query('SELECT calendar_feed_token_hash, calendar_feed_generation, calendar_feed_shows_names FROM practice WHERE id = $1', [fixture.owner.practiceId]),
  listing: await database.query('SELECT l.* FROM practitioner l JOIN practice p ON p.practitioner_id = l.id WHERE p.id = $1', [fixture.owner.practiceId]),
  photos: await database.query('SELECT id FROM profile_photo WHERE practice_id = $1 ORDER BY id', [fixture.owner.practiceId]),
  referralCodes: await database.query('SELECT id, code, status, usage_count FROM referral_code WHERE practice_id = $1 ORDER BY id', [fixture.owner.practiceId]),
  referrals: await database.query('SELECT id, status, resend_count FROM referral WHERE practice_id = $1 OR referee_email = $2 ORDER BY id', [fixture.owner.practiceId, fixture.owner.user.email]),
  contactMessages: await database.query('SELECT id, read_at FROM contact_message WHERE practice_id = $1 ORDER BY id', [fixture.owner.practiceId]),
  invoices: await database.query('SELECT id, status, number, lines, total_minor::text FROM invoice WHERE practice_id = $1 ORDER BY id', [fixture.owner.practiceId]),
  invoicePayments: await database.query('SELECT id, invoice_id FROM payment WHERE practice_id = $1 AND invoice_id IS NOT NULL ORDER BY id', [fixture.owner.practiceId]),
  invoiceCounter: await database.query('SELECT year, last_number FROM invoice_counter WHERE practice_id = $1 ORDER BY year', [fixture.owner.practiceId]),
});

const routerProcedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation' } }>);

describe('practice isolation', () => {
  it('has a row for every procedure of the router that is not public', () => {
    const unclassified = routerProcedures.map(([path]) => path).filter((path) => !NOT_PRACTICE_DATA.has(path) && !(path in PRACTICE_PROCEDURES));
    expect(unclassified).toEqual([]);
    for (const [path, procedure] of routerProcedures) if (path in PRACTICE_PROCEDURES) expect(PRACTICE_PROCEDURES[path]?.type, path).toBe(procedure._def.type);
  });

  it('proves every allow-listed procedure public: signed out, and for another practitioner, its answer holds nothing of the owner\'s practice', async () => {
    expect([...NOT_PRACTICE_DATA].filter((path) => !(path in PUBLIC_PROBES))).toEqual([]);
    const types = new Map(routerProcedures.map(([path, procedure]) => [path, procedure._def.type]));
    const markers = practiceMarkers(fixture);
    for (const path of NOT_PRACTICE_DATA) {
      const input = PUBLIC_PROBES[path]?.(fixture);
      for (const cookie of [undefined, fixture.other.cookie]) {
        const response =
          types.get(path) === 'query'
            ? await trpcQuery(server, input === undefined ? path : `${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, { cookie })
            : await trpcMutation(server, path, input, { cookie });
        const answer = JSON.stringify({ data: response.data, error: response.error });
        expect(response.status, `${path} ${cookie ? 'as another practitioner' : 'signed out'}`).toBeLessThan(500);
        expect(markers.filter((marker) => answer.includes(marker)), `${path}: ${answer.slice(0, 200)}`).toEqual([]);
      }
    }
  });

  it('classifies every Express route: practice routes have their rows, the others answer a visitor with nothing of a practice', async () => {
    const photoId = (await database.query<{ id: string }>('SELECT id::text FROM profile_photo WHERE practice_id = $1', [fixture.owner.practiceId]))[0]?.id ?? '';
    /** Public routes, each with a request that exercises it. */
    const publicRoutes: Record<string, string> = {
      'GET /healthz': '/healthz',
      'GET /api/photos/:file': `/api/photos/${photoId}.webp`,
      'GET /api/community/events/:id/calendar.ics': '/api/community/events/1/calendar.ics',
      'GET /api/community/resources/:id/download': '/api/community/resources/1/download',
      // A practice's calendar feed opens only for the bearer of its own token (calendar-feed.int.test.ts).
      'GET /calendar/:file': `/calendar/${'A'.repeat(43)}.ics`,
    };
    /** Practice routes: the visitor is refused; the row proving isolation is named. */
    const practiceRoutes: Record<string, string> = { 'POST /api/profile-photo/': 'profile-photos.int.test.ts (another practitioner\'s upload is stored in their own practice)' };
    expect(server.routes.toSorted()).toEqual([...Object.keys(publicRoutes), ...Object.keys(practiceRoutes)].toSorted());
    const markers = practiceMarkers(fixture);
    for (const [route, url] of Object.entries(publicRoutes)) {
      const response = await fetch(`${server.baseUrl}${url}`);
      const body = Buffer.from(await response.arrayBuffer()).toString('latin1');
      expect(response.status, route).toBeLessThan(500);
      expect(markers.filter((marker) => body.includes(marker)), route).toEqual([]);
    }
    const upload = await fetch(`${server.baseUrl}/api/profile-photo`, { method: 'POST', headers: { origin: server.origin, 'content-type': 'image/png' }, body: Buffer.from([0]) });
    expect(upload.status).toBe(401);
  });

  describe.each(Object.entries(PRACTICE_PROCEDURES))('%s', (path, row) => {
    it('gives another practitioner nothing of the owner\'s practice, exactly as for an unknown id', async () => {
      const before = await ownerPracticeSnapshot();
      await row.other(fixture.other.caller, fixture);
      expect(await ownerPracticeSnapshot()).toEqual(before);
      // Nothing of the other practice points at the owner's records.
      expect(await database.query('SELECT id FROM appointment WHERE practice_id = $1 AND patient_id = $2', [fixture.other.practiceId, fixture.patientId])).toEqual([]);
      expect(await database.query('SELECT id FROM clinical_note WHERE practice_id = $1 AND appointment_id = $2', [fixture.other.practiceId, fixture.appointmentId])).toEqual([]);
      expect(await database.query('SELECT id FROM payment WHERE practice_id = $1 AND appointment_id = $2', [fixture.other.practiceId, fixture.appointmentId])).toEqual([]);
    });

    it('gives the owner their own data', async () => {
      await row.owner(fixture.owner.caller, fixture);
    });

    it('answers a visitor 401 over HTTP', async () => {
      const input = row.input(fixture);
      const response =
        row.type === 'query'
          ? await trpcQuery(server, input === undefined ? path : `${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`)
          : await trpcMutation(server, path, input);
      expect(response.status).toBe(401);
      expect(response.error?.data.code).toBe('UNAUTHORIZED');
    });
  });
});
