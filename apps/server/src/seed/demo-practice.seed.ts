/**
 * The demo practitioner's practice (non-production starts): shaped so the dashboard shows the
 * spec's sample figures on the day it is seeded — 42 patients, 12 appointments this week averaging
 * 55 minutes, 85 % profile completion (docs/product.md#dashboard) — with the spec's three sample patients in full
 * detail among them, and past and upcoming appointments and notes so every screen has something to
 * show. It never touches a practice that already has patients or appointments. `listDemoPractice`
 * then publishes her profile and turns her online booking on, through the machines.
 */
import { randomUUID } from 'node:crypto';
import {
  addDays,
  calendarDateInZone,
  detailAppointmentTypeLabels,
  ehrRecordTypeLabels,
  practitionerProfileSchema,
  scheduleTimeSlots,
  weekOf,
  zonedTimeToInstant,
  type AppointmentMode,
  type AppointmentStatus,
  type AppointmentType,
  type CalendarDate,
  type EhrRecordType,
} from '@wellspring/domain';
import {
  buildSamplePatients,
  demoBookingSettings,
  demoPractitionerProfile,
  demoWeekDurations,
  generatePatients,
  SAMPLE_TIME_ZONE,
} from '@wellspring/domain/samples';
import { runCommand, type CommandDependencies } from '../commands/run-command.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { geocodeUsPlace } from '../geo/geocoder.ts';
import { bookingSettingsCommands } from '../practice/booking-settings.commands.ts';
import type { PracticeScope } from '../practice/practice-scope.ts';
import { profilePublishCommands } from '../practice/profile.commands.ts';
import type { Database } from '../db/client.ts';
import { seedDemoReferrals } from './demo-referrals.seed.ts';
import { seedDemoConnections } from './community.seed.ts';

/** The spec's sample people plus generated ones: 42 in all. */
const DEMO_PATIENTS = 42;
const GENERATED_SEED = 20_261_124;

const keyOf = <K extends string>(labels: Record<K, string>, label: string, fallback: K): K =>
  (Object.keys(labels) as K[]).find((key) => labels[key] === label) ?? fallback;

