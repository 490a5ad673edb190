/**
 * The e-mails of account security (issue 25), delivered by the outbox relay from the
 * account-security machine's events: a link (confirm an address, reset a password, confirm a new
 * address) or a notice (password changed, 2-step on or off, a recovery code used, a new address, a
 * sign-up tried with this address, sign-in locked after failed attempts). The link's token is derived
 * again from its row's id (auth/link-tokens.ts): it is in the e-mail and nowhere else. The account is
 * read when the e-mail goes out; a link already used or replaced is not sent.
 */
import { accountSecurityEventSchema, PASSWORD_RESET_MINUTES, type AccountSecurityEvent } from '@wellspring/domain';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { LinkTokens } from '../auth/link-tokens.ts';
import type { Database } from '../db/client.ts';
import { escapeHtml, type InviteMailSettings } from './invite-mail.ts';

export interface AccountMailFacts {
  readonly name: string;
  readonly email: string;
  readonly recoveryCodesLeft: number;
  /** The link's row, for an event that sends one. */
  readonly token: { readonly id: string; readonly purpose: string; readonly live: boolean; readonly email: string | null; readonly previousEmail: string | null } | null;
}

export function accountEventFromPayload(payload: unknown): AccountSecurityEvent | null {
  const parsed = accountSecurityEventSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

export async function loadAccountMail(db: Database, event: AccountSecurityEvent, now: Date): Promise<AccountMailFacts | null> {
  const user = await db.user.findUnique({ where: { id: event.userId }, select: { name: true, email: true } });
  if (!user) return null;
  const tokenId = 'tokenId' in event ? event.tokenId : null;
  const token = tokenId
    ? await db.accountToken.findUnique({ where: { id: tokenId }, select: { id: true, purpose: true, usedAt: true, expiresAt: true, email: true, previousEmail: true } })
    : null;
  const recoveryCodesLeft = event.type === 'SecondFactorPassed' ? await db.recoveryCode.count({ where: { userId: event.userId, usedAt: null } }) : 0;
  return {
    name: user.name,
    email: user.email,
    recoveryCodesLeft,
    token: token
      ? { id: token.id, purpose: token.purpose, live: token.usedAt === null && token.expiresAt > now, email: token.email, previousEmail: token.previousEmail }
      : null,
  };
}

interface Letter {
  readonly to: string;
  readonly subject: string;
  readonly paragraphs: readonly string[];
  readonly link?: { readonly label: string; readonly url: string };
}

const resetLinkOf = (settings: AccountMailSettings, token: string) => `${settings.publicUrl}/reset-password#${token}`;
const verifyLinkOf = (settings: AccountMailSettings, token: string) => `${settings.publicUrl}/verify-email#${token}`;

export type AccountMailSettings = Pick<InviteMailSettings, 'mailFrom' | 'publicUrl'> & { readonly links: LinkTokens };

const notYou = 'If this was not you, reset your password now and turn on 2-step verification in Settings.';

function letterOf(event: AccountSecurityEvent, facts: AccountMailFacts, settings: AccountMailSettings): Letter | null {
  const { links } = settings;
  const live = facts.token?.live ?? false;
  switch (event.type) {
    case 'EmailVerificationRequested':
      if (!live) return null;
      return {
        to: facts.email,
        subject: 'Confirm your email address for Wellspring',
        paragraphs: ['Please confirm that this is your email address by opening the link below. It works for 48 hours.', 'If you did not create a Wellspring account, you can ignore this email.'],
        link: { label: 'Confirm my email address', url: verifyLinkOf(settings, links.token('email-verification', event.tokenId, 0)) },
      };
    case 'EmailChangeRequested':
      if (!live || !facts.token?.email) return null;
      return {
        to: facts.token.email,
        subject: 'Confirm your new email address for Wellspring',
        paragraphs: ['You asked to use this address for your Wellspring account. Open the link below to confirm it; it works for 48 hours.', 'If you did not ask for this, you can ignore this email.'],
        link: { label: 'Confirm my new address', url: verifyLinkOf(settings, links.token('email-change', event.tokenId, 0)) },
      };
    case 'EmailChanged':
      if (!facts.token?.previousEmail) return null;
      return {
        to: facts.token.previousEmail,
        subject: 'Your Wellspring email address was changed',
        paragraphs: [`Your Wellspring account now uses ${facts.email}; this address will no longer receive its emails.`, notYou],
        link: { label: 'Reset my password', url: `${settings.publicUrl}/forgot-password` },
      };
    case 'PasswordResetRequested':
      if (!live) return null;
      return {
        to: facts.email,
        subject: event.reason === 'locked' ? 'Sign-in to your Wellspring account was paused' : 'Reset your Wellspring password',
        paragraphs: [
          event.reason === 'locked'
            ? 'Someone entered a wrong password for your account too many times, so signing in is paused for 15 minutes. If it was you, you can choose a new password now with the link below: that also lets you back in at once.'
            : 'Someone asked to reset the password of your Wellspring account. Open the link below to choose a new one.',
          `The link works once, for ${PASSWORD_RESET_MINUTES} minutes. If you did not ask for it, you can ignore this email: your password stays as it is.`,
        ],
        link: { label: 'Choose a new password', url: resetLinkOf(settings, links.token('password-reset', event.tokenId, 0)) },
      };
    case 'PasswordReset':
    case 'PasswordChanged':
      return {
        to: facts.email,
        subject: 'Your Wellspring password was changed',
        paragraphs: ['The password of your Wellspring account was just changed, and its other sessions were signed out.', notYou],
        link: { label: 'Reset my password', url: `${settings.publicUrl}/forgot-password` },
      };
    case 'TwoStepEnabled':
      return { to: facts.email, subject: '2-step verification is on', paragraphs: ['2-step verification is now on for your Wellspring account: signing in asks for a code from your authenticator app.', notYou] };
    case 'TwoStepDisabled':
      return { to: facts.email, subject: '2-step verification was turned off', paragraphs: ['2-step verification was turned off for your Wellspring account.', notYou] };
    case 'SecondFactorPassed':
      if (event.secondFactor.method !== 'recovery') return null;
      return {
        to: facts.email,
        subject: 'A recovery code was used to sign in',
        paragraphs: [`A recovery code was used to sign in to your Wellspring account. ${facts.recoveryCodesLeft} of your recovery codes are left; you can make new ones in Settings.`, notYou],
      };
    case 'SignUpAttempted':
      return {
        to: facts.email,
        subject: 'Someone tried to sign up with your address',
        paragraphs: [
          'Someone tried to create a Wellspring account with this email address, which already has one. If it was you, sign in instead; if you forgot your password, you can reset it.',
          'If it was not you, you need not do anything.',
        ],
        link: { label: 'Reset my password', url: `${settings.publicUrl}/forgot-password` },
      };
    default:
      return null;
  }
}

/** The e-mail of `event`, or null when it no longer applies (its link used or replaced). */
export function composeAccountMail(eventId: string, event: AccountSecurityEvent, facts: AccountMailFacts, settings: AccountMailSettings): Mail.Options | null {
  const letter = letterOf(event, facts, settings);
  if (!letter) return null;
  const host = new URL(settings.publicUrl).hostname || 'wellspring.local';
  const greeting = `Hello ${facts.name},`;
  const text = [greeting, '', ...letter.paragraphs.flatMap((paragraph) => [paragraph, '']), ...(letter.link ? [`${letter.link.label}: ${letter.link.url}`, ''] : []), '— The Wellspring team'].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...letter.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...(letter.link ? [`<p><a href="${escapeHtml(letter.link.url)}">${escapeHtml(letter.link.label)}</a></p>`] : []),
    '<p>— The Wellspring team</p>',
    '</body></html>',
  ].join('\n');
  return {
    from: settings.mailFrom,
    to: letter.to,
    subject: letter.subject,
    text,
    html,
    messageId: `<account-${eventId}@${host}>`,
    headers: { 'X-Wellspring-Event-Id': eventId },
  };
}
