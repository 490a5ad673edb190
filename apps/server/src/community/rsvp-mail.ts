/**
 * The RSVP confirmation (issue 15: "You'll receive an email with event details."): the event's
 * details and its calendar file as a text/calendar attachment, sent by the outbox relay. The event
 * holds ids; the attendee's address and name are read from their account when the e-mail goes out.
 */
import { rsvpConfirmedEventSchema, wallClockInZone } from '@wellspring/domain';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { Database } from '../db/client.ts';
import type { CommunityEventView } from './events.repository.ts';
import { eventCalendarFile, eventCalendarFileName } from './event-calendar.ts';

export interface RsvpMail {
  readonly eventId: string;
  readonly communityEventId: string;
  readonly email: string;
  readonly name: string;
}

/** The ids of an `RsvpConfirmed` payload, or null when it is not one. */
export function rsvpFromPayload(payload: unknown): { readonly communityEventId: string; readonly userId: string } | null {
  const parsed = rsvpConfirmedEventSchema.safeParse(payload);
  return parsed.success ? { communityEventId: parsed.data.eventId, userId: parsed.data.userId } : null;
}

/** The RSVP's e-mail as it goes out: the attendee's address and name read from their account now. */
export async function loadRsvpMail(db: Database, eventId: string, rsvp: { readonly communityEventId: string; readonly userId: string }): Promise<RsvpMail | null> {
  const user = await db.user.findUnique({ where: { id: rsvp.userId }, select: { email: true, name: true } });
  return user ? { eventId, communityEventId: rsvp.communityEventId, email: user.email, name: user.name } : null;
}

export function composeRsvpMail(
  mail: RsvpMail,
  event: CommunityEventView,
  settings: { readonly mailFrom: string; readonly publicUrl: string; readonly now: Date },
): Mail.Options {
  const host = new URL(settings.publicUrl).hostname || 'wellspring.local';
  const [date, time] = wallClockInZone(event.startsAt, event.timeZone).split('T');
  const endTime = wallClockInZone(event.endsAt, event.timeZone).split('T')[1];
  const when = `${date}, ${time?.slice(0, 5)}–${endTime?.slice(0, 5)} (${event.timeZone})`;
  const text = [
    `Hello ${mail.name},`,
    '',
    `You're going to ${event.title}.`,
    '',
    `When: ${when}`,
    `Where: ${event.location}`,
    '',
    event.description,
    '',
    'The attached calendar file adds the event to your calendar.',
    `Your events: ${settings.publicUrl}/community?tab=events`,
    '',
    '— The Wellspring team',
  ].join('\n');
  return {
    from: settings.mailFrom,
    to: mail.email,
    subject: `RSVP confirmed: ${event.title}`,
    text,
    messageId: `<rsvp-${mail.eventId}@${host}>`,
    headers: { 'X-Wellspring-Event-Id': mail.eventId },
    attachments: [{ filename: eventCalendarFileName(event), content: eventCalendarFile(event, settings), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
  };
}