/** "10:00 AM" → "10:00", "2:00 PM" → "14:00". */
function wallClock(time: string): string {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(time);
  if (!match) return '09:00';
  const hour = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${match[2]}`;
}

interface SeedAppointment {
  id?: string;
  patientId: string;
  day: CalendarDate;
  time: string;
  durationMinutes: number;
  type: AppointmentType;
  mode: AppointmentMode;
  status: AppointmentStatus;
}

/** Seeds the demo practice of `userId`; returns whether it did (false when the practice has data). */
export async function seedDemoPractice(db: Database, userId: string, now = new Date()): Promise<boolean> {
  // The seed makes the demo account itself (not through sign-up), so it makes its practice too.
  const practice = await db.practice.upsert({ where: { ownerUserId: userId }, create: { ownerUserId: userId }, update: {}, select: { id: true } });
  // The referral page's codes and referrals, on their own "while it has none" rule.
  const owner = await db.user.findUnique({ where: { id: userId }, select: { name: true } });
  await seedDemoReferrals(db, practice.id, userId, owner?.name ?? '', now);
  await seedDemoConnections(db, userId, now);
  const [patients, appointments] = await Promise.all([db.patient.count({ where: { practiceId: practice.id } }), db.appointment.count({ where: { practiceId: practice.id } })]);
  if (patients > 0 || appointments > 0) return false;

  const timeZone = SAMPLE_TIME_ZONE;
  const today = calendarDateInZone(now, timeZone);
  const week = weekOf(today, timeZone);
  const sunday = week[0] ?? today;
  const inThisWeek = (day: CalendarDate) => day >= sunday && day <= addDays(sunday, 6);
  const instant = (day: CalendarDate, time: string) => zonedTimeToInstant(day, time, timeZone);

  const samples = buildSamplePatients(today);
  const generated = generatePatients(DEMO_PATIENTS - samples.length, GENERATED_SEED, { practitioners: [{ id: 'demo' }] });
  const patientRows: Prisma.PatientCreateManyInput[] = [
    ...samples.map((sample) => ({
      id: randomUUID(),
      practiceId: practice.id,
      name: sample.name,
      email: sample.email,
      phone: sample.phone,
      dateOfBirth: sample.dob ? new Date(`${sample.dob}T00:00:00Z`) : null,
      address: sample.address,
      emergencyName: sample.emergency.name,
      emergencyRelationship: sample.emergency.relationship,
      emergencyPhone: sample.emergency.phone,
      insuranceProvider: sample.insurance.provider,
      insurancePolicyNumber: sample.insurance.policyNumber,
      insuranceGroup: sample.insurance.group,
      conditions: [...sample.conditions],
      status: 'active',
      lifestyle: sample.lifestyle ? { ...sample.lifestyle } : undefined,
    })),
    ...generated.map((person) => ({
      id: randomUUID(),
      practiceId: practice.id,
      name: person.name,
      email: person.email,
      phone: person.phone,
      dateOfBirth: new Date(`${person.dob}T00:00:00Z`),
      conditions: [...person.conditions],
      status: person.status,
    })),
  ];
  const ids = patientRows.map((row) => row.id ?? '');

  const healthRecord: Prisma.HealthRecordItemCreateManyInput[] = [];
  const notes: Prisma.ClinicalNoteCreateManyInput[] = [];
  const seeded: SeedAppointment[] = [];
  samples.forEach((sample, index) => {
    const patientId = ids[index] ?? '';
    const items = [
      ...sample.allergies.map((details) => ({ kind: 'allergy', details })),
      ...sample.medications.map((details) => ({ kind: 'medication', details })),
      ...sample.medicalHistory.map((details) => ({ kind: 'medical_history', details })),
      ...sample.familyHistory.map((details) => ({ kind: 'family_history', details })),
    ];
    items.forEach((item, position) => healthRecord.push({ practiceId: practice.id, patientId, kind: item.kind, position, details: { ...item.details } }));
    for (const note of sample.notes) {
      notes.push({
        id: randomUUID(),
        practiceId: practice.id,
        patientId,
        type: keyOf<EhrRecordType>(ehrRecordTypeLabels, note.type, 'soap'),
        title: note.title,
        authorName: note.provider,
        authorUserId: userId,
        ...note.content,
        writtenAt: instant(note.date, '12:00'),
        status: 'signed',
        signedAt: instant(note.date, '12:00'),
      });
    }
    // Their visits outside this week; this week's twelve are placed below.
    for (const visit of sample.appointments) {
      if (inThisWeek(visit.date)) continue;
      seeded.push({
        patientId,
        day: visit.date,
        time: wallClock(visit.time),
        durationMinutes: Number.parseInt(visit.duration, 10) || 60,
        type: keyOf<AppointmentType>(detailAppointmentTypeLabels, visit.type, 'follow_up'),
        mode: 'in-person',
        status: visit.status === 'completed' ? 'completed' : 'confirmed',
      });
    }
  });

  // This week: twelve appointments, two on each weekday and one on each weekend day.
  const weekDays = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 0, 6];
  const types: AppointmentType[] = ['follow_up', 'treatment', 'consultation', 'assessment'];
  demoWeekDurations.forEach((durationMinutes, index) => {
    const day = addDays(sunday, weekDays[index] ?? 1);
    const time = scheduleTimeSlots[(index * 3) % scheduleTimeSlots.length] ?? '09:00';
    const startsAt = instant(day, time);
    const mode: AppointmentMode = index % 2 === 0 ? 'virtual' : 'in-person';
    const status: AppointmentStatus = startsAt.getTime() < now.getTime() ? 'completed' : index % 3 === 2 ? 'scheduled' : 'confirmed';
    seeded.push({ patientId: ids[index % 6] ?? '', day, time, durationMinutes, type: types[index % types.length] ?? 'follow_up', mode, status });
  });
  // Next week, whatever day it is now: a startable session (virtual, confirmed), one awaiting
  // confirmation and one cancelled, so the upcoming list shows every status and both modes.
  const nextWeek = addDays(sunday, 7);
  seeded.push(
    { patientId: ids[0] ?? '', day: addDays(nextWeek, 1), time: '10:00', durationMinutes: 60, type: 'follow_up', mode: 'virtual', status: 'confirmed' },
    { patientId: ids[1] ?? '', day: addDays(nextWeek, 1), time: '14:00', durationMinutes: 45, type: 'treatment', mode: 'in-person', status: 'scheduled' },
    { patientId: ids[2] ?? '', day: addDays(nextWeek, 2), time: '11:00', durationMinutes: 90, type: 'consultation', mode: 'virtual', status: 'cancelled' },
  );
  // Past visits of the generated patients (their "last visit"), all before this week.
  generated.forEach((_person, index) => {
    if (index % 2 === 1) return;
    seeded.push({
      patientId: ids[samples.length + index] ?? '',
      day: addDays(sunday, -1 - ((index * 5) % 90)),
      time: scheduleTimeSlots[index % scheduleTimeSlots.length] ?? '09:00',
      durationMinutes: 60,
      type: types[index % types.length] ?? 'follow_up',
      mode: 'in-person',
      status: 'completed',
    });
  });

  // The provider portal's records: an EHR record of every other type, written for past visits of
  // generated patients (one of them linked to its visit), an addendum under a signed note, and
  // payments in several currencies and every status, most for a completed visit.
  const completed = seeded.filter((appointment) => appointment.status === 'completed');
  for (const appointment of completed) appointment.id = randomUUID();
  const notesBeforePortal = notes.length;
  const portalTypes: EhrRecordType[] = ['progress', 'initial', 'discharge'];
  portalTypes.forEach((type, index) => {
    const visit = completed[completed.length - 1 - index];
    if (!visit) return;
    const writtenAt = instant(visit.day, '17:00');
    notes.push({
      id: randomUUID(),
      practiceId: practice.id,
      patientId: visit.patientId,
      appointmentId: index === 0 ? (visit.id ?? null) : null,
      type,
      title: ehrRecordTypeLabels[type],
      authorName: demoPractitionerProfile.name,
      authorUserId: userId,
      subjective: 'Reports steady improvement since the last visit.',
      objective: 'Vital signs within normal limits.',
      assessment: 'Responding well to the current plan.',
      plan: 'Continue the plan; review in four weeks.',
      writtenAt,
      status: 'signed',
      signedAt: writtenAt,
    });
  });
  const amended = notes[0];
  const addenda: Prisma.ClinicalNoteAddendumCreateManyInput[] = amended?.id
    ? [{ practiceId: practice.id, noteId: amended.id, text: 'Lab results received; values within range.', authorUserId: userId, authorName: demoPractitionerProfile.name, createdAt: new Date(new Date(amended.writtenAt).getTime() + 2 * 86_400_000) }]
    : [];
  const paymentPlan: { amountMinor: number; currency: string; method: string; status: string }[] = [
    { amountMinor: 15_000, currency: 'usd', method: 'card', status: 'completed' },
    { amountMinor: 8_500, currency: 'eur', method: 'bank_transfer', status: 'completed' },
    { amountMinor: 12_000, currency: 'gbp', method: 'card', status: 'pending' },
    { amountMinor: 9_000, currency: 'usd', method: 'insurance', status: 'refunded' },
    { amountMinor: 6_000, currency: 'cad', method: 'check', status: 'failed' },
    { amountMinor: 12_000, currency: 'usd', method: 'cash', status: 'completed' },
    { amountMinor: 11_000, currency: 'aud', method: 'card', status: 'completed' },
  ];
  const payments: Prisma.PaymentCreateManyInput[] = paymentPlan.map((payment, index) => {
    const visit = completed[index];
    return {
      practiceId: practice.id,
      appointmentId: index < paymentPlan.length - 1 ? (visit?.id ?? null) : null,
      amountMinor: BigInt(payment.amountMinor),
      currency: payment.currency,
      method: payment.method,
      status: payment.status,
      createdAt: visit ? instant(visit.day, '18:00') : new Date(now.getTime() - (index + 1) * 86_400_000),
    };
  });

  await db.$transaction(async (tx) => {
    await tx.practice.update({ where: { id: practice.id }, data: { timeZone, profile: { ...demoPractitionerProfile } } });
    await tx.patient.createMany({ data: patientRows });
    await tx.healthRecordItem.createMany({ data: healthRecord });
    // The sample notes first; the portal's records after the appointments they may point at.
    await tx.clinicalNote.createMany({ data: notes.slice(0, notesBeforePortal) });
    const rows = seeded.map((appointment) => ({
      ...(appointment.id ? { id: appointment.id } : {}),
      practiceId: practice.id,
      patientId: appointment.patientId,
      startsAt: instant(appointment.day, appointment.time),
      durationMinutes: appointment.durationMinutes,
      type: appointment.type,
      mode: appointment.mode,
      status: appointment.status,
    }));
    await tx.appointment.createMany({ data: withOverlapsMarked(rows) });
    await tx.clinicalNote.createMany({ data: notes.slice(notesBeforePortal) });
    await tx.clinicalNoteAddendum.createMany({ data: addenda });
    await tx.payment.createMany({ data: payments });
  });
  return true;
}

/**
 * The sample visits fall where the samples put them, and some coincide: each open one that overlaps
 * an earlier kept one is stored as the practitioner's deliberate double booking, as the schedule
 * would store it (record 0033), so the database's guard takes the rest.
 */
function withOverlapsMarked<Row extends { readonly startsAt: Date; readonly durationMinutes: number; readonly status: string }>(rows: readonly Row[]): (Row & { doubleBooked: boolean })[] {
  const kept: { start: number; end: number }[] = [];
  return [...rows]
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .map((row) => {
      const start = row.startsAt.getTime();
      const end = start + row.durationMinutes * 60_000;
      if (row.status === 'cancelled') return { ...row, doubleBooked: false };
      const overlaps = kept.some((span) => span.start < end && start < span.end);
      if (!overlaps) kept.push({ start, end });
      return { ...row, doubleBooked: overlaps };
    });
}

/** What `listDemoPractice` did. */
export interface DemoListing {
  /** The profile was published to the directory now. */
  readonly published: boolean;
  /** Online booking was turned on now. */
  readonly bookingOpened: boolean;
}

/**
 * Lists the demo practice in the directory and turns its online booking on (issue 24, "Demo"), as
 * the practitioner would: a Publish of her saved profile through the profile machine (the listing,
 * `practice.practitioner_id`, the event), placed by the same offline gazetteer as `profile.save`,
 * and a save of `demoBookingSettings` through the booking settings machine. Each only while it was
 * never done: once she has a listing or has saved booking settings, they are hers to change. The
 * seed acts, not she: the events have no actor.
 */
export async function listDemoPractice(db: Database, userId: string, now = new Date()): Promise<DemoListing> {
  const practice = await db.practice.findUnique({
    where: { ownerUserId: userId },
    select: { id: true, timeZone: true, profile: true, practitionerId: true, bookingSettings: true, owner: { select: { name: true } } },
  });
  if (!practice) return { published: false, bookingOpened: false };
  const scope: PracticeScope = { practiceId: practice.id, timeZone: practice.timeZone, actor: { userId, name: practice.owner.name }, requestId: '', sourceAddress: null, now };
  const bySeed: CommandDependencies = { db, actor: { userId: null }, requestId: null, now };

  let published = false;
  const saved = practice.profile === null ? null : practitionerProfileSchema.safeParse(practice.profile);
  if (practice.practitionerId === null && saved?.success) {
    const profile = saved.data;
    const place = await geocodeUsPlace(profile.location);
    if (!place) throw new Error(`demo seed: the gazetteer does not know the demo profile's location "${profile.location}"`);
    const { events } = await runCommand(bySeed, profilePublishCommands(scope, { profile, place }), practice.id, {
      kind: 'Publish',
      newPractitionerId: randomUUID(),
      photo: profile.profileImage === null ? 'none' : 'unchanged',
    });
    published = events.some((event) => event.type === 'ProfilePublished');
  }

  let bookingOpened = false;
  if (practice.bookingSettings === null) {
    const { events } = await runCommand(bySeed, bookingSettingsCommands(scope), practice.id, { kind: 'SaveBookingSettings', settings: demoBookingSettings(practice.timeZone) });
    bookingOpened = events.length > 0;
  }
  return { published, bookingOpened };
}
