/**
 * The transactions practice calls run in (docs/decisions/0029-database-roles-and-row-level-security.md).
 * Each names the practice to PostgreSQL with `set_config('app.practice_id', …, true)` — local to the
 * transaction, so a pooled connection (or PgBouncer in transaction mode) never carries it into the
 * next one — and row-level security then shows and accepts only that practice's rows, whatever a
 * query forgets. A query outside such a transaction sees no practice rows at all. A change is one
 * Prisma transaction; each statement of a read is its own read-only transaction, bound in the same
 * exchange (bound-statement.ts).
 */
import pg from 'pg';
import { Prisma } from '../generated/prisma/client.ts';
import type { Database, DatabaseTransaction } from '../db/client.ts';
import { queryBound, type PracticeBinding } from './bound-statement.ts';

export type { PracticeBinding } from './bound-statement.ts';

/**
 * A practice call may read a large practice (the portal's figures at 200,000 appointments) under
 * load: Prisma's defaults (2 s to get a connection, 5 s to finish) would fail it where the pool is
 * merely busy.
 */
const PRACTICE_TRANSACTION_OPTIONS = { maxWait: 30_000, timeout: 60_000 } as const;

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

interface SqlStatement {
  readonly text: string;
  readonly values?: readonly unknown[];
  /**
   * A name makes `pg` prepare the statement once per connection and reuse it (the hot reads name
   * theirs); through Prisma the name is ignored.
   */
  readonly name?: string;
}

/**
 * What the repositories read and write with: `pg`'s `query({ text, values })` shape, rows as `pg`
 * gives them (bigint and numeric as strings, a `date` as UTC midnight). A read runs it on a `pg`
 * client, each statement its own read-only transaction (`readInPractice`), a change on Prisma's transaction (`sqlOf`).
 */
export interface PracticeSql {
  query<Row>(statement: SqlStatement | string, values?: readonly unknown[]): Promise<{ rows: Row[] }>;
  /**
   * True in a read's transaction, which writes nothing: what it reads is a committed state, so it may
   * be kept (practice/kept-by-schedule.ts). A change's transaction may read its own uncommitted writes.
   */
  readonly readOnly?: boolean;
}

const statementOf = (statement: SqlStatement | string, values: readonly unknown[]): SqlStatement =>
  typeof statement === 'string' ? { text: statement, values } : statement;

/** `PracticeSql` over a Prisma transaction, for a change's reads and the outbox relay. */
export function sqlOf(tx: DatabaseTransaction): PracticeSql {
  return {
    async query<Row>(statement: SqlStatement | string, values: readonly unknown[] = []): Promise<{ rows: Row[] }> {
      const { text, values: bound = [] } = statementOf(statement, values);
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

const DATE_OID = 1082;
/**
 * `pg` reads a `date` as local midnight; Prisma (and so every other path) as UTC midnight, which is
 * what `toISOString().slice(0, 10)` gives back as the same day in any zone.
 */
const practiceTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === DATE_OID && format !== 'binary' ? (value: string) => new Date(`${value}T00:00:00Z`) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

function sqlOfClient(client: pg.PoolClient, binding: PracticeBinding): PracticeSql {
  return {
    readOnly: true,
    async query<Row>(statement: SqlStatement | string, values: readonly unknown[] = []): Promise<{ rows: Row[] }> {
      const { text, values: bound = [], name } = statementOf(statement, values);
      const result = await queryBound(client, binding, { text, values: [...bound], ...(name ? { name } : {}), types: practiceTypes });
      return { rows: result.rows as Row[] };
    },
  };
}

/**
 * Runs the read `work` on a `pg` client of the pool, each of its statements in its own read-only
 * transaction bound to the practice: the binding and the statement in one exchange with
 * PostgreSQL (bound-statement.ts, record 0049). Under read committed every statement of a read saw
 * its own snapshot already, so a read of several statements sees what it did in one transaction.
 * A practice read used to be a Prisma interactive transaction, which waits between its statements
 * and tripled a read's p95 under load (record 0032); changes keep Prisma's.
 */
export async function readInPractice<T>(pool: pg.Pool, binding: PracticeBinding, work: (sql: PracticeSql) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let result: T;
  try {
    result = await work(sqlOfClient(client, binding));
  } catch (error) {
    // A statement of the work may still be on its way (pipelined): the connection is not handed on.
    client.release(true);
    throw error;
  }
  client.release();
  return result;
}

/** Rows the outbox relay reads at send time, by id: the practice that owns each is looked up first. */
const PRACTICE_OF_ROW = {
  referral: 'SELECT practice_of_referral($1) AS practice_id',
  contact_message: 'SELECT practice_of_contact_message($1) AS practice_id',
  booking: 'SELECT practice_of_booking($1) AS practice_id',
  invoice: 'SELECT practice_of_invoice($1) AS practice_id',
} as const;

/**
 * Runs `work` in a transaction bound to the practice that owns the row (none for a message to a
 * listing no account owns): how the relay, which acts for no practice, reads what an e-mail needs.
 */
export function inPracticeOfRow<T>(
  db: Database,
  row: { readonly table: keyof typeof PRACTICE_OF_ROW; readonly id: string },
  work: (tx: DatabaseTransaction, practiceId: string | null) => Promise<T>,
): Promise<T> {
  return db.$transaction(async (tx) => {
    const [owner] = await tx.$queryRawUnsafe<{ practice_id: string | null }[]>(PRACTICE_OF_ROW[row.table], row.id);
    if (owner?.practice_id) await bindPractice(tx, { practiceId: owner.practice_id });
    return work(tx, owner?.practice_id ?? null);
  }, PRACTICE_TRANSACTION_OPTIONS);
}
