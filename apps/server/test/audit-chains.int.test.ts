/**
 * One audit chain per practice (docs/decisions/0039-per-practice-audit-chains.md): many practices
 * append at once and every chain verifies; a forged entry in one practice's chain is found and the
 * practice named — a forgery with recomputed hashes too, by its seal, while the other practices' chains
 * go on being sealed; and a database migrated from the single chain keeps its history verifying as
 * the legacy segment, seals and anchors included.
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditAppender } from '../src/audit/audit-appender.ts';
import { anchorLine, readAnchorFile, toChainAnchor } from '../src/audit/audit-anchors.ts';
import {
  computeAuditEntryHash,
  computeSealMac,
  ENTRY_COLUMNS,
  GENESIS_HASH,
  recordAudit,
  verifyAuditChain,
  type AuditEntryInput,
  type StoredAuditEntry,
} from '../src/audit/audit-log.ts';
import { createAuditSealer, type AuditSealer } from '../src/audit/audit-seal.ts';
import { repoRoot } from '../src/config.ts';
import { closeDatabase, createDatabaseClient, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { bindPractice } from '../src/practice/practice-transaction.ts';
import { createEmptyDatabase, createTestDatabase, databaseUrl, type TestDatabase, testPool } from './support/database.ts';

const run = promisify(execFile);
const VERIFY_CLI = path.join(repoRoot, 'apps/server/src/audit/audit-verify.cli.ts');
const MIGRATIONS_DIR = path.join(repoRoot, 'prisma', 'migrations');
/** The last migration before per-practice chains: a database of the single chain. */
const LAST_SINGLE_CHAIN_MIGRATION = '20261129110000_superbill_codes';
const key = randomBytes(32);
const logger = pino({ level: 'silent' });

function entry(practiceId: string, overrides: Partial<AuditEntryInput> = {}): AuditEntryInput {
  return {
    actorUserId: randomUUID(),
    practiceId,
    recordType: 'patient',
    recordId: randomUUID(),
    patientId: randomUUID(),
    action: 'read',
    requestId: randomUUID(),
    sourceAddress: '203.0.113.7',
    ...overrides,
  };
}

interface Row {
  practice_id: string;
  chain_sequence: string;
  prev_hash: string;
  hash: string;
}

const chainOf = (query: TestDatabase['query'], practiceId: string) =>
  query<Row>('SELECT practice_id, chain_sequence::text AS chain_sequence, prev_hash, hash FROM audit_entry WHERE practice_id = $1 ORDER BY audit_entry.chain_sequence', [practiceId]);

