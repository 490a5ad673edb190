/**
 * The database itself keeps practices apart and the audit log append-only (issue 23,
 * docs/decisions/0029-database-roles-and-row-level-security.md), checked through PostgreSQL's own
 * catalogs and with raw SQL as the role the server serves as.
 */
import { freePort } from './support/free-port.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from '../src/config.ts';
import { embeddedDatabaseUrls, openDatabase, PrivilegedDatabaseRoleError, APP_DATABASE } from '../src/db/bootstrap.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { APP_ROLE, OWNER_ROLE, privilegedRoleProblem, servingRolePrivileges } from '../src/db/roles.ts';
import { createLogger } from '../src/logger.ts';
import { readInPractice } from '../src/practice/practice-transaction.ts';
import { createTestDatabase, type TestDatabase, testPool } from './support/database.ts';
import { addPatient, createPractitioner, type TestPractitioner } from './support/practice-factory.ts';

let database: TestDatabase;
/** Raw SQL as the serving role, no Prisma in between. */
let app: pg.Pool;
let alpha: TestPractitioner;
let beta: TestPractitioner;

beforeAll(async () => {
  database = await createTestDatabase();
  app = testPool(database.url, 3);
  alpha = await createPractitioner(database.db, { name: 'Dr. Alpha' });
  beta = await createPractitioner(database.db, { name: 'Dr. Beta' });
  await addPatient(database.db, alpha.practiceId, { name: 'Alice Alpha' });
  await addPatient(database.db, beta.practiceId, { name: 'Bob Beta' });
});

afterAll(async () => {
  await app.end();
  await database.drop();
});

