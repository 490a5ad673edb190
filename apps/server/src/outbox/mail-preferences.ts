/**
 * Whether the account at an address wants an e-mail it may turn off in Settings (issue 25):
 * referrals sent to it, contact-form messages, community event confirmations. An address with no
 * account (a referee who has none yet) gets the e-mail; security e-mails never ask.
 */
import { readNotificationSettings, type NotificationSettings } from '@wellspring/domain';
import type { Database } from '../db/client.ts';

export async function wantsMail(db: Database, email: string, kind: keyof NotificationSettings): Promise<boolean> {
  const account = await db.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { notificationSettings: true } });
  return account ? readNotificationSettings(account.notificationSettings)[kind] : true;
}
