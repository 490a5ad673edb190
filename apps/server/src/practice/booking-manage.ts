/**
 * The patient's manage link (issue 24): no account, only the token the booking's e-mails carry. The
 * token is looked up by its hash (the practice behind it first, through a SECURITY DEFINER function,
 * then everything else in a transaction bound to that practice); it works while the booking is open
 * and its appointment not over, and dies at once when the booking is cancelled or moved. Cancelling
 * and moving are allowed until the practice's cancellation window, which the server enforces; a move
 * is re-checked by the booking rules and the database's no-double-booking guard, so an earlier time
 * offered to several patients goes to the first who takes it.
 */
import {
  changeableOnline,
  slotRefusal,
  type AppointmentCommand,
  type BookingSettings,
  type SlotRefusal,
} from '@wellspring/domain';
import { LINK_TOKEN_PATTERN, type LinkTokens } from '../auth/link-tokens.ts';
import { DomainRejection, executeCommand, type CommandContext } from '../commands/run-command.ts';
import type { Database, DatabaseTransaction } from '../db/client.ts';
import { isDoubleBooking } from '../db/errors.ts';
import { appointmentCommands } from './appointment.commands.ts';
import { busyBetween, horizonWindow, parseBookingSettings } from './booking-busy.ts';
import { auditChangeOutsideCall } from './practice-audit.ts';
import type { PracticeScope } from './practice-scope.ts';
import { inPractice, sqlOf } from './practice-transaction.ts';

export interface ManagedBooking {
  readonly practitionerId: string | null;
  readonly practitionerName: string;
  readonly sessionTypeId: string;
  readonly sessionTypeName: string;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly mode: 'virtual' | 'in-person';
  readonly confirmed: boolean;
  /** The practice's zone (the picker shows the patient's own and names this one when they differ). */
  readonly timeZone: string;
  /** Whether the patient may still cancel or move it online, and until when. */
  readonly changeable: boolean;
  readonly changeableUntil: string;
  readonly cancellationWindowHours: number;
}

/** Why a manage action was refused, in words the page shows. */
export type ManageRefusal = 'link' | 'window' | SlotRefusal;

export class ManageRefused extends Error {
  /** `booking`: what the refusal names (the practitioner and the window), when the link worked. */
  constructor(
    readonly reason: ManageRefusal,
    readonly booking: ManagedBooking | null = null,
  ) {
    super(reason);
  }
}

interface BookingRow {
  id: string;
  practice_id: string;
  appointment_id: string;
  patient_id: string;
  session_type_id: string;
  session_type_name: string;
  starts_at: Date;
  duration_minutes: number;
  mode: string;
  confirmed: boolean;
  generation: number;
  practitioner_id: string | null;
  practitioner_name: string;
  time_zone: string;
  booking_settings: unknown;
}

interface Found {
  readonly row: BookingRow;
  readonly settings: BookingSettings | null;
  readonly view: ManagedBooking;
}

/** The practice behind a token, or null: a malformed token never reaches the database. */
async function practiceOfToken(db: Database, links: LinkTokens, token: string): Promise<{ practiceId: string; hash: Buffer } | null> {
  if (!LINK_TOKEN_PATTERN.test(token)) return null;
  const hash = links.hash(token);
  const { rows } = await db.pool.query<{ practice_id: string | null }>('SELECT practice_of_booking_link($1) AS practice_id', [hash]);
  const practiceId = rows[0]?.practice_id;
  return practiceId ? { practiceId, hash } : null;
}

/** The open booking `hash` names in the bound transaction, locked when `lock`. */
async function findInPractice(tx: DatabaseTransaction, links: LinkTokens, token: string, hash: Buffer, now: Date, lock: boolean): Promise<Found | null> {
  const rows = await tx.$queryRawUnsafe<BookingRow[]>(
    `SELECT b.id, b.practice_id, b.appointment_id, a.patient_id, b.session_type_id, b.session_type_name, a.starts_at, a.duration_minutes, a.mode,
            b.confirmed, b.generation, l.id AS practitioner_id, coalesce(l.name, u.name) AS practitioner_name, p.time_zone, p.booking_settings
     FROM booking b
     JOIN appointment a ON a.practice_id = b.practice_id AND a.id = b.appointment_id
     JOIN practice p ON p.id = b.practice_id
     JOIN app_user u ON u.id = p.owner_user_id
     LEFT JOIN practitioner l ON l.id = p.practitioner_id
     WHERE b.manage_token_hash = $1 AND b.status = 'active' AND a.status <> 'cancelled'${lock ? ' FOR UPDATE OF b' : ''}`,
    hash,
  );
  const row = rows[0];
  // Constant-time check of the token itself, and the link expires once the appointment is over.
  if (!row || !links.matches(token, 'manage-booking', row.id, row.generation)) return null;
  const endsAt = new Date(row.starts_at.getTime() + row.duration_minutes * 60_000);
  if (endsAt.getTime() <= now.getTime()) return null;
  const settings = parseBookingSettings(row.booking_settings, row.time_zone);
  const windowHours = settings?.cancellationWindowHours ?? 0;
  const change = changeableOnline(row.starts_at.toISOString(), windowHours, now);
  return {
    row,
    settings,
    view: {
      practitionerId: row.practitioner_id,
      practitionerName: row.practitioner_name,
      sessionTypeId: row.session_type_id,
      sessionTypeName: row.session_type_name,
      startsAt: row.starts_at.toISOString(),
      endsAt: endsAt.toISOString(),
      mode: row.mode === 'virtual' ? 'virtual' : 'in-person',
      confirmed: row.confirmed,
      timeZone: row.time_zone,
      changeable: change.allowed,
      changeableUntil: change.until,
      cancellationWindowHours: windowHours,
    },
  };
}

