import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { closeDatabase, createDatabaseClient, type Database } from '../../src/db/client.ts';
import { APP_ROLE, withLogin } from '../../src/db/roles.ts';
import { TEST_APP_PASSWORD } from './test-roles.ts';

export interface TestDatabase {
  readonly name: string;
  /** The database as the server sees it: the application role, bound by row-level security. */
  readonly url: string;
  /** The same database as its owner (the migrations' role; a superuser on the test server). */
  readonly ownerUrl: string;
  /** Prisma and the pool as the server uses them: the application role. */
  readonly db: Database;
  /** Prisma as the owner: seeds and operator tools (the audit chain's verification), which read across practices. */
  readonly ownerDb: Database;
  /** Raw SQL on the test database as its owner (row-level security does not apply), for assertions a user of the database would make. */
  query<Row extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

export const adminDatabaseUrl = (): string => inject('adminDatabaseUrl');

export function databaseUrl(database: string): string {
  const parsed = new URL(adminDatabaseUrl());
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

export async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** An empty database (no migrations). */
/**
 * A `pg` pool for a test to connect as it likes. `pool.end()` resolves once its connections are
 * asked to close, not once they have: a DROP DATABASE ... WITH (FORCE) right after may still end one,
 * and the pool then reports that as an error. Expected here; without a listener it would be an
 * uncaught exception failing the whole run (it did, now and then, in audit-appender and
 * audit-chains).
 */
export function testPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', () => undefined);
  return pool;
}

export async function createEmptyDatabase(prefix = 'wellspring_empty'): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  return {
    name,
    url: databaseUrl(name),
    drop: () => withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`)).then(() => undefined),
  };
}

/** A fresh, migrated database for one test file, cloned from the template made in global setup. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `wellspring_test_${randomBytes(6).toString('hex')}`;
  const template = inject('templateDatabase');
  await withAdmin(async (client) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(template)}`);
        return;
      } catch (error) {
        // Another file cloning the template at the same instant: wait and retry.
        if (attempt >= 20 || !/being accessed by other users/.test((error as Error).message)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  const ownerUrl = databaseUrl(name);
  const url = withLogin(ownerUrl, APP_ROLE, TEST_APP_PASSWORD);
  const db = createDatabaseClient(url, { maxConnections: 5 });
  const ownerDb = createDatabaseClient(ownerUrl, { maxConnections: 5 });
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 2 });
  // DROP DATABASE ... WITH (FORCE) ends connections still open; that is expected here.
  pool.on('error', () => undefined);
  return {
    name,
    url,
    ownerUrl,
    db,
    ownerDb,
    async query<Row extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
      return (await pool.query<Row>(sql, params)).rows;
    },
    async drop() {
      await closeDatabase(db);
      await closeDatabase(ownerDb);
      await pool.end();
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`));
    },
  };
}
