import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.ts';

/**
 * Prisma for most work, plus the `pg` pool under it for the few hot statements where Prisma's own
 * per-query cost dominates (see the repositories that use `pool`). One pool, so both share the
 * connection limit.
 */
export type Database = PrismaClient & { readonly pool: pg.Pool };
/** The client inside `$transaction(async (tx) => ...)`. */
export type DatabaseTransaction = Omit<Database, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends' | 'pool'>;

export const DEFAULT_POOL_MAX = 20;

export interface DatabaseClientOptions {
  /** Pooled connections at most (DATABASE_POOL_MAX); default 20. */
  readonly maxConnections?: number;
  /**
   * Errors of idle pooled connections (the server restarted, the database was dropped). The pool
   * replaces the connection; without a listener the error would crash the process.
   */
  readonly onConnectionError?: (error: Error) => void;
}

export function createDatabaseClient(connectionString: string, options: DatabaseClientOptions = {}): Database {
  const onError = options.onConnectionError ?? (() => undefined);
  // Pipelining: a statement is written as soon as it is made, not once the one before is answered
  // (db/client-transaction.ts, record 0049). Code that awaits each statement runs as before.
  const pool = new pg.Pool({ connectionString, max: options.maxConnections ?? DEFAULT_POOL_MAX, pipeline: true });
  // Listening here, not only through the adapter: Prisma connects its adapter lazily, and the pool
  // may serve raw queries before Prisma's first one.
  pool.on('error', onError);
  const adapter = new PrismaPg(pool, { onConnectionError: onError });
  return Object.assign(new PrismaClient({ adapter }), { pool });
}

/** Disconnects Prisma and ends the pool (which Prisma leaves open, as it did not create it). */
export async function closeDatabase(db: Database): Promise<void> {
  await db.$disconnect();
  if (!db.pool.ended) await db.pool.end();
}
