/**
 * A user's favorite practitioners. Every function takes the user's id: favorites are only ever read
 * or written for the caller (the routers pass ctx.user.id).
 */
import type { Database, DatabaseTransaction } from '../db/client.ts';

/** The user's favorite practitioner ids, most recently added first. */
export async function listFavoritePractitionerIds(db: Database | DatabaseTransaction, userId: string): Promise<string[]> {
  const rows = await db.favorite.findMany({
    where: { userId },
    select: { practitionerId: true },
    orderBy: [{ createdAt: 'desc' }, { practitionerId: 'asc' }],
  });
  return rows.map((row) => row.practitionerId);
}

export async function isFavoritePractitioner(db: Database | DatabaseTransaction, userId: string, practitionerId: string): Promise<boolean> {
  return (await db.favorite.count({ where: { userId, practitionerId } })) > 0;
}

/** Marks or unmarks a favorite (`favorites.set` through its command, commands/favorite.commands.ts); idempotent either way. The practitioner must exist (foreign key). */
export async function setFavoritePractitioner(
  db: Database | DatabaseTransaction,
  userId: string,
  practitionerId: string,
  favorite: boolean,
): Promise<void> {
  if (favorite) {
    await db.favorite.createMany({ data: [{ userId, practitionerId }], skipDuplicates: true });
  } else {
    await db.favorite.deleteMany({ where: { userId, practitionerId } });
  }
}