export interface ManageCall {
  readonly now: Date;
  readonly requestId: string;
  readonly sourceAddress: string | null;
  readonly links: LinkTokens;
}

/** Runs `work` on the booking the token names, in a transaction bound to its practice; refuses a dead link. */
async function withBooking<T>(db: Database, token: string, call: ManageCall, lock: boolean, work: (tx: DatabaseTransaction, found: Found) => Promise<T>): Promise<T> {
  const owner = await practiceOfToken(db, call.links, token);
  if (!owner) throw new ManageRefused('link');
  return inPractice(db, { practiceId: owner.practiceId }, async (tx) => {
    const found = await findInPractice(tx, call.links, token, owner.hash, call.now, lock);
    if (!found) throw new ManageRefused('link');
    return work(tx, found);
  });
}

/** The booking behind a manage link (its reading audited), or throws `ManageRefused('link')`. */
export function viewBooking(db: Database, token: string, call: ManageCall): Promise<ManagedBooking> {
  return withBooking(db, token, call, false, async (tx, found) => {
    await auditChangeOutsideCall(tx, { practiceId: found.row.practice_id, actorUserId: null, action: 'read', recordType: 'appointment', recordId: found.row.appointment_id, patientId: found.row.patient_id, requestId: call.requestId, sourceAddress: call.sourceAddress });
    return found.view;
  });
}

function scopeOf(found: Found, call: ManageCall): { scope: PracticeScope; context: CommandContext } {
  return {
    scope: { practiceId: found.row.practice_id, timeZone: found.row.time_zone, actor: { userId: '', name: 'Patient' }, requestId: call.requestId, sourceAddress: call.sourceAddress, now: call.now, links: call.links },
    context: { actor: { userId: null }, requestId: call.requestId === '' ? null : call.requestId, now: call.now },
  };
}

async function changeAppointment(tx: DatabaseTransaction, found: Found, call: ManageCall, command: AppointmentCommand): Promise<void> {
  const { scope, context } = scopeOf(found, call);
  const result = await executeCommand(tx, context, appointmentCommands(scope, undefined, { overlaps: 'refuse', changedBy: 'patient' }), found.row.appointment_id, command);
  if (!result.ok) throw new DomainRejection(result.error);
  await auditChangeOutsideCall(tx, { practiceId: found.row.practice_id, actorUserId: null, action: 'update', recordType: 'appointment', recordId: found.row.appointment_id, patientId: found.row.patient_id, requestId: call.requestId, sourceAddress: call.sourceAddress });
}

/** Cancels the booking, before the cancellation window; the patient gets a METHOD:CANCEL e-mail. */
export function cancelBooking(db: Database, token: string, call: ManageCall): Promise<{ cancelled: true }> {
  return withBooking(db, token, call, true, async (tx, found) => {
    if (!found.view.changeable) throw new ManageRefused('window', found.view);
    await changeAppointment(tx, found, call, { kind: 'Cancel' });
    return { cancelled: true };
  });
}

/**
 * Moves the booking to `startsAt`, an open time of its session type (its own appointment not in the
 * way), before the cancellation window; the old link dies and the e-mail carries the new one.
 */
export async function moveBooking(db: Database, token: string, startsAt: string, call: ManageCall): Promise<ManagedBooking> {
  try {
    return await withBooking(db, token, call, true, async (tx, found) => {
      if (!found.view.changeable) throw new ManageRefused('window', found.view);
      const settings = found.settings;
      if (!settings?.enabled) throw new ManageRefused('booking-off');
      const window = horizonWindow(settings, call.now);
      const busy = await busyBetween(sqlOf(tx), found.row.practice_id, window.from, window.to, found.row.appointment_id);
      const refusal = slotRefusal({ settings, sessionTypeId: found.row.session_type_id, busy, now: call.now, startsAt });
      if (refusal) throw new ManageRefused(refusal);
      await changeAppointment(tx, found, call, { kind: 'Reschedule', startsAt, durationMinutes: found.row.duration_minutes });
      return { ...found.view, startsAt: new Date(startsAt).toISOString(), endsAt: new Date(Date.parse(startsAt) + found.row.duration_minutes * 60_000).toISOString() };
    });
  } catch (error) {
    if (isDoubleBooking(error)) throw new ManageRefused('taken');
    throw error;
  }
}
