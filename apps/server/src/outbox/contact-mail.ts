/**
 * The e-mail of a message sent from a practitioner's public profile (issue 16), delivered by the
 * outbox relay (`ContactMessageSent`): to the account that owns the listing, or — for a listing no
 * account owns yet (the directory's sample practitioners) — to RECEIVER_EMAIL, whose team passes it
 * on. The message is read from its row when the e-mail goes out, so the event log holds no
 * sender's words; Reply-To is the sender, so answering the e-mail answers them.
 */
import { inPracticeOfRow } from '../practice/practice-transaction.ts';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { Database } from '../db/client.ts';
import { escapeHtml, type InviteMailSettings } from './invite-mail.ts';

export interface ContactMail {
  /** The event's outbox id (domain_event.id): the Message-ID and the file name derive from it. */
  readonly eventId: string;
  readonly practitionerName: string;
  readonly practitionerId: string | null;
  /** The owner's account address, or null when no account owns the listing. */
  readonly accountEmail: string | null;
  readonly senderName: string;
  readonly senderEmail: string;
  readonly senderPhone: string;
  readonly message: string;
  readonly sentAt: Date;
}

/** The message `messageId` as its e-mail needs it, or null when there is no such message. */
export async function loadContactMail(db: Database, eventId: string, messageId: string): Promise<ContactMail | null> {
  const row = await inPracticeOfRow(db, { table: 'contact_message', id: messageId }, (tx) => tx.contactMessage.findUnique({
    where: { id: messageId },
    select: {
      practitionerId: true,
      senderName: true,
      senderEmail: true,
      senderPhone: true,
      message: true,
      createdAt: true,
      practitioner: { select: { name: true } },
      practice: { select: { owner: { select: { email: true, name: true } } } },
    },
  }));
  if (!row) return null;
  return {
    eventId,
    practitionerName: row.practitioner?.name ?? row.practice?.owner.name ?? 'the practitioner',
    practitionerId: row.practitionerId,
    accountEmail: row.practice?.owner.email ?? null,
    senderName: row.senderName,
    senderEmail: row.senderEmail,
    senderPhone: row.senderPhone,
    message: row.message,
    sentAt: row.createdAt,
  };
}

export function composeContactMail(mail: ContactMail, settings: Pick<InviteMailSettings, 'mailFrom' | 'publicUrl'> & { readonly receiverEmail: string }): Mail.Options {
  const host = new URL(settings.publicUrl).hostname || 'wellspring.local';
  const profileLink = mail.practitionerId ? `${settings.publicUrl}/practitioners/${encodeURIComponent(mail.practitionerId)}` : settings.publicUrl;
  const forAccount = mail.accountEmail !== null;
  const greeting = forAccount ? `Hello ${mail.practitionerName},` : 'Hello,';
  const intro = forAccount
    ? `${mail.senderName} sent you a message from your Wellspring profile.`
    : `${mail.senderName} sent a message to ${mail.practitionerName} from their Wellspring profile. ${mail.practitionerName} has no Wellspring account yet, so it comes to this address to be passed on.`;
  const where = forAccount ? `You can also read it on your dashboard: ${settings.publicUrl}/dashboard` : `Profile: ${profileLink}`;
  const contactLines = [`Name: ${mail.senderName}`, `E-mail: ${mail.senderEmail}`, ...(mail.senderPhone ? [`Phone: ${mail.senderPhone}`] : [])];
  const text = [
    greeting,
    '',
    intro,
    '',
    ...contactLines,
    `Sent: ${mail.sentAt.toISOString()}`,
    '',
    'Message:',
    mail.message,
    '',
    `${mail.senderName} agreed to be contacted about this message. Reply to this e-mail to answer them.`,
    where,
    '',
    '— The Wellspring team',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${contactLines.map(escapeHtml).join('<br>')}</p>`,
    `<blockquote>${escapeHtml(mail.message).replace(/\n/g, '<br>')}</blockquote>`,
    `<p>${escapeHtml(mail.senderName)} agreed to be contacted about this message. Reply to this e-mail to answer them.</p>`,
    forAccount
      ? `<p><a href="${escapeHtml(`${settings.publicUrl}/dashboard`)}">Open your dashboard</a></p>`
      : `<p><a href="${escapeHtml(profileLink)}">${escapeHtml(mail.practitionerName)}'s profile</a></p>`,
    '</body></html>',
  ].join('\n');
  return {
    from: settings.mailFrom,
    to: mail.accountEmail ?? settings.receiverEmail,
    replyTo: { name: mail.senderName, address: mail.senderEmail },
    subject: forAccount ? `New message from ${mail.senderName} via Wellspring` : `Message for ${mail.practitionerName} from ${mail.senderName} via Wellspring`,
    text,
    html,
    messageId: `<contact-${mail.eventId}@${host}>`,
    headers: { 'X-Wellspring-Event-Id': mail.eventId },
  };
}
