/**
 * The referral e-mail (issue 14): sent to the referee when a practitioner refers them, and again on
 * every Resend, through the outbox relay (`ReferralSent` / `ReferralResent` events). It carries the
 * referral code, its offer and a link to `/referral?code={code}`. The referral itself is read when the
 * e-mail goes out, so the message says what the referral and its code are then.
 */
import { inPracticeOfRow } from '../practice/practice-transaction.ts';
import { formatReward, referralShareLink } from '@wellspring/domain';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { Database } from '../db/client.ts';
import { escapeHtml, type InviteMailSettings } from './invite-mail.ts';

export interface ReferralMail {
  /** The event's outbox id (domain_event.id): the Message-ID and the file name derive from it. */
  readonly eventId: string;
  readonly referrerName: string;
  readonly refereeName: string;
  readonly refereeEmail: string;
  readonly code: string;
  readonly offer: string;
  readonly rewardMinor: number;
  readonly message: string;
}

/** The referral `referralId` as its e-mail needs it, or null when there is no such referral. */
export async function loadReferralMail(db: Database, eventId: string, referralId: string): Promise<ReferralMail | null> {
  const referral = await inPracticeOfRow(db, { table: 'referral', id: referralId }, (tx) => tx.referral.findUnique({
    where: { id: referralId },
    select: { referrerName: true, refereeName: true, refereeEmail: true, message: true, code: { select: { code: true, description: true, rewardMinor: true } } },
  }));
  if (!referral) return null;
  return {
    eventId,
    referrerName: referral.referrerName,
    refereeName: referral.refereeName,
    refereeEmail: referral.refereeEmail,
    code: referral.code.code,
    offer: referral.code.description,
    rewardMinor: referral.code.rewardMinor,
    message: referral.message,
  };
}

export function composeReferralMail(mail: ReferralMail, settings: Pick<InviteMailSettings, 'mailFrom' | 'publicUrl'>): Mail.Options {
  const link = referralShareLink(settings.publicUrl, mail.code);
  const host = new URL(settings.publicUrl).hostname || 'wellspring.local';
  const subject = `${mail.referrerName} referred you to Wellspring`;
  const reward = mail.rewardMinor > 0 ? ` Sign up with it and you both receive a ${formatReward(mail.rewardMinor)} reward.` : '';
  const text = [
    `Hello ${mail.refereeName},`,
    '',
    `${mail.referrerName} referred you to Wellspring, the directory and workspace for holistic and integrative health.`,
    '',
    `Your referral code: ${mail.code} — ${mail.offer}.${reward}`,
    ...(mail.message ? ['', `${mail.referrerName} wrote:`, mail.message] : []),
    '',
    `Redeem your referral: ${link}`,
    '',
    `You received this e-mail because ${mail.referrerName} entered your address (${mail.refereeEmail}) on Wellspring. If you are not interested, you can ignore it.`,
    '',
    '— The Wellspring team',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>Hello ${escapeHtml(mail.refereeName)},</p>`,
    `<p><strong>${escapeHtml(mail.referrerName)}</strong> referred you to Wellspring, the directory and workspace for holistic and integrative health.</p>`,
    `<p>Your referral code: <strong>${escapeHtml(mail.code)}</strong> — ${escapeHtml(mail.offer)}.${escapeHtml(reward)}</p>`,
    ...(mail.message ? [`<p>${escapeHtml(mail.referrerName)} wrote:</p>`, `<blockquote>${escapeHtml(mail.message).replace(/\n/g, '<br>')}</blockquote>`] : []),
    `<p><a href="${escapeHtml(link)}">Redeem your referral</a></p>`,
    `<p style="color: #666; font-size: 0.9em">You received this e-mail because ${escapeHtml(mail.referrerName)} entered your address (${escapeHtml(mail.refereeEmail)}) on Wellspring. If you are not interested, you can ignore it.</p>`,
    '</body></html>',
  ].join('\n');
  return {
    from: settings.mailFrom,
    to: mail.refereeEmail,
    subject,
    text,
    html,
    messageId: `<referral-${mail.eventId}@${host}>`,
    headers: { 'X-Wellspring-Event-Id': mail.eventId },
  };
}