/** Runs `statements` in one transaction as the serving role, bound to `practiceId` when given; answers the last one's rows. */
async function asServer<Row extends pg.QueryResultRow>(practiceId: string | null, ...statements: [string, unknown[]?][]): Promise<Row[]> {
  const client = await app.connect();
  try {
    await client.query('BEGIN');
    if (practiceId) await client.query("SELECT set_config('app.practice_id', $1, true)", [practiceId]);
    let rows: Row[] = [];
    for (const [sql, params] of statements) rows = (await client.query<Row>(sql, params ?? [])).rows;
    await client.query('COMMIT');
    return rows;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

describe('the role the server serves as', () => {
  it('is neither a superuser nor BYPASSRLS, owns no table, and is a member of wellspring_app', async () => {
    const privileges = await servingRolePrivileges(app);
    expect(privileges).toMatchObject({ superuser: false, bypassRls: false, ownedTables: 0 });
    expect(privilegedRoleProblem(privileges)).toBeNull();
    const [membership] = await asServer<{ member: boolean }>(null, [`SELECT pg_has_role(current_user, '${APP_ROLE}', 'MEMBER') AS member`]);
    expect(membership?.member).toBe(true);
  });

  it('finds row-level security on every table that has a practice_id', async () => {
    const tables = await database.query<{ table_name: string; relrowsecurity: boolean }>(`
      SELECT c.table_name, k.relrowsecurity
      FROM information_schema.columns c
      JOIN pg_class k ON k.relname = c.table_name AND k.relnamespace = 'public'::regnamespace
      WHERE c.table_schema = 'public' AND c.column_name = 'practice_id' AND k.relkind = 'r'
      ORDER BY c.table_name`);
    expect(tables.length).toBeGreaterThanOrEqual(11);
    expect(tables.filter((table) => !table.relrowsecurity).map((table) => table.table_name)).toEqual([]);
  });
});

describe('row-level security', () => {
  it('shows a raw query with no practice named no practice rows at all', async () => {
    expect(await asServer(null, ['SELECT name FROM patient'])).toEqual([]);
    expect(await asServer(null, ['SELECT id FROM audit_entry'])).toEqual([]);
  });

  it('shows a practice its own rows only, even when the query asks for another practice by id', async () => {
    expect(await asServer(alpha.practiceId, ['SELECT name FROM patient'])).toEqual([{ name: 'Alice Alpha' }]);
    expect(await asServer(alpha.practiceId, ['SELECT name FROM patient WHERE practice_id = $1', [beta.practiceId]])).toEqual([]);
    const changed = await asServer<{ id: string }>(alpha.practiceId, ["UPDATE patient SET name = 'Taken over' WHERE practice_id = $1 RETURNING id", [beta.practiceId]]);
    expect(changed).toEqual([]);
    expect(await database.query('SELECT name FROM patient WHERE practice_id = $1', [beta.practiceId])).toEqual([{ name: 'Bob Beta' }]);
  });

  it("refuses to write a row into another practice", async () => {
    await expect(
      asServer(alpha.practiceId, ["INSERT INTO patient (id, practice_id, name, email, phone, conditions, status) VALUES (gen_random_uuid()::text, $1, 'Planted', '', '', '{}', 'new')", [beta.practiceId]]),
    ).rejects.toThrow(/row-level security/);
  });

  it('keeps the setting to its transaction: the next transaction on the same connection sees nothing', async () => {
    const client = await app.connect();
    try {
      await client.query('BEGIN');
      await client.query("SELECT set_config('app.practice_id', $1, true)", [alpha.practiceId]);
      expect((await client.query('SELECT name FROM patient')).rows).toHaveLength(1);
      await client.query('COMMIT');
      expect((await client.query('SELECT name FROM patient')).rows).toEqual([]);
    } finally {
      client.release();
    }
  });
});

describe('a practice read (readInPractice, every query procedure)', () => {
  it("sees the practice's rows only, and cannot write", async () => {
    const names = await readInPractice(app, { practiceId: alpha.practiceId }, async (sql) => (await sql.query<{ name: string }>('SELECT name FROM patient')).rows);
    expect(names).toEqual([{ name: 'Alice Alpha' }]);
    await expect(readInPractice(app, { practiceId: alpha.practiceId }, (sql) => sql.query("UPDATE patient SET name = 'Changed'"))).rejects.toThrow(/read-only transaction/);
    expect(await database.query('SELECT name FROM patient WHERE practice_id = $1', [alpha.practiceId])).toEqual([{ name: 'Alice Alpha' }]);
  });

  it('binds an e-mail with a quote in it as it is', async () => {
    const email = "o'hara@example.test";
    const bound = await readInPractice(app, { practiceId: alpha.practiceId, userEmail: email }, async (sql) => (await sql.query<{ email: string }>("SELECT current_setting('app.user_email') AS email")).rows);
    expect(bound).toEqual([{ email }]);
  });

  it('reads a date as that day at UTC midnight, as every other path does', async () => {
    const [row] = await readInPractice(app, { practiceId: alpha.practiceId }, async (sql) => (await sql.query<{ day: Date }>("SELECT date '2026-03-01' AS day")).rows);
    expect(row?.day.toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('gives its connection back clean after a failed statement or a thrown error', async () => {
    const single = testPool(database.url, 1);
    try {
      await expect(readInPractice(single, { practiceId: alpha.practiceId }, (sql) => sql.query('SELECT no_such_column FROM patient'))).rejects.toThrow(/no_such_column/);
      await expect(readInPractice(single, { practiceId: alpha.practiceId }, () => Promise.reject(new Error('the handler failed')))).rejects.toThrow('the handler failed');
      // The one connection is out of any transaction, and no longer names the practice.
      const { rows } = await single.query<{ in_transaction: boolean; practice: string | null }>(
        "SELECT now() <> statement_timestamp() AS in_transaction, nullif(current_setting('app.practice_id', true), '') AS practice",
      );
      expect(rows).toEqual([{ in_transaction: false, practice: null }]);
      expect((await single.query('SELECT name FROM patient')).rows).toEqual([]);
    } finally {
      await single.end();
    }
  });
});

describe('the audit log, as the serving role', () => {
  beforeAll(async () => {
    await alpha.caller.patients.list({ query: '' });
  });

  it('takes a new entry of the bound practice, and reads it back', async () => {
    const rows = await asServer<{ record_type: string }>(alpha.practiceId, ['SELECT record_type FROM audit_entry']);
    expect(rows).toEqual([{ record_type: 'patient_list' }]);
  });

  it("sees its practice's chain head only (row-level security)", async () => {
    expect(await asServer<{ practice_id: string }>(alpha.practiceId, ['SELECT practice_id FROM audit_practice_chain_head'])).toEqual([{ practice_id: alpha.practiceId }]);
    expect(await asServer('another-practice', ['SELECT practice_id FROM audit_practice_chain_head'])).toEqual([]);
  });

  it.each([
    ['UPDATE', "UPDATE audit_entry SET action = 'forged'"],
    ['DELETE', 'DELETE FROM audit_entry'],
    ['TRUNCATE', 'TRUNCATE audit_entry'],
    ['ALTER', 'ALTER TABLE audit_entry DISABLE TRIGGER ALL'],
    ['the chain head', "UPDATE audit_chain_head SET last_hash = 'forged'"],
    ["the practice's chain head", "UPDATE audit_practice_chain_head SET last_hash = 'forged'"],
    ["a practice's chain head made by hand", "INSERT INTO audit_practice_chain_head (practice_id, last_sequence, last_hash) VALUES ('another', 0, 'x')"],
    ["DELETE of the practice's chain head", 'DELETE FROM audit_practice_chain_head'],
    ["TRUNCATE of the practice's chain head", 'TRUNCATE audit_practice_chain_head'],
    ['ALTER of the heads', 'ALTER TABLE audit_practice_chain_head DISABLE TRIGGER ALL'],
    ['moving the global sequence', "SELECT setval('audit_entry_sequence_seq', 1)"],
  ])('refuses %s', async (_label, sql) => {
    await expect(asServer(alpha.practiceId, [sql])).rejects.toThrow(/permission denied|must be owner/);
    const [head] = await database.query<{ entries: string }>('SELECT count(*)::text AS entries FROM audit_entry');
    expect(Number(head?.entries)).toBeGreaterThan(0);
  });
});


describe('starting the server on a database', () => {
  const logger = createLogger('silent');

  it('refuses to serve as a superuser unless DATABASE_ALLOW_PRIVILEGED_ROLE is set, and then says so loudly', async () => {
    const superuser = loadConfig({ DATABASE_URL: database.ownerUrl, LOG_LEVEL: 'silent' });
    const owner = await (async () => {
      const check = new pg.Client({ connectionString: database.ownerUrl });
      await check.connect();
      try {
        return (await check.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user')).rows[0]?.rolsuper;
      } finally {
        await check.end();
      }
    })();
    expect(owner).toBe(true);
    await expect(openDatabase(superuser, logger)).rejects.toThrow(PrivilegedDatabaseRoleError);
    const errors: string[] = [];
    const listening = createLogger('error');
    listening.error = ((message: string) => {
      errors.push(message);
    }) as typeof listening.error;
    const opened = await openDatabase(loadConfig({ DATABASE_URL: database.ownerUrl, DATABASE_ALLOW_PRIVILEGED_ROLE: '1' }), listening);
    await opened.close();
    expect(errors.join('\n')).toMatch(/DATABASE_ALLOW_PRIVILEGED_ROLE is set: serving although the database role ".*" is a superuser/);
  });

  it('serves as the application role with DATABASE_URL, migrating as DATABASE_OWNER_URL', async () => {
    const opened = await openDatabase(loadConfig({ DATABASE_URL: database.url, DATABASE_OWNER_URL: database.ownerUrl }), logger);
    try {
      expect(privilegedRoleProblem(await servingRolePrivileges(opened.db.pool))).toBeNull();
    } finally {
      await opened.close();
    }
  });

  it('gives a new embedded cluster both roles, and hands an older data directory to the owner in place', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wellspring-roles-'));
    const port = await freePort();
    try {
      // A data directory as an older version left it: everything owned by the cluster's superuser.
      const older = await startEmbeddedPostgres({ clusterDir: path.join(dataDir, 'pg'), port, ephemeral: true });
      await older.ensureDatabase(APP_DATABASE);
      await migrate(older.url(APP_DATABASE), path.join(repoRoot, 'prisma', 'migrations'));
      await older.stop();

      const opened = await openDatabase(loadConfig({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) }), logger);
      try {
        expect(opened.embedded).not.toBeNull();
        const urls = opened.embedded ? embeddedDatabaseUrls(opened.embedded, APP_DATABASE) : null;
        expect(new URL(opened.url).username).toBe(APP_ROLE);
        expect(new URL(urls?.ownerUrl ?? '').username).toBe(OWNER_ROLE);
        const serving = await servingRolePrivileges(opened.db.pool);
        expect(serving).toMatchObject({ role: APP_ROLE, superuser: false, bypassRls: false, ownedTables: 0 });
        const owners = await opened.db.pool.query<{ owner: string; tables: string }>(
          `SELECT pg_get_userbyid(relowner) AS owner, count(*)::text AS tables FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' GROUP BY 1`,
        );
        expect(owners.rows.map((row) => row.owner)).toEqual([OWNER_ROLE]);
      } finally {
        await opened.close();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