/** As a superuser would: every user trigger off for one transaction. */
async function asSuperuser(name: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await work(client);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

/** Rewrites entry `place` of a practice's chain, recomputes every later hash of that chain and moves its head to match. */
async function forge(name: string, practiceId: string, place: number, assignment: string): Promise<void> {
  await asSuperuser(name, async (client) => {
    await client.query(`UPDATE audit_entry SET ${assignment} WHERE practice_id = $1 AND chain_sequence = $2`, [practiceId, place]);
    const before = await client.query<{ hash: string }>('SELECT hash FROM audit_entry WHERE practice_id = $1 AND chain_sequence = $2', [practiceId, place - 1]);
    let previous = before.rows[0]?.hash ?? GENESIS_HASH;
    const rows = await client.query<StoredAuditEntry>(
      `SELECT ${ENTRY_COLUMNS} FROM audit_entry WHERE practice_id = $1 AND chain_sequence >= $2 ORDER BY audit_entry.chain_sequence`,
      [practiceId, place],
    );
    for (const row of rows.rows) {
      const hash = computeAuditEntryHash({ ...row, prev_hash: previous });
      await client.query('UPDATE audit_entry SET prev_hash = $1, hash = $2 WHERE sequence = $3', [previous, hash, row.sequence]);
      previous = hash;
    }
    await client.query('UPDATE audit_practice_chain_head SET last_hash = $1 WHERE practice_id = $2', [previous, practiceId]);
  });
}

async function cli(database: { url: string; ownerUrl?: string }, anchorFile: string): Promise<{ stdout: string; code: number }> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: database.url,
    DATABASE_OWNER_URL: database.ownerUrl ?? database.url,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    AUDIT_HMAC_KEY: key.toString('hex'),
    AUDIT_ANCHOR_FILE: anchorFile,
  };
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', VERIFY_CLI], { cwd: repoRoot, env, timeout: 60_000 });
    return { stdout, code: 0 };
  } catch (error) {
    const failure = error as { stdout?: string; code?: number };
    return { stdout: failure.stdout ?? '', code: failure.code ?? 1 };
  }
}

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wellspring-audit-chains-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('many practices appending at once', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await createTestDatabase();
    // As the server: the application role, under row-level security.
    pool = testPool(database.url, 8);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('lands every entry of 40 practices appended together through the appender: one chain per practice, each 1…n, every chain verifies', async () => {
    const appender = createAuditAppender(pool, 16, 4);
    const practices = Array.from({ length: 40 }, (_, index) => `practice-${index}-${randomUUID()}`);
    const entries = Array.from({ length: 400 }, (_, index) => entry(practices[index % practices.length] ?? ''));
    await Promise.all(entries.map((each) => appender.append(each)));

    for (const practiceId of practices) {
      const rows = await chainOf(database.query, practiceId);
      expect(rows.map((row) => Number(row.chain_sequence))).toEqual(Array.from({ length: 10 }, (_, index) => index + 1));
      for (const [index, row] of rows.entries()) expect(row.prev_hash).toBe(index === 0 ? GENESIS_HASH : rows[index - 1]?.hash);
    }
    expect(await verifyAuditChain(database.ownerDb, { batchSize: 3 })).toMatchObject({ ok: true, entries: 400, chains: 40 });
  });

  it("creates a practice's head once when its first appends race (12 transactions of one new practice at once)", async () => {
    const practiceId = `new-practice-${randomUUID()}`;
    const db = createDatabaseClient(database.url, { maxConnections: 12 });
    try {
      await Promise.all(
        Array.from({ length: 12 }, () =>
          db.$transaction(
            async (tx) => {
              await bindPractice(tx, { practiceId });
              await recordAudit(tx, entry(practiceId));
            },
            { maxWait: 20_000, timeout: 20_000 },
          ),
        ),
      );
    } finally {
      await closeDatabase(db);
    }
    expect(await database.query('SELECT last_sequence::text AS last_sequence FROM audit_practice_chain_head WHERE practice_id = $1', [practiceId])).toEqual([
      { last_sequence: '12' },
    ]);
    expect((await chainOf(database.query, practiceId)).map((row) => Number(row.chain_sequence))).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    expect(await verifyAuditChain(database.ownerDb)).toMatchObject({ ok: true });
  });
});

