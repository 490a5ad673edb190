/**
 * The e-mails of an online booking (issue 24), one per booking event, delivered by the outbox relay:
 * the booking received or confirmed (with an `.ics` invitation and the private manage link), the
 * practitioner's confirmation, a decline or cancellation (METHOD:CANCEL), a move (a new SEQUENCE and
 * a new manage link), the reminder, and an earlier time on offer. The booking is read when the
 * e-mail goes out, so it says what the booking is then; a reminder or an offer whose booking has
 * since been cancelled or moved is not sent at all (`null`), so a reminder goes out once, for the
 * time that holds, or never.
 */
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { bookingEventSchema, wallClockInZone, type BookingEvent } from '@wellspring/domain';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { LinkTokens } from '../auth/link-tokens.ts';
import type { Database } from '../db/client.ts';
import { inPracticeOfRow } from '../practice/practice-transaction.ts';
import { escapeHtml, type InviteMailSettings } from './invite-mail.ts';

export interface BookingMailFacts {
  readonly bookingId: string;
  readonly status: 'active' | 'cancelled';
  readonly confirmed: boolean;
  readonly generation: number;
  readonly startsAt: Date;
  readonly durationMinutes: number;
  readonly mode: string;
  readonly sessionTypeName: string;
  readonly patientName: string;
  readonly patientEmail: string;
  readonly practitionerName: string;
  readonly practitionerId: string | null;
  readonly practitionerLocation: string;
  readonly practiceEmail: string;
  readonly timeZone: string;
}

interface FactsRow {
  id: string;
  status: string;
  confirmed: boolean;
  generation: number;
  starts_at: Date;
  duration_minutes: number;
  mode: string;
  session_type_name: string;
  patient_name: string;
  patient_email: string;
  practitioner_name: string | null;
  practitioner_id: string | null;
  practitioner_location: string | null;
  owner_name: string;
  owner_email: string;
  time_zone: string;
}

/** The booking `bookingId` as its e-mails need it, or null when there is no such booking. */
export async function loadBookingMail(db: Database, bookingId: string): Promise<BookingMailFacts | null> {
  const rows = await inPracticeOfRow(db, { table: 'booking', id: bookingId }, (tx) => tx.$queryRaw<FactsRow[]>`
    SELECT b.id, b.status, b.confirmed, b.generation, b.starts_at, b.duration_minutes, a.mode, b.session_type_name,
           pt.name AS patient_name, pt.email AS patient_email, l.name AS practitioner_name, l.id AS practitioner_id,
           l.location AS practitioner_location, u.name AS owner_name, u.email AS owner_email, p.time_zone
    FROM booking b
    JOIN appointment a ON a.practice_id = b.practice_id AND a.id = b.appointment_id
    JOIN patient pt ON pt.practice_id = a.practice_id AND pt.id = a.patient_id
    JOIN practice p ON p.id = b.practice_id
    JOIN app_user u ON u.id = p.owner_user_id
    LEFT JOIN practitioner l ON l.id = p.practitioner_id
    WHERE b.id = ${bookingId}`);
  const row = rows[0];
  if (!row) return null;
  return {
    bookingId: row.id,
    status: row.status === 'cancelled' ? 'cancelled' : 'active',
    confirmed: row.confirmed,
    generation: row.generation,
    startsAt: row.starts_at,
    durationMinutes: row.duration_minutes,
    mode: row.mode,
    sessionTypeName: row.session_type_name,
    patientName: row.patient_name,
    patientEmail: row.patient_email,
    practitionerName: row.practitioner_name ?? row.owner_name,
    practitionerId: row.practitioner_id,
    practitionerLocation: row.practitioner_location ?? '',
    practiceEmail: row.owner_email,
    timeZone: row.time_zone,
  };
}

/** The booking event in a stored payload, or null when the payload is not one. */
export function bookingEventFromPayload(payload: unknown): BookingEvent | null {
  const parsed = bookingEventSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/** "Tuesday, March 10, 2026 at 9:00 AM EDT": the practice's clock, its zone named. */
function formatAppointmentTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(at) + ` (${timeZoneLabel(at, timeZone)})`;
}

function timeZoneLabel(at: Date, timeZone: string): string {
  const short = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  return short ? `${short}, ${timeZone.replace(/_/g, ' ')}` : timeZone.replace(/_/g, ' ');
}

