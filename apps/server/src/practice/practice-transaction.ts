/**
 * The transaction every practice call runs in (docs/decisions/0029-database-roles-and-row-level-security.md).
 * It names the practice to PostgreSQL with `set_config('app.practice_id', …, true)` — local to the
 * transaction, so a pooled connection (or PgBouncer in transaction mode) never carries it into the
 * next one — and row-level security then shows and accepts only that practice's rows, whatever a
 * query forgets. A query outside such a transaction sees no practice rows at all.
 */
import { Prisma } from '../generated/prisma/client.ts';
import type { Database, DatabaseTransaction } from '../db/client.ts';

export interface PracticeBinding {
  readonly practiceId: string;
  /** The signed-in account's e-mail (lower case): referrals sent to it are its business too. */
  readonly userEmail?: string | null;
}

/**
 * A practice call may read a large practice (the portal's figures at 200,000 appointments) under
 * load: Prisma's defaults (2 s to get a connection, 5 s to finish) would fail it where the pool is
 * merely busy.
 */
export const PRACTICE_TRANSACTION_OPTIONS = { maxWait: 30_000, timeout: 60_000 } as const;

/** Names the practice (and account) this transaction acts for; later calls in it replace them. */
export async function bindPractice(tx: DatabaseTransaction, binding: PracticeBinding): Promise<void> {
  await tx.$executeRaw`SELECT set_config('app.practice_id', ${binding.practiceId}, true), set_config('app.user_email', ${binding.userEmail ?? ''}, true)`;
}

/** Runs `work` in a transaction bound to the practice. */
export function inPractice<T>(db: Database, binding: PracticeBinding, work: (tx: DatabaseTransaction) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    await bindPractice(tx, binding);
    return work(tx);
  }, PRACTICE_TRANSACTION_OPTIONS);
}

export interface SqlStatement {
  readonly text: string;
  readonly values?: readonly unknown[];
}

/**
 * `pg`'s `query({ text, values })` shape over the transaction, for the repositories' hand-written
 * SQL: rows come back as `pg` gives them (bigint and numeric as strings).
 */
export function sqlOf(tx: DatabaseTransaction) {
  return {
    async query<Row>(statement: SqlStatement | string, values: readonly unknown[] = []): Promise<{ rows: Row[] }> {
      const { text, values: bound } = typeof statement === 'string' ? { text: statement, values } : { text: statement.text, values: statement.values ?? [] };
      const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(text, ...bound);
      for (const row of rows) {
        for (const [key, value] of Object.entries(row)) {
          if (typeof value === 'bigint' || Prisma.Decimal.isDecimal(value)) row[key] = String(value);
        }
      }
      return { rows: rows as Row[] };
    },
  };
}

/** Rows the outbox relay reads at send time, by id: the practice that owns each is looked up first. */
const PRACTICE_OF_ROW = {
  referral: 'SELECT practice_of_referral($1) AS practice_id',
  contact_message: 'SELECT practice_of_contact_message($1) AS practice_id',
} as const;

/**
 * Runs `work` in a transaction bound to the practice that owns the row (none for a message to a
 * listing no account owns): how the relay, which acts for no practice, reads what an e-mail needs.
 */
export function inPracticeOfRow<T>(db: Database, row: { readonly table: keyof typeof PRACTICE_OF_ROW; readonly id: string }, work: (tx: DatabaseTransaction) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    const [owner] = await tx.$queryRawUnsafe<{ practice_id: string | null }[]>(PRACTICE_OF_ROW[row.table], row.id);
    if (owner?.practice_id) await bindPractice(tx, { practiceId: owner.practice_id });
    return work(tx);
  }, PRACTICE_TRANSACTION_OPTIONS);
}
