/**
 * Online booking (issue 24): a patient, signed out, books a slot of a listed practitioner. The
 * practice is found from its public listing; its free/busy times are read in a read-only
 * transaction bound to it (row-level security), never who is booked; a booking is one transaction
 * bound to it — the slot re-checked by the domain's rules, the patient found by e-mail or
 * registered, the appointment scheduled (and confirmed, for a session type that auto-confirms)
 * through the machines, under the database's no-double-booking guard, and audited.
 */
import { randomUUID } from 'node:crypto';
import {
  openSlots,
  slotRefusal,
  type BookingRequest,
  type BookingSettings,
  type BusyInterval,
  type CalendarDate,
  type OpenSlot,
  type SessionType,
  reminderSendAt,
  zonedTimeToInstant,
} from '@wellspring/domain';
import type { LinkTokens } from '../auth/link-tokens.ts';
import { ReadCache } from '../cache/read-cache.ts';
import { DomainRejection, executeCommand, type CommandContext, type CommandMachine } from '../commands/run-command.ts';
import type { Database, DatabaseTransaction } from '../db/client.ts';
import { isDoubleBooking } from '../db/errors.ts';
import { appointmentCommands } from './appointment.commands.ts';
import { patientCommands } from './patient.commands.ts';
import { patientsRepository } from './patients.repository.ts';
import { auditChangeOutsideCall } from './practice-audit.ts';
import type { PracticeScope } from './practice-scope.ts';
import { bookingCommands } from './booking.commands.ts';
import { releaseHolds } from './booking-holds.ts';
import { busyBetween, horizonWindow } from './booking-busy.ts';
import { BookingRefused, type ListingBooking } from './booking-listing.ts';
import { inPractice, readInPractice, sqlOf } from './practice-transaction.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The instants one page of the picker can offer slots in: from its first date (today when none is
 * asked) for its days, a day of margin each side — never the whole horizon's appointments.
 */
function pageWindow(settings: BookingSettings, query: { readonly from?: CalendarDate; readonly days?: number; readonly now: Date }): { from: Date; to: Date } {
  const horizon = horizonWindow(settings, query.now);
  if (!query.from && !query.days) return horizon;
  const first = query.from ? Math.max(zonedTimeToInstant(query.from, '00:00', settings.timeZone).getTime(), query.now.getTime()) : query.now.getTime();
  const from = new Date(first - DAY_MS);
  const to = new Date(Math.min(horizon.to.getTime(), first + ((query.days ?? settings.horizonDays) + 1) * DAY_MS));
  return { from, to: to > from ? to : from };
}

/**
 * The practice's merged busy times over its whole horizon from the start of `now`'s UTC day, from
 * `cache` when it holds them (dropped at every appointment or hold write, on every server), else
 * read in a read-only transaction bound to the practice. Keyed by the day, so "now" moving within it
 * reuses them; the rules cut each page's days out of them.
 */
async function horizonBusy(db: Database, cache: ReadCache, booking: ListingBooking, settings: BookingSettings, now: Date): Promise<BusyInterval[]> {
  const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const window = horizonWindow(settings, dayStart);
  // The window reaches a day past the horizon counted from the start of the day: it covers `now`'s.
  const to = new Date(window.to.getTime() + DAY_MS);
  const key = `busy:${booking.practiceId}:${dayStart.toISOString()}:${settings.horizonDays}`;
  return cache.read(key, () => readInPractice(db.pool, { practiceId: booking.practiceId }, (sql) => busyBetween(sql, booking.practiceId, window.from, to)));
}

/** Each listing's settings as read (a change of them is a new object): part of an answer's cache key. */
const settingsVersions = new WeakMap<ListingBooking, number>();
let nextSettingsVersion = 0;
const settingsVersionOf = (booking: ListingBooking): number => {
  let version = settingsVersions.get(booking);
  if (version === undefined) {
    nextSettingsVersion += 1;
    version = nextSettingsVersion;
    settingsVersions.set(booking, version);
  }
  return version;
};

/**
 * A page of open times as the public picker asks for it, from `cache` when it holds the same page
 * (dropped with the busy times at every appointment or hold write, on every server; the listing's
 * settings are part of the key). The page is computed for the start of the next whole minute, so a
 * time that crosses the minimum notice within that minute drops out early rather than late: the
 * picker does not offer a time a booking would refuse as too soon. (In a day's last minute the page
 * may reach into the horizon's next day a minute early; the booking's own check refuses that time
 * as too far ahead, with its message.)
 */
export async function cachedOpenSlots(
  db: Database,
  booking: ListingBooking,
  query: { readonly sessionTypeId: string; readonly from?: CalendarDate; readonly days?: number; readonly now: Date },
  cache: ReadCache,
): Promise<OpenSlot[]> {
  if (!cache.enabled) return findOpenSlots(db, booking, query, cache);
  const minute = new Date(Math.ceil(query.now.getTime() / MINUTE_MS) * MINUTE_MS);
  const key = `slots:${booking.practiceId}:${settingsVersionOf(booking)}:${query.sessionTypeId}:${query.from ?? ''}:${query.days ?? ''}:${minute.toISOString()}`;
  return cache.read(key, () => findOpenSlots(db, booking, { ...query, now: minute }, cache));
}