/** The page a manage link opens; the token rides in the fragment, which no server or log sees. */
function manageBookingLink(publicUrl: string, token: string, earlier?: string): string {
  const query = earlier ? `?earlier=${encodeURIComponent(earlier)}` : '';
  return `${publicUrl}/bookings/manage${query}#${token}`;
}

/**
 * The calendar's SEQUENCE: every change the patient is told about replaces the last one — a move
 * (a new generation) and a confirmation go up by one each, a cancellation above them all.
 */
function calendarSequence(facts: Pick<BookingMailFacts, 'generation' | 'confirmed' | 'status'>): number {
  return facts.status === 'cancelled' ? 2 * facts.generation : 2 * (facts.generation - 1) + (facts.confirmed ? 1 : 0);
}

/** The booking as an RFC 5545 invitation (METHOD:REQUEST) or its cancellation (METHOD:CANCEL). */
function bookingCalendarFile(facts: BookingMailFacts, options: { readonly publicUrl: string; readonly now: Date; readonly manageLink: string | null }): { method: 'REQUEST' | 'CANCEL'; content: string } {
  const host = new URL(options.publicUrl).hostname || 'wellspring.local';
  const cancelled = facts.status === 'cancelled';
  const calendar = ical({
    prodId: { company: 'Wellspring', product: 'Booking', language: 'EN' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  const end = new Date(facts.startsAt.getTime() + facts.durationMinutes * 60_000);
  calendar.createEvent({
    id: `booking-${facts.bookingId}@${host}`,
    sequence: calendarSequence(facts),
    stamp: options.now,
    start: wallClockInZone(facts.startsAt, facts.timeZone),
    end: wallClockInZone(end, facts.timeZone),
    timezone: facts.timeZone,
    status: cancelled ? ICalEventStatus.CANCELLED : facts.confirmed ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    summary: `${facts.sessionTypeName} with ${facts.practitionerName}`,
    location: facts.mode === 'virtual' ? 'Online (virtual session)' : facts.practitionerLocation,
    description: options.manageLink ? `Cancel or reschedule: ${options.manageLink}` : '',
    organizer: { name: facts.practitionerName, email: facts.practiceEmail },
    attendees: [{ name: facts.patientName, email: facts.patientEmail }],
  });
  return { method: cancelled ? 'CANCEL' : 'REQUEST', content: calendar.toString() };
}

interface MailText {
  readonly subject: string;
  readonly lead: string;
  /** The invitation travels with the e-mail (not with a reminder or an offer). */
  readonly withCalendar: boolean;
  /** Where the manage link points, when there is one. */
  readonly linkLabel: string | null;
  readonly earlier?: string;
}

function textOf(event: BookingEvent, facts: BookingMailFacts): MailText | null {
  const who = facts.practitionerName;
  const when = formatAppointmentTime(facts.startsAt, facts.timeZone);
  const manage = 'Cancel or reschedule';
  switch (event.type) {
    case 'BookingMade':
      if (facts.status === 'cancelled') return null;
      return facts.confirmed
        ? { subject: `Your appointment with ${who} is confirmed`, lead: `Your ${facts.sessionTypeName} with ${who} is booked for ${when}.`, withCalendar: true, linkLabel: manage }
        : {
            subject: `Your booking request with ${who} was received`,
            lead: `You asked to book a ${facts.sessionTypeName} with ${who} on ${when}. ${who} will confirm it; we will e-mail you as soon as they do. The time is held for you meanwhile.`,
            withCalendar: true,
            linkLabel: manage,
          };
    case 'BookingConfirmed':
      if (facts.status === 'cancelled') return null;
      return { subject: `${who} confirmed your appointment`, lead: `${who} confirmed your ${facts.sessionTypeName} on ${when}.`, withCalendar: true, linkLabel: manage };
    case 'BookingCancelled':
      if (event.by === 'practice' && !event.wasConfirmed) {
        return { subject: `${who} could not accept your booking request`, lead: `${who} could not accept your request for a ${facts.sessionTypeName} on ${when}. You can choose another time on their profile.`, withCalendar: true, linkLabel: null };
      }
      return event.by === 'practice'
        ? { subject: `${who} cancelled your appointment`, lead: `${who} cancelled your ${facts.sessionTypeName} on ${when}. You can choose another time on their profile.`, withCalendar: true, linkLabel: null }
        : { subject: `Your appointment with ${who} is cancelled`, lead: `Your ${facts.sessionTypeName} with ${who} on ${when} is cancelled, as you asked.`, withCalendar: true, linkLabel: null };
    case 'BookingMoved':
      if (facts.status === 'cancelled' || facts.generation !== event.generation) return null;
      return { subject: `Your appointment with ${who} has moved`, lead: `Your ${facts.sessionTypeName} with ${who} is now on ${when}. Your calendar invitation is updated, and the link in earlier e-mails no longer works: use the one below.`, withCalendar: true, linkLabel: manage };
    case 'BookingReminderScheduled':
      // Sent once, for the time that holds: never after a cancellation or a move.
      if (facts.status === 'cancelled' || facts.generation !== event.generation) return null;
      return { subject: `Reminder: your appointment with ${who}`, lead: `This is a reminder of your ${facts.sessionTypeName} with ${who} on ${when}.`, withCalendar: false, linkLabel: manage };
    case 'EarlierTimeOffered': {
      if (facts.status === 'cancelled' || Date.parse(event.startsAt) >= facts.startsAt.getTime()) return null;
      const earlier = formatAppointmentTime(new Date(event.startsAt), facts.timeZone);
      return {
        subject: `An earlier time opened with ${who}`,
        lead: `An earlier time opened with ${who}: ${earlier}. Your appointment is now on ${when}. If you would like the earlier time, take it with the link below — the first patient to take it gets it.`,
        withCalendar: false,
        linkLabel: 'Take the earlier time',
        earlier: event.startsAt,
      };
    }
  }
}

export interface BookingMailSettings extends Pick<InviteMailSettings, 'mailFrom' | 'publicUrl'> {
  readonly links: LinkTokens;
  readonly now: Date;
}

/** The e-mail of `event` for the booking as it is now, or null when it is no longer worth sending. */
export function composeBookingMail(eventId: string, event: BookingEvent, facts: BookingMailFacts, settings: BookingMailSettings): Mail.Options | null {
  const text = textOf(event, facts);
  if (!text) return null;
  const host = new URL(settings.publicUrl).hostname || 'wellspring.local';
  const token = facts.status === 'active' ? settings.links.token('manage-booking', facts.bookingId, facts.generation) : null;
  const link = token && text.linkLabel ? manageBookingLink(settings.publicUrl, token, text.earlier) : null;
  const profile = facts.practitionerId ? `${settings.publicUrl}/practitioners/${encodeURIComponent(facts.practitionerId)}` : settings.publicUrl;
  const details = [`Session: ${facts.sessionTypeName} (${facts.durationMinutes} min, ${facts.mode === 'virtual' ? 'virtual' : 'in person'})`, ...(facts.mode !== 'virtual' && facts.practitionerLocation ? [`Where: ${facts.practitionerLocation}`] : [])];
  const body = [
    `Hello ${facts.patientName},`,
    '',
    text.lead,
    '',
    ...details,
    '',
    ...(link ? [`${text.linkLabel}: ${link}`, 'This link is private to you: anyone who has it can change your booking.', ''] : [`${facts.practitionerName}'s profile: ${profile}`, '']),
    `Questions? Reply to this e-mail to reach ${facts.practitionerName}.`,
    '',
    '— Wellspring',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(`Hello ${facts.patientName},`)}</p>`,
    `<p>${escapeHtml(text.lead)}</p>`,
    `<p>${details.map(escapeHtml).join('<br>')}</p>`,
    link
      ? `<p><a href="${escapeHtml(link)}">${escapeHtml(text.linkLabel ?? '')}</a><br><small>This link is private to you: anyone who has it can change your booking.</small></p>`
      : `<p><a href="${escapeHtml(profile)}">${escapeHtml(`${facts.practitionerName}'s profile`)}</a></p>`,
    `<p>${escapeHtml(`Questions? Reply to this e-mail to reach ${facts.practitionerName}.`)}</p>`,
    '</body></html>',
  ].join('\n');
  const calendarFile = text.withCalendar ? bookingCalendarFile(facts, { publicUrl: settings.publicUrl, now: settings.now, manageLink: link }) : null;
  return {
    from: settings.mailFrom,
    to: { name: facts.patientName, address: facts.patientEmail },
    replyTo: { name: facts.practitionerName, address: facts.practiceEmail },
    subject: text.subject,
    text: body,
    html,
    ...(calendarFile ? { icalEvent: { method: calendarFile.method, filename: calendarFile.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics', content: calendarFile.content } } : {}),
    messageId: `<booking-${eventId}@${host}>`,
    headers: { 'X-Wellspring-Event-Id': eventId },
  };
}