describe("a forged entry in one practice's chain", () => {
  let database: TestDatabase;
  let anchorFile: string;
  const alpha = 'practice-alpha';
  const beta = 'practice-beta';
  const gamma = 'practice-gamma';
  const sealers: AuditSealer[] = [];
  const sealer = () => {
    const created = createAuditSealer({ db: database.db, key, config: { anchorFile, anchorIntervalMs: 60 * 60_000, sealIntervalMs: 20 }, logger });
    sealers.push(created);
    return created;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    anchorFile = path.join(dir, 'forged-anchors.jsonl');
  });
  afterAll(async () => {
    for (const created of sealers) await created.stop();
    await database.drop();
  });

  async function freshChains(): Promise<void> {
    await asSuperuser(database.name, (client) => client.query('TRUNCATE audit_seal, audit_entry, audit_practice_chain_head').then(() => undefined));
    await fs.rm(anchorFile, { force: true });
    // Interleaved, as a busy day would: the global sequence mixes the practices, each chain does not.
    for (let index = 0; index < 5; index += 1) {
      for (const practiceId of [alpha, beta, gamma]) await recordAudit(database.ownerDb, entry(practiceId, { detail: { index } }));
    }
  }

  it('is found in that chain and the practice named; the other chains check out', async () => {
    await freshChains();
    await asSuperuser(database.name, (client) =>
      client.query("UPDATE audit_entry SET action = 'delete' WHERE practice_id = $1 AND chain_sequence = 3", [beta]).then(() => undefined),
    );
    const report = await verifyAuditChain(database.ownerDb);
    // alpha's 5 entries checked out first, then beta's first 2.
    expect(report).toMatchObject({ ok: false, brokenAt: { practiceId: beta, sequence: 3n, reason: 'hash_mismatch' }, entries: 7 });

    const result = await cli(database, anchorFile);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Audit chain BROKEN: practice ${beta}'s chain, at entry #3`);
  });

  it("with recomputed hashes and head, passes the hash chain but not its seal; the sealer stops sealing that chain only, and anchors catch the others' tails", async () => {
    await freshChains();
    const sealing = sealer();
    expect(await sealing.sealOnce()).toEqual({ sealed: 15, busy: false });
    expect((await sealing.anchor()).map((anchor) => [anchor.practiceId, anchor.sequence])).toEqual([
      [alpha, 5n],
      [beta, 5n],
      [gamma, 5n],
    ]);
    await forge(database.name, gamma, 2, `detail = '{"index": 200}'`);

    expect(await verifyAuditChain(database.ownerDb)).toMatchObject({ ok: true, entries: 15 });
    expect(await verifyAuditChain(database.ownerDb, { key })).toMatchObject({ ok: false, brokenAt: { practiceId: gamma, sequence: 2n, reason: 'seal_mismatch' } });
    const result = await cli(database, anchorFile);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Audit chain BROKEN: practice ${gamma}'s chain, at entry #2`);
    expect(result.stdout).toContain('seal_mismatch');

    // New entries in every chain: the sealer seals alpha's and beta's and refuses gamma's.
    for (const practiceId of [alpha, beta, gamma]) await recordAudit(database.ownerDb, entry(practiceId));
    expect(await sealing.sealOnce()).toEqual({ sealed: 2, busy: false });
    expect(sealing.halted).toContain(`practice ${gamma}'s audit chain`);
    expect(sealing.halted).not.toContain(alpha);
    const anchors = (await readAnchorFile(anchorFile))?.anchors ?? [];
    expect(anchors.map(toChainAnchor).every((anchor) => anchor.practiceId !== null)).toBe(true);
  });

  it("a seal of one practice's entry moved to another practice's entry does not check out", async () => {
    await freshChains();
    await sealer().sealOnce();
    // alpha's entry 1 and beta's entry 1: swap their seals (same chain place, other chain).
    await asSuperuser(database.name, async (client) => {
      const firsts = await client.query<{ sequence: string; practice_id: string }>(
        'SELECT sequence::text AS sequence, practice_id FROM audit_entry WHERE chain_sequence = 1 AND practice_id = ANY($1) ORDER BY practice_id',
        [[alpha, beta]],
      );
      const [a, b] = firsts.rows;
      const macs = await client.query<{ sequence: string; mac: string }>('SELECT sequence::text AS sequence, mac FROM audit_seal WHERE sequence = ANY($1)', [[a?.sequence, b?.sequence]]);
      const macOf = (sequence: string | undefined) => macs.rows.find((row) => row.sequence === sequence)?.mac;
      await client.query('UPDATE audit_seal SET mac = $1 WHERE sequence = $2', [macOf(b?.sequence), a?.sequence]);
      await client.query('UPDATE audit_seal SET mac = $1 WHERE sequence = $2', [macOf(a?.sequence), b?.sequence]);
    });
    expect(await verifyAuditChain(database.ownerDb, { key })).toMatchObject({ ok: false, brokenAt: { practiceId: alpha, sequence: 1n, reason: 'seal_mismatch' } });
  });
});

