import type { Database, DatabaseTransaction } from '../db/client.ts';

const publicUserSelect = { id: true, name: true, email: true, role: true, emailVerifiedAt: true } as const;

export interface PublicUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly role: string;
  /** Whether the address is proved (its link opened): until then no listing, bookings or referrals to it (issue 25). */
  readonly emailVerified: boolean;
}

const toPublicUser = <Row extends { id: string; name: string; email: string; role: string; emailVerifiedAt: Date | null }>({ emailVerifiedAt, ...row }: Row) => ({
  ...row,
  emailVerified: emailVerifiedAt !== null,
});

/** Emails are stored normalized (trimmed, lower case); callers pass them normalized. */
export async function findUserCredentialsByEmail(db: Database | DatabaseTransaction, email: string) {
  const row = await db.user.findUnique({ where: { email }, select: { ...publicUserSelect, passwordHash: true, totpEnabledAt: true } });
  return row ? toPublicUser(row) : null;
}

/** The account `id` with its password hash (a change of password or e-mail checks the current one). */
export async function findUserCredentialsById(db: Database | DatabaseTransaction, id: string) {
  const row = await db.user.findUnique({ where: { id }, select: { ...publicUserSelect, passwordHash: true, totpEnabledAt: true } });
  return row ? toPublicUser(row) : null;
}

export function createUser(
  db: Database | DatabaseTransaction,
  data: { id?: string; email: string; name: string; passwordHash: string; role?: string; pendingReferralCode?: string | null; emailVerifiedAt?: Date | null },
): Promise<PublicUser> {
  return db.user.create({ data, select: publicUserSelect }).then(toPublicUser);
}

export function countUsers(db: Database | DatabaseTransaction): Promise<number> {
  return db.user.count();
}
