/**
 * The RSVP confirmation (issue 15: "You'll receive an email with event details."): the event's
 * details and its calendar file as a text/calendar attachment, sent by the outbox relay.
 */
import { rsvpConfirmedEventSchema, wallClockInZone } from '@wellspring/domain';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { CommunityEventView } from './events.repository.ts';
import { eventCalendarFile, eventCalendarFileName } from './event-calendar.ts';

export interface RsvpMail {
  readonly eventId: string;
  readonly communityEventId: string;
  readonly email: string;
  readonly name: string;
}

export function rsvpMailFromPayload(eventId: string, payload: unknown): RsvpMail | null {
  const parsed = rsvpConfirmedEventSchema.safeParse(payload);
  if (!parsed.success) return null;
  return { eventId, communityEventId: parsed.data.eventId, email: parsed.data.email, name: parsed.data.name };
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
