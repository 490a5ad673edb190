/**
 * The "invite a friend" e-mail (docs/product.md#invite): over SMTP (SMTP_URL), or, with none set, as an `.eml`
 * file under DATA_DIR/mail named by the event id, so a retry rewrites the same file.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { inviteSentEventSchema, type InviteSentEvent, type WaitlistType } from '@wellspring/domain';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { delivered, describeError, failed, type DeliveryOutcome } from './delivery.ts';

export interface InviteMailSettings {
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly mailDir: string;
  readonly publicUrl: string;
  /** Connection, greeting and socket timeouts of the SMTP conversation. */
  readonly timeoutMs: number;
}

export interface Invite extends Pick<InviteSentEvent, 'friendEmail' | 'yourName' | 'waitlistType'> {
  /** The InviteSent event's outbox id (domain_event.id): the Message-ID and the file name derive from it. */
  readonly eventId: string;
}

/** The invite in a stored `InviteSent` payload (read with the domain's event schema), or null when the payload is not one. */
export function inviteFromPayload(eventId: string, payload: unknown): Invite | null {
  const parsed = inviteSentEventSchema.safeParse(payload);
  if (!parsed.success) return null;
  const { friendEmail, yourName, waitlistType } = parsed.data;
  return { eventId, friendEmail, yourName, waitlistType };
}

export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const audience: Record<WaitlistType, { list: string; pitch: string }> = {
  patient: {
    list: 'patient waitlist',
    pitch: 'Wellspring helps you find holistic and integrative practitioners — naturopathy, acupuncture, ayurveda, functional medicine and more.',
  },
  practitioner: {
    list: 'practitioner waitlist',
    pitch: 'Wellspring gives holistic and integrative practitioners a profile patients can find and a workspace for their practice.',
  },
};

/** The message: who invited whom to which waitlist, with a link to the site. */
function composeInviteMail(invite: Invite, settings: Pick<InviteMailSettings, 'mailFrom' | 'publicUrl'>): Mail.Options {
  const link = `${settings.publicUrl}/#waitlist`;
  const { list, pitch } = audience[invite.waitlistType];
  const host = new URL(settings.publicUrl).hostname || 'wellspring.local';
  const subject = `${invite.yourName} invited you to join the Wellspring ${list}`;
  const text = [
    'Hello,',
    '',
    `${invite.yourName} invited you (${invite.friendEmail}) to join the Wellspring ${list}.`,
    '',
    pitch,
    '',
    `Join the waitlist: ${link}`,
    '',
    `You received this e-mail because ${invite.yourName} entered your address on Wellspring. If you are not interested, you can ignore it.`,
    '',
    '— The Wellspring team',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    '<p>Hello,</p>',
    `<p><strong>${escapeHtml(invite.yourName)}</strong> invited you (${escapeHtml(invite.friendEmail)}) to join the Wellspring ${list}.</p>`,
    `<p>${escapeHtml(pitch)}</p>`,
    `<p><a href="${escapeHtml(link)}">Join the waitlist</a></p>`,
    `<p style="color: #666; font-size: 0.9em">You received this e-mail because ${escapeHtml(invite.yourName)} entered your address on Wellspring. If you are not interested, you can ignore it.</p>`,
    '</body></html>',
  ].join('\n');
  return {
    from: settings.mailFrom,
    to: invite.friendEmail,
    subject,
    text,
    html,
    // The same on every retry, so a mail system that sees the message twice can drop the copy.
    messageId: `<invite-${invite.eventId}@${host}>`,
    headers: { 'X-Wellspring-Event-Id': invite.eventId },
  };
}

export interface InviteMailer {
  send(invite: Invite): Promise<DeliveryOutcome>;
  close(): void;
}

/** The SMTP reply code at the start of nodemailer's `response` ("250 2.0.0 OK ..."). */
function smtpCode(response: unknown): number | null {
  const match = typeof response === 'string' ? /^(\d{3})\b/.exec(response) : null;
  return match ? Number(match[1]) : null;
}

/**
 * Sends a composed message: over SMTP (SMTP_URL), or, with none set, as `DATA_DIR/mail/{eventId}.eml`
 * (a retry rewrites the same file). Shared by every e-mail the relay delivers (invites, referrals).
 */
export interface MailTransport {
  send(message: Mail.Options, eventId: string): Promise<DeliveryOutcome>;
  close(): void;
}

export function createMailTransport(settings: InviteMailSettings): MailTransport {
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport(
      new SMTPTransport({
        url: settings.smtpUrl,
        connectionTimeout: settings.timeoutMs,
        greetingTimeout: settings.timeoutMs,
        socketTimeout: settings.timeoutMs,
      }),
    );
    return {
      async send(message) {
        try {
          const info = await transport.sendMail(message);
          if (info.rejected.length > 0) return failed(`recipient rejected: ${info.rejected.map(String).join(', ')}`, smtpCode(info.response));
          return delivered(smtpCode(info.response));
        } catch (error) {
          const code = (error as { responseCode?: unknown }).responseCode;
          return failed(describeError(error), typeof code === 'number' ? code : null);
        }
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message, eventId) {
      try {
        const info = await transport.sendMail(message);
        await fs.mkdir(settings.mailDir, { recursive: true });
        const file = path.join(settings.mailDir, `${eventId}.eml`);
        // Write then rename: a reader never sees half a message, and a retry replaces the file.
        const partial = `${file}.${process.pid}.tmp`;
        await fs.writeFile(partial, info.message as Buffer);
        await fs.rename(partial, file);
        return delivered();
      } catch (error) {
        return failed(describeError(error));
      }
    },
    close: () => transport.close(),
  };
}

export function createInviteMailer(settings: InviteMailSettings, transport: MailTransport = createMailTransport(settings)): InviteMailer {
  return {
    send: (invite) => transport.send(composeInviteMail(invite, settings), invite.eventId),
    close: () => transport.close(),
  };
}
