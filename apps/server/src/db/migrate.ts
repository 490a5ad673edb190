/**
 * Applies the standard Prisma migration folders (`prisma/migrations/<name>/migration.sql`) and records
 * them in `_prisma_migrations` exactly as `prisma migrate deploy` does, so either tool can take over
 * from the other (docs/decisions/0002-migrations.md). Prisma's CLI cannot fetch its schema engine on
 * these machines, hence our own runner.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

export interface MigrationFile {
  readonly name: string;
  readonly sql: string;
  /** SHA-256 (hex) of the file, as Prisma stores it. */
  readonly checksum: string;
}

export interface MigrateResult {
  readonly applied: readonly string[];
  readonly warnings: readonly string[];
}

/** The key `prisma migrate` itself locks, so our runner and Prisma's exclude each other too. */
const PRISMA_MIGRATE_ADVISORY_LOCK = 72707369;

/** Prisma's own DDL for its history table. */
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export async function readMigrations(migrationsDir: string): Promise<MigrationFile[]> {
  const entries = await fs.readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const migrations: MigrationFile[] = [];
  for (const name of names) {
    const bytes = await fs.readFile(path.join(migrationsDir, name, 'migration.sql')).catch(() => undefined);
    if (bytes === undefined) continue;
    migrations.push({ name, sql: bytes.toString('utf8'), checksum: createHash('sha256').update(bytes).digest('hex') });
  }
  return migrations;
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
}

/**
 * Applies every pending migration in name order, each in its own transaction, under an advisory lock
 * so that servers starting together apply each migration once.
 */
export async function migrate(connectionString: string, migrationsDir: string): Promise<MigrateResult> {
  const migrations = await readMigrations(migrationsDir);
  const client = new pg.Client({ connectionString });
  await client.connect();
  const applied: string[] = [];
  const warnings: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_ADVISORY_LOCK]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const history = await client.query<AppliedRow>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL ORDER BY started_at',
    );
    const failed = history.rows.filter((row) => row.finished_at === null);
    if (failed.length > 0) {
      throw new Error(
        `Migration ${failed.map((row) => row.migration_name).join(', ')} failed earlier and was not rolled back. ` +
          'Fix the database, then mark it rolled back (prisma migrate resolve --rolled-back <name>).',
      );
    }
    const done = new Map(history.rows.map((row) => [row.migration_name, row.checksum]));
    const local = new Set(migrations.map((migration) => migration.name));
    for (const name of done.keys()) {
      if (!local.has(name)) warnings.push(`Migration ${name} is applied to the database but missing from ${migrationsDir}.`);
    }
    for (const migration of migrations) {
      const appliedChecksum = done.get(migration.name);
      if (appliedChecksum !== undefined) {
        if (appliedChecksum !== migration.checksum) {
          warnings.push(`Migration ${migration.name} was modified after it was applied.`);
        }
        continue;
      }
      await client.query('BEGIN');
      try {
        const id = randomUUID();
        await client.query(
          'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
          [id, migration.checksum, migration.name],
        );
        // No parameters: the simple query protocol runs the whole multi-statement script.
        await client.query(migration.sql);
        await client.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [id]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${migration.name} failed and was rolled back: ${(error as Error).message}`, { cause: error });
      }
      applied.push(migration.name);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_ADVISORY_LOCK]).catch(() => undefined);
    await client.end();
  }
  return { applied, warnings };
}
