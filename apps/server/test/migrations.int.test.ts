import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { diffMigrationsAgainstSchema } from '../src/db/schema-engine.ts';
import { adminDatabaseUrl, createEmptyDatabase } from './support/database.ts';
import pg from 'pg';

const migrationsDir = path.join(repoRoot, 'prisma', 'migrations');
let schema: string;

beforeAll(async () => {
  schema = await fs.readFile(path.join(repoRoot, 'prisma', 'schema.prisma'), 'utf8');
});

describe('prisma/migrations against prisma/schema.prisma', () => {
  it('agree: replaying the migrations yields exactly the schema (Prisma schema engine diff)', async () => {
    const diff = await diffMigrationsAgainstSchema({ adminUrl: adminDatabaseUrl(), migrationsDir, schema });
    // On failure the script is the SQL a new migration needs.
    expect(diff.script).toBe('');
    expect(diff.exitCode).toBe(0);
  });

  it('the check notices a schema change that has no migration', async () => {
    const changed = schema.replace(/(model WaitlistEntry \{\n)/, '$1  referralSource String? @map("referral_source")\n');
    expect(changed).not.toBe(schema);
    const diff = await diffMigrationsAgainstSchema({ adminUrl: adminDatabaseUrl(), migrationsDir, schema: changed });
    expect(diff.exitCode).toBe(2);
    expect(diff.script).toContain('ADD COLUMN     "referral_source" TEXT');
  });
});

describe('the migration runner', () => {
  let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
  let client: pg.Client;

  beforeAll(async () => {
    database = await createEmptyDatabase('wellspring_migrate');
  });

  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it('applies every migration once even when two servers start together, and records them as Prisma does', async () => {
    const [first, second] = await Promise.all([migrate(database.url, migrationsDir), migrate(database.url, migrationsDir)]);
    const local = await readMigrations(migrationsDir);
    expect([...first.applied, ...second.applied].sort()).toEqual(local.map((migration) => migration.name));

    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const history = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number; rolled_back_at: Date | null; logs: string | null }>(
      'SELECT migration_name, checksum, finished_at, applied_steps_count, rolled_back_at, logs FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(history.rows).toHaveLength(local.length);
    for (const [index, migration] of local.entries()) {
      const row = history.rows[index];
      const fileBytes = await fs.readFile(path.join(migrationsDir, migration.name, 'migration.sql'));
      expect(row).toMatchObject({ migration_name: migration.name, applied_steps_count: 1, rolled_back_at: null, logs: null });
      expect(row?.checksum).toBe(createHash('sha256').update(fileBytes).digest('hex'));
      expect(row?.finished_at).toBeInstanceOf(Date);
    }
    const columns = await client.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position",
    );
    expect(columns.rows.map((row) => row.column_name)).toEqual([
      'id',
      'checksum',
      'finished_at',
      'migration_name',
      'logs',
      'rolled_back_at',
      'started_at',
      'applied_steps_count',
    ]);
  });

  it('is idempotent: a second run applies nothing and changes nothing', async () => {
    const before = await client.query('SELECT id, finished_at FROM _prisma_migrations ORDER BY id');
    const again = await migrate(database.url, migrationsDir);
    expect(again).toEqual({ applied: [], warnings: [] });
    const after = await client.query('SELECT id, finished_at FROM _prisma_migrations ORDER BY id');
    expect(after.rows).toEqual(before.rows);
  });

  it('creates the case-insensitive unique index on waitlist emails', async () => {
    const indexes = await client.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE indexname = 'waitlist_email_lower_key'");
    expect(indexes.rows[0]?.indexdef).toMatch(/CREATE UNIQUE INDEX waitlist_email_lower_key ON public\.waitlist USING btree \(lower\(email\)\)/);
  });

  it('warns when an applied migration file was edited afterwards', async () => {
    const copy = await fs.mkdtemp(path.join(os.tmpdir(), 'wellspring-migrations-'));
    try {
      await fs.cp(migrationsDir, copy, { recursive: true });
      const [first] = await readMigrations(copy);
      if (!first) throw new Error('no migrations');
      await fs.appendFile(path.join(copy, first.name, 'migration.sql'), '\n-- edited\n');
      const result = await migrate(database.url, copy);
      expect(result.applied).toEqual([]);
      expect(result.warnings).toEqual([`Migration ${first.name} was modified after it was applied.`]);
    } finally {
      await fs.rm(copy, { recursive: true, force: true });
    }
  });
});
