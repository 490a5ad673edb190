/**
 * Idempotency keys (commands/idempotency.ts): claimed in the command's transaction, answered after
 * the procedure, found again by a retry, deleted after a day by housekeeping (main.ts).
 */
import type { Database, DatabaseTransaction } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';

export interface IdempotencyKeyRow {
  readonly procedure: string;
  readonly fingerprint: string;
  /** The serialized answer; null while the write committed but the answer was not stored. */
  readonly response: Prisma.JsonValue | null;
}

export interface IdempotencyClaim {
  readonly scope: string;
  readonly key: string;
  readonly procedure: string;
  readonly fingerprint: string;
}

export async function findIdempotencyKey(db: Database | DatabaseTransaction, scope: string, key: string): Promise<IdempotencyKeyRow | null> {
  return db.idempotencyKey.findUnique({ where: { scope_key: { scope, key } }, select: { procedure: true, fingerprint: true, response: true } });
}

/** Claims the key; false when it is already claimed (committed, or by a transaction that then commits). */
export async function insertIdempotencyKey(db: Database | DatabaseTransaction, claim: IdempotencyClaim, now: Date): Promise<boolean> {
  const inserted = await db.$queryRaw<{ key: string }[]>`
    INSERT INTO idempotency_key (scope, key, procedure, fingerprint, created_at)
    VALUES (${claim.scope}, ${claim.key}, ${claim.procedure}, ${claim.fingerprint}, ${now})
    ON CONFLICT (scope, key) DO NOTHING RETURNING key`;
  return inserted.length === 1;
}

export async function storeIdempotentResponse(db: Database, scope: string, key: string, response: Prisma.InputJsonValue): Promise<void> {
  await db.idempotencyKey.updateMany({ where: { scope, key }, data: { response } });
}

/** Keys older than `maxAgeMs`: a retry comes within minutes, a day is generous. */
export async function deleteExpiredIdempotencyKeys(db: Database, now: Date, maxAgeMs: number): Promise<number> {
  const { count } = await db.idempotencyKey.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - maxAgeMs) } } });
  return count;
}

/**
 * The key and answer of a mutation that wrote without the command runner (the writes still moving
 * onto it, issue 23): recorded after the fact, so a retry after this point is still answered once.
 */
export async function recordIdempotentAnswer(db: Database, claim: IdempotencyClaim, response: Prisma.InputJsonValue, now: Date): Promise<void> {
  await db.idempotencyKey.createMany({
    data: [{ scope: claim.scope, key: claim.key, procedure: claim.procedure, fingerprint: claim.fingerprint, response, createdAt: now }],
    skipDuplicates: true,
  });
}
