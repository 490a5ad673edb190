/**
 * The e2e server's SMTP sink (scripts/e2e-server.mjs): every message the relay sends is a file in
 * DATA_DIR/smtp-sink. A journey waits for the e-mail a person would get, and reads it as text.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { e2eDataDir } from '../scripts/e2e-database.mjs';

const sinkDir = () => path.join(e2eDataDir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')), 'smtp-sink');

export interface SunkMail {
  readonly to: string;
  readonly subject: string;
  /** Headers unfolded, quoted-printable decoded: for reading links and texts. */
  readonly text: string;
}

const readable = (raw: string): string =>
  raw
    .replace(/\r\n[ \t]+/g, ' ')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Every message sent to `to` so far, oldest first. */
export async function mailsTo(to: string): Promise<SunkMail[]> {
  const files = (await readdir(sinkDir()).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
  const mails: SunkMail[] = [];
  for (const file of files) {
    const text = readable(await readFile(path.join(sinkDir(), file), 'utf8'));
    const envelope = /^X-Envelope-To: (.*)$/m.exec(text)?.[1] ?? '';
    if (!envelope.split(',').includes(to)) continue;
    mails.push({ to: envelope, subject: /^Subject: (.*)$/m.exec(text)?.[1]?.trim() ?? '', text });
  }
  return mails;
}

/** Waits for the e-mail to `to` with `subject`, as its recipient would. */
export async function waitForMail(to: string, subject: string, timeout = 20_000): Promise<SunkMail> {
  let found: SunkMail | undefined;
  await expect
    .poll(async () => {
      found = (await mailsTo(to)).find((mail) => mail.subject === subject);
      return found?.subject;
    }, { timeout, message: `an e-mail "${subject}" to ${to}` })
    .toBe(subject);
  return found!;
}

/** The private manage link in a booking e-mail, as a path the browser opens. */
export function manageLinkIn(mail: SunkMail): string {
  const link = /https?:\/\/[^\s"<>]+\/bookings\/manage[^\s"<>]*#[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no manage link in "${mail.subject}"`);
  const url = new URL(link);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The link to `pathname` (with its `#token`) in an account e-mail, as a path the browser opens. */
export function linkIn(mail: SunkMail, pathname: string): string {
  const link = new RegExp(`https?://[^\\s"<>]+${pathname}#[A-Za-z0-9_-]{43}`).exec(mail.text)?.[0];
  if (!link) throw new Error(`no ${pathname} link in "${mail.subject}"`);
  const url = new URL(link);
  return `${url.pathname}${url.search}${url.hash}`;
}