describe('a database of the single chain, migrated', () => {
  let legacy: { name: string; url: string; drop(): Promise<void> };
  let db: Database;
  let anchorFile: string;
  let legacyRows: { sequence: string; hash: string }[];

  beforeAll(async () => {
    legacy = await createEmptyDatabase('wellspring_legacy_chain');
    anchorFile = path.join(dir, 'legacy-anchors.jsonl');
    // The migrations up to the last one of the single chain.
    const before = path.join(dir, 'migrations-before');
    await fs.mkdir(before);
    for (const name of await fs.readdir(MIGRATIONS_DIR)) {
      if (name === 'migration_lock.toml' || name <= LAST_SINGLE_CHAIN_MIGRATION) await fs.cp(path.join(MIGRATIONS_DIR, name), path.join(before, name), { recursive: true });
    }
    await migrate(legacy.url, before);
    db = createDatabaseClient(legacy.url);
    // Six entries of two practices in the one chain, the first four sealed (v1) and anchored, as the old sealer did.
    for (let index = 0; index < 6; index += 1) await recordAudit(db, entry(index % 2 === 0 ? 'practice-old-a' : 'practice-old-b'));
    legacyRows = (await db.pool.query<{ sequence: string; hash: string }>('SELECT sequence::text AS sequence, hash FROM audit_entry ORDER BY sequence')).rows;
    const sealed = legacyRows.slice(0, 4);
    await db.pool.query('INSERT INTO audit_seal (sequence, mac) SELECT * FROM unnest($1::bigint[], $2::text[])', [
      sealed.map((row) => row.sequence),
      sealed.map((row) => computeSealMac(key, row.sequence, row.hash)),
    ]);
    const last = sealed.at(-1);
    await fs.writeFile(anchorFile, anchorLine({ practiceId: null, sequence: 4n, hash: last?.hash ?? '', mac: computeSealMac(key, 4n, last?.hash ?? ''), at: new Date() }));
    // Now the migration to per-practice chains.
    await migrate(legacy.url, MIGRATIONS_DIR);
  });
  afterAll(async () => {
    await closeDatabase(db);
    await legacy.drop();
  });

  it('keeps the old entries verifying as the legacy segment, seals and anchor included; new chains start from its head', async () => {
    expect(await verifyAuditChain(db, { key, anchors: [{ sequence: 4n, hash: legacyRows[3]?.hash ?? '' }] })).toMatchObject({
      ok: true,
      entries: 6,
      chains: 0,
      heads: [{ practiceId: null, entries: 6, last: { sequence: 6n, hash: legacyRows[5]?.hash } }],
      seals: { sealed: 4, unsealed: 2, firstUnsealed: { practiceId: null, sequence: 5n } },
    });

    // New appends: practice-old-a (which has legacy entries) and a new practice each get a chain.
    for (const practiceId of ['practice-old-a', 'practice-new', 'practice-old-a']) await recordAudit(db, entry(practiceId));
    const rows = await db.pool.query<Row & { sequence: string }>(
      'SELECT sequence::text AS sequence, practice_id, chain_sequence::text AS chain_sequence, prev_hash, hash FROM audit_entry WHERE chain_sequence IS NOT NULL ORDER BY sequence',
    );
    expect(rows.rows.map((row) => [row.sequence, row.practice_id, row.chain_sequence])).toEqual([
      ['7', 'practice-old-a', '1'],
      ['8', 'practice-new', '1'],
      ['9', 'practice-old-a', '2'],
    ]);
    expect(rows.rows[0]?.prev_hash).toBe(legacyRows[5]?.hash);
    expect(rows.rows[1]?.prev_hash).toBe(legacyRows[5]?.hash);

    // The sealer seals the legacy segment's last two (v1) and the new chains (v2), and anchors every chain.
    const sealing = createAuditSealer({ db, key, config: { anchorFile, anchorIntervalMs: 60 * 60_000, sealIntervalMs: 20 }, logger });
    expect(await sealing.sealOnce()).toEqual({ sealed: 5, busy: false });
    expect((await sealing.anchor()).map((anchor) => [anchor.practiceId, anchor.sequence])).toEqual([
      [null, 6n],
      ['practice-new', 1n],
      ['practice-old-a', 2n],
    ]);
    expect(await sealing.sealOnce()).toEqual({ sealed: 0, busy: false });
    const anchors = ((await readAnchorFile(anchorFile))?.anchors ?? []).map(toChainAnchor);
    expect(anchors).toHaveLength(4);
    expect(await verifyAuditChain(db, { key, anchors, requireSealed: true })).toMatchObject({ ok: true, entries: 9, chains: 2, seals: { sealed: 9, unsealed: 0 } });
    const result = await cli({ url: legacy.url }, anchorFile);
    expect(result.stdout).toContain('Audit chains intact: 9 entries in 2 practice chains and the legacy chain');
    expect(result.code).toBe(0);
  });

  it('finds a legacy entry rewritten with recomputed v1 hashes: seal_mismatch in the legacy chain', async () => {
    await asSuperuser(legacy.name, async (client) => {
      await client.query("UPDATE audit_entry SET action = 'list' WHERE sequence = 2");
      let previous = legacyRows[0]?.hash ?? GENESIS_HASH;
      const rows = await client.query<StoredAuditEntry>(`SELECT ${ENTRY_COLUMNS} FROM audit_entry WHERE chain_sequence IS NULL AND sequence >= 2 ORDER BY audit_entry.sequence`);
      for (const row of rows.rows) {
        const hash = computeAuditEntryHash({ ...row, prev_hash: previous });
        await client.query('UPDATE audit_entry SET prev_hash = $1, hash = $2 WHERE sequence = $3', [previous, hash, row.sequence]);
        previous = hash;
      }
      await client.query('UPDATE audit_chain_head SET last_hash = $1', [previous]);
    });
    // The practice chains started from the old legacy head: they no longer link to the rewritten one.
    expect(await verifyAuditChain(db)).toMatchObject({ ok: false, brokenAt: { practiceId: 'practice-new', sequence: 1n, reason: 'prev_hash_mismatch' } });
    expect(await verifyAuditChain(db, { key })).toMatchObject({ ok: false, brokenAt: { practiceId: null, sequence: 2n, reason: 'seal_mismatch' } });
    const result = await cli({ url: legacy.url }, anchorFile);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Audit chain BROKEN: the legacy chain (before per-practice chains), at entry #2');
  });
});