/** Open slots of one session type, from `from` for `days` dates (the domain's rules). */
async function findOpenSlots(
  db: Database,
  booking: ListingBooking,
  query: { readonly sessionTypeId: string; readonly from?: CalendarDate; readonly days?: number; readonly now: Date },
  cache: ReadCache = ReadCache.disabled(),
): Promise<OpenSlot[]> {
  const settings = booking.settings;
  if (!settings?.enabled) return [];
  const window = pageWindow(settings, query);
  const busy = cache.enabled
    ? (await horizonBusy(db, cache, booking, settings, query.now)).filter((interval) => interval.endsAt > window.from && interval.startsAt < window.to)
    : await readInPractice(db.pool, { practiceId: booking.practiceId }, (sql) => busyBetween(sql, booking.practiceId, window.from, window.to));
  return openSlots({ settings, sessionTypeId: query.sessionTypeId, busy, now: query.now, ...(query.from ? { from: query.from } : {}), ...(query.days ? { days: query.days } : {}) });
}

export interface BookedAppointment {
  readonly appointmentId: string;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly status: 'scheduled' | 'confirmed';
  readonly sessionType: string;
}

/** Books `request` with the listing's practice, or throws `BookingRefused`. */
export async function bookSlot(
  db: Database,
  booking: ListingBooking,
  request: BookingRequest & { readonly holdId?: string | undefined },
  call: { readonly now: Date; readonly requestId: string; readonly sourceAddress: string | null; readonly links: LinkTokens },
): Promise<BookedAppointment> {
  const settings = booking.settings;
  if (!settings?.enabled) throw new BookingRefused('booking-off');
  const sessionType = settings.sessionTypes.find((type) => type.id === request.sessionTypeId);
  if (!sessionType) throw new BookingRefused('unknown-session-type');
  const scope: PracticeScope = {
    practiceId: booking.practiceId,
    timeZone: booking.timeZone,
    actor: { userId: '', name: request.name },
    requestId: call.requestId,
    sourceAddress: call.sourceAddress,
    now: call.now,
    links: call.links,
  };
  // A visitor acts: no account. The request id ties the events to the HTTP request.
  const context: CommandContext = { actor: { userId: null }, requestId: call.requestId === '' ? null : call.requestId, now: call.now };
  try {
    return await inPractice(db, { practiceId: booking.practiceId }, async (tx) => {
      // The patient's own hold on the time gives way to their booking (and expired holds go).
      await releaseHolds(tx, booking.practiceId, request.holdId ?? null);
      const window = horizonWindow(settings, call.now);
      const busy = await busyBetween(sqlOf(tx), booking.practiceId, window.from, window.to);
      const refusal = slotRefusal({ settings, sessionTypeId: sessionType.id, busy, now: call.now, startsAt: request.startsAt });
      if (refusal) throw new BookingRefused(refusal);
      const patientId = await patientFor(tx, scope, context, request, sessionType);
      const appointmentId = randomUUID();
      const machine = appointmentCommands(
        scope,
        {
          patientId,
          type: 'consultation',
          notes: request.reason === '' ? `Booked online: ${sessionType.name}.` : `Booked online: ${sessionType.name}. Reason: ${request.reason}`,
          bufferBeforeMinutes: settings.bufferBeforeMinutes,
          bufferAfterMinutes: settings.bufferAfterMinutes,
        },
        { overlaps: 'refuse' },
      );
      await run(tx, context, machine, appointmentId, { kind: 'Schedule', id: appointmentId, startsAt: request.startsAt, durationMinutes: sessionType.durationMinutes, mode: sessionType.mode });
      if (sessionType.approval === 'auto') await run(tx, context, appointmentCommands(scope), appointmentId, { kind: 'Confirm' });
      // The patient's side: the confirmation e-mail with its manage link, and the reminder when due.
      const bookingId = randomUUID();
      const details = { sessionTypeId: sessionType.id, sessionTypeName: sessionType.name, notifyEarlier: request.notifyEarlier };
      await run(tx, context, bookingCommands(scope, call.links, details), bookingId, {
        kind: 'Make',
        id: bookingId,
        appointmentId,
        startsAt: request.startsAt,
        durationMinutes: sessionType.durationMinutes,
        confirmed: sessionType.approval === 'auto',
        reminderAt: reminderSendAt(request.startsAt, settings.reminder, call.now),
      });
      await auditChangeOutsideCall(tx, { practiceId: booking.practiceId, actorUserId: null, action: 'create', recordType: 'appointment', recordId: appointmentId, patientId, requestId: call.requestId, sourceAddress: call.sourceAddress });
      return {
        appointmentId,
        startsAt: request.startsAt,
        endsAt: new Date(Date.parse(request.startsAt) + sessionType.durationMinutes * 60_000).toISOString(),
        status: sessionType.approval === 'auto' ? 'confirmed' : 'scheduled',
        sessionType: sessionType.name,
      };
    });
  } catch (error) {
    // Another booking (or the practitioner) took the time between the check and the write.
    if (isDoubleBooking(error)) throw new BookingRefused('taken');
    throw error;
  }
}

async function run<State, Command, Event>(
  tx: DatabaseTransaction,
  context: CommandContext,
  machine: CommandMachine<State, Command, Event>,
  id: string,
  command: Command,
): Promise<void> {
  const result = await executeCommand(tx, context, machine, id, command);
  if (!result.ok) throw new DomainRejection(result.error);
}

/** The practice's patient with the booking's e-mail, or a new one; a "new patients only" session refuses a known one. */
async function patientFor(tx: DatabaseTransaction, scope: PracticeScope, context: CommandContext, request: BookingRequest, sessionType: SessionType): Promise<string> {
  const known = await patientsRepository(sqlOf(tx), scope).findByEmail(request.email);
  if (known) {
    if (sessionType.newPatientsOnly) throw new BookingRefused('new-patients-only');
    return known.id;
  }
  const id = randomUUID();
  await run(tx, context, patientCommands(scope, { name: request.name, email: request.email, phone: request.phone ?? '' }), id, { kind: 'Register', id });
  return id;
}
