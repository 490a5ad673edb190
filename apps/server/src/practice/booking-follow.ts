/**
 * An online booking follows its appointment (issue 24). Whatever changed the appointment — the
 * patient's manage link, the portal's row menu, the schedule — the booking machine records it in
 * the same transaction, and the patient is e-mailed: confirmed, declined or cancelled, moved (a new
 * manage link, the reminder at the new time). A future time that opens (cancelled or moved away) is
 * offered to the practice's booked patients who asked to hear about an earlier time and could take it
 * under the booking rules; the first to take it gets it (the database's guard refuses the rest).
 */
import { reminderSendAt, slotRefusal, type AppointmentState, type BookingChangedBy, type BookingCommand } from '@wellspring/domain';
import { DomainRejection, executeCommand, type CommandContext } from '../commands/run-command.ts';
import type { DatabaseTransaction } from '../db/client.ts';
import { busyBetween, horizonWindow, practiceBookingSettings } from './booking-busy.ts';
import { bookingCommands } from './booking.commands.ts';
import type { PracticeScope } from './practice-scope.ts';
import { sqlOf } from './practice-transaction.ts';

/** How many waiting patients one opened time is offered to, first booked first. */
const EARLIER_TIME_OFFERS_MAX = 20;

export interface AppointmentChange {
  readonly appointmentId: string;
  readonly before: AppointmentState;
  readonly after: AppointmentState;
  readonly context: CommandContext;
  readonly by: BookingChangedBy;
}

async function runBooking(tx: DatabaseTransaction, scope: PracticeScope, context: CommandContext, bookingId: string, command: BookingCommand): Promise<void> {
  if (!scope.links) throw new Error('followAppointment: the scope carries no link tokens, so a booking cannot be told');
  const result = await executeCommand(tx, context, bookingCommands(scope, scope.links), bookingId, command);
  if (!result.ok) throw new DomainRejection(result.error);
}

export async function followAppointment(tx: DatabaseTransaction, scope: PracticeScope, change: AppointmentChange): Promise<void> {
  const { before, after } = change;
  if (before.status === 'absent' || after.status === 'absent') return;
  const cancelled = after.status === 'cancelled' && before.status !== 'cancelled';
  const moved = !cancelled && (after.startsAt !== before.startsAt || after.durationMinutes !== before.durationMinutes);
  const confirmed = after.status === 'confirmed' && before.status === 'scheduled';
  if (!cancelled && !moved && !confirmed) return;
  const sql = sqlOf(tx);
  const { rows } = await sql.query<{ id: string; status: string }>({
    text: 'SELECT id, status FROM booking WHERE practice_id = $1 AND appointment_id = $2',
    values: [scope.practiceId, change.appointmentId],
  });
  const booking = rows[0]?.status === 'active' ? rows[0] : undefined;
  const settings = cancelled || moved || booking ? await practiceBookingSettings(sql, scope.practiceId) : null;
  if (booking) {
    if (confirmed) await runBooking(tx, scope, change.context, booking.id, { kind: 'FollowConfirm' });
    if (cancelled) await runBooking(tx, scope, change.context, booking.id, { kind: 'FollowCancel', by: change.by });
    if (moved) {
      const reminderAt = settings ? reminderSendAt(after.startsAt, settings.reminder, change.context.now) : null;
      await runBooking(tx, scope, change.context, booking.id, { kind: 'FollowMove', startsAt: after.startsAt, durationMinutes: after.durationMinutes, by: change.by, reminderAt });
    }
  }
  if ((cancelled || moved) && settings?.enabled) await offerOpenedTime(tx, scope, change.context, { startsAt: before.startsAt, except: change.appointmentId });
}

/** Offers the time that opened at `startsAt` to the waiting patients who could book it. */
async function offerOpenedTime(tx: DatabaseTransaction, scope: PracticeScope, context: CommandContext, opened: { readonly startsAt: string; readonly except: string }): Promise<void> {
  if (Date.parse(opened.startsAt) <= context.now.getTime()) return;
  const sql = sqlOf(tx);
  const settings = await practiceBookingSettings(sql, scope.practiceId);
  if (!settings?.enabled) return;
  const { rows: waiting } = await sql.query<{ id: string; appointment_id: string; session_type_id: string }>({
    text: `SELECT id, appointment_id, session_type_id FROM booking
           WHERE practice_id = $1 AND notify_earlier AND status = 'active' AND starts_at > $2 AND appointment_id <> $3
           ORDER BY created_at, id LIMIT ${EARLIER_TIME_OFFERS_MAX}`,
    values: [scope.practiceId, new Date(opened.startsAt), opened.except],
  });
  if (waiting.length === 0) return;
  const window = horizonWindow(settings, context.now);
  for (const booking of waiting) {
    // Free for this patient's session if their own appointment moved there (it is not in the way).
    const busy = await busyBetween(sql, scope.practiceId, window.from, window.to, booking.appointment_id);
    if (slotRefusal({ settings, sessionTypeId: booking.session_type_id, busy, now: context.now, startsAt: opened.startsAt }) !== null) continue;
    await runBooking(tx, scope, context, booking.id, { kind: 'OfferEarlier', startsAt: opened.startsAt });
  }
}
