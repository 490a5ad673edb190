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

/*
 * The lookup before and the answer after every mutation that carries a key go straight through the
 * pg pool as prepared statements: they sit on the waitlist join's hot path, where Prisma's own
 * per-query work cost more than the statements (scripts/bench/waitlist.ts). The bench's bare
 * baseline imports these texts, so it runs exactly the same statements.
 */
export const FIND_IDEMPOTENCY_KEY_SQL = 'SELECT procedure, fingerprint, response FROM idempotency_key WHERE scope = $1 AND key = $2';
export const STORE_IDEMPOTENT_RESPONSE_SQL = 'UPDATE idempotency_key SET response = $3::jsonb WHERE scope = $1 AND key = $2';

export async function findIdempotencyKey(db: Database, scope: string, key: string): Promise<IdempotencyKeyRow | null> {
  const result = await db.pool.query<IdempotencyKeyRow>({ name: 'idempotency-find', text: FIND_IDEMPOTENCY_KEY_SQL, values: [scope, key] });
  return result.rows[0] ?? null;
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
  await db.pool.query({ name: 'idempotency-store', text: STORE_IDEMPOTENT_RESPONSE_SQL, values: [scope, key, JSON.stringify(response)] });
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
