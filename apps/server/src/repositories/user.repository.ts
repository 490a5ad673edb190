import type { Database, DatabaseTransaction } from '../db/client.ts';

export const publicUserSelect = { id: true, name: true, email: true, role: true } as const;

export interface PublicUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly role: string;
}

/** Emails are stored normalized (trimmed, lower case); callers pass them normalized. */
export function findUserCredentialsByEmail(db: Database | DatabaseTransaction, email: string) {
  return db.user.findUnique({ where: { email }, select: { ...publicUserSelect, passwordHash: true } });
}

export function createUser(
  db: Database | DatabaseTransaction,
  data: { id?: string; email: string; name: string; passwordHash: string; role?: string },
): Promise<PublicUser> {
  return db.user.create({ data, select: publicUserSelect });
}

export function countUsers(db: Database | DatabaseTransaction): Promise<number> {
  return db.user.count();
}
