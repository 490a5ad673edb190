/**
 * The audit log's HMAC seal and anchors (docs/decisions/0030-audit-hmac-seal.md): the sealer seals
 * entries with a key the database never holds, and verification — `verifyAuditChain` with the key
 * and `npm run audit:verify` — catches what someone with full database access can do: rewrite an
 * entry and recompute every hash and the head, delete seals, delete the end of the chain. Here on
 * one practice's chain (record 0039); audit-chains.int.test.ts: many practices, the legacy segment.
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anchorLine, readAnchorFile } from '../src/audit/audit-anchors.ts';
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
import { createTestDatabase, databaseUrl, type TestDatabase } from './support/database.ts';

const run = promisify(execFile);
const VERIFY_CLI = path.join(repoRoot, 'apps/server/src/audit/audit-verify.cli.ts');

/** The practice whose chain these tests seal and tamper with. */
const PRACTICE = 'practice-sealed';
/** Entry `place` of the practice's chain, in SQL. */
const at = (place: number | string) => `practice_id = '${PRACTICE}' AND chain_sequence = ${place}`;
/** The global sequence (audit_seal's key) of entry `place`, in SQL. */
const globalOf = (place: number) => `(SELECT sequence FROM audit_entry WHERE ${at(place)})`;

function entry(overrides: Partial<AuditEntryInput> = {}): AuditEntryInput {
  return {
    actorUserId: randomUUID(),
    practiceId: PRACTICE,
    recordType: 'patient',
    recordId: randomUUID(),
    patientId: randomUUID(),
    action: 'read',
    requestId: randomUUID(),
    sourceAddress: '203.0.113.7',
    ...overrides,
  };
}

let database: TestDatabase;
let dir: string;
let anchorFile: string;
const key = randomBytes(32);
const logLines: string[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
const sealers: AuditSealer[] = [];

function sealer(options: { key?: Buffer } = {}): AuditSealer {
  const created = createAuditSealer({
    db: database.db,
    key: options.key ?? key,
    config: { anchorFile, anchorIntervalMs: 60 * 60_000, sealIntervalMs: 20 },
    logger,
    batchSize: 4,
  });
  sealers.push(created);
  return created;
}

/**
 * Works as an attacker with superuser access would: one transaction with every user trigger off
 * (`session_replication_role = replica`), on the admin role (whatever role the app connects as).
 */
async function asSuperuser(work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(database.name) });
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

/** Rewrites entry `place` of the practice's chain with `assignment`, then recomputes every hash from it on and moves the head to match. */
async function forge(place: number, assignment: string): Promise<void> {
  await asSuperuser(async (client) => {
    await client.query(`UPDATE audit_entry SET ${assignment} WHERE ${at(place)}`);
    const before = await client.query<{ hash: string }>(`SELECT hash FROM audit_entry WHERE ${at(place - 1)}`);
    let previous = before.rows[0]?.hash ?? GENESIS_HASH;
    const rows = await client.query<StoredAuditEntry>(
      `SELECT ${ENTRY_COLUMNS} FROM audit_entry WHERE practice_id = $1 AND chain_sequence >= $2 ORDER BY audit_entry.chain_sequence`,
      [PRACTICE, place],
    );
    for (const row of rows.rows) {
      const hash = computeAuditEntryHash({ ...row, prev_hash: previous });
      await client.query('UPDATE audit_entry SET prev_hash = $1, hash = $2 WHERE sequence = $3', [previous, hash, row.sequence]);
      previous = hash;
    }
    await client.query('UPDATE audit_practice_chain_head SET last_hash = $1 WHERE practice_id = $2', [previous, PRACTICE]);
  });
}

/** A fresh chain of `count` entries of the practice, no seals, and no anchor file. */
async function freshChain(count = 10): Promise<void> {
  await asSuperuser(async (client) => {
    await client.query('TRUNCATE audit_seal, audit_entry, audit_practice_chain_head');
  });
  await fs.rm(anchorFile, { force: true });
  for (let index = 0; index < count; index += 1) await recordAudit(database.ownerDb, entry({ detail: { index } }));
}

async function cli(args: string[] = [], env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string; code: number }> {
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: database.url,
    DATABASE_OWNER_URL: database.ownerUrl,
    DATA_DIR: dir,
    AUDIT_HMAC_KEY: key.toString('hex'),
    AUDIT_ANCHOR_FILE: anchorFile,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...env,
  };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', VERIFY_CLI, ...args], { cwd: repoRoot, env: childEnv, timeout: 60_000 });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; code?: number };
    return { stdout: failure.stdout ?? '', stderr: failure.stderr ?? '', code: failure.code ?? 1 };
  }
}

const seals = () => database.query<{ sequence: string; mac: string }>('SELECT sequence::text AS sequence, mac FROM audit_seal ORDER BY audit_seal.sequence');
/** The practice's chain in order: each entry's global sequence (its seal's key) and hash. */
const chainRows = () =>
  database.query<{ sequence: string; hash: string }>(
    'SELECT sequence::text AS sequence, hash FROM audit_entry WHERE practice_id = $1 ORDER BY audit_entry.chain_sequence',
    [PRACTICE],
  );
const hashes = async () => (await chainRows()).map((row) => row.hash);
const anchorsInFile = async () => (await readAnchorFile(anchorFile))?.anchors ?? [];

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wellspring-audit-seal-'));
  anchorFile = path.join(dir, 'audit-anchors.jsonl');
});
afterAll(async () => {
  await database?.drop();
  await fs.rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  logLines.length = 0;
});
afterEach(async () => {
  for (const created of sealers.splice(0)) await created.stop();
});

describe('the sealer', () => {
  it('seals every entry in chain order with HMAC-SHA256 of the practice, chain sequence and hash, in batches; verify with the key passes', async () => {
    await freshChain(10);
    const sealing = sealer();
    expect(await sealing.sealOnce()).toEqual({ sealed: 10, busy: false });
    const rows = await chainRows();
    const chain = rows.map((row) => row.hash);
    expect(await seals()).toEqual(rows.map((row, index) => ({ sequence: row.sequence, mac: computeSealMac(key, BigInt(index + 1), row.hash, PRACTICE) })));
    expect(computeSealMac(key, 1n, chain[0] ?? '', PRACTICE)).toMatch(/^[0-9a-f]{64}$/);
    // The practice is part of what is sealed: the same place and hash in another chain seal differently.
    expect(computeSealMac(key, 1n, chain[0] ?? '', 'another-practice')).not.toBe(computeSealMac(key, 1n, chain[0] ?? '', PRACTICE));
    expect(await sealing.sealOnce()).toEqual({ sealed: 0, busy: false });
    expect(await verifyAuditChain(database.ownerDb, { key, batchSize: 3 })).toEqual({
      ok: true,
      entries: 10,
      chains: 1,
      heads: [
        { practiceId: null, entries: 0, last: null },
        { practiceId: PRACTICE, entries: 10, last: { sequence: 10n, hash: chain[9] } },
      ],
      seals: { sealed: 10, unsealed: 0, firstUnsealed: null, oldestUnsealedAgeMs: null },
    });

    // New entries wait for the next pass: verification allows them for the grace period, --strict does not.
    await recordAudit(database.ownerDb, entry());
    await recordAudit(database.ownerDb, entry());
    expect(await verifyAuditChain(database.ownerDb, { key })).toMatchObject({ ok: true, seals: { sealed: 10, unsealed: 2, firstUnsealed: { practiceId: PRACTICE, sequence: 11n } } });
    expect(await verifyAuditChain(database.ownerDb, { key, requireSealed: true })).toMatchObject({
      ok: false,
      brokenAt: { practiceId: PRACTICE, sequence: 11n, reason: 'unsealed' },
      entries: 10,
    });
    expect(await verifyAuditChain(database.ownerDb, { key, unsealedGraceMs: -1 })).toMatchObject({ ok: false, brokenAt: { sequence: 11n, reason: 'unsealed' } });
    expect(await sealing.sealOnce()).toEqual({ sealed: 2, busy: false });
    expect(await verifyAuditChain(database.ownerDb, { key, requireSealed: true })).toMatchObject({ ok: true, entries: 12 });

    const result = await cli(['--strict']);
    expect(result.stdout).toContain('Audit chains intact: 12 entries in 1 practice chains');
    expect(result.stdout).toContain('Seals: 12 entries sealed, every seal checks out with the key from AUDIT_HMAC_KEY');
    expect(result.code).toBe(0);
  });

  it("runs every interval, and at stop seals what is left and anchors the chain's sealed head (log line and anchor file)", async () => {
    await freshChain(3);
    const sealing = sealer();
    sealing.start();
    await expect.poll(async () => (await seals()).length, { timeout: 5_000 }).toBe(3);
    await recordAudit(database.ownerDb, entry());
    await sealing.stop();
    const chain = await hashes();
    expect(await seals()).toHaveLength(4);
    const anchors = await anchorsInFile();
    // One anchor at the first pass (#3), one at stop (#4).
    expect(anchors.map((anchor) => [anchor.practiceId, anchor.sequence, anchor.hash, anchor.mac])).toEqual([
      [PRACTICE, 3n, chain[2], computeSealMac(key, 3n, chain[2] ?? '', PRACTICE)],
      [PRACTICE, 4n, chain[3], computeSealMac(key, 4n, chain[3] ?? '', PRACTICE)],
    ]);
    expect(logLines.some((line) => line.includes('"auditAnchors"') && line.includes(`"hash":"${chain[3]}"`))).toBe(true);
    // Nothing new: no new anchor.
    expect(await sealing.anchor()).toEqual([]);
  });

  it('lets one sealer at a time work (the others skip the pass)', async () => {
    await freshChain(5);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('wellspring.audit_seal', 0))`);
      expect(await sealer().sealOnce()).toEqual({ sealed: 0, busy: true });
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
    const [first, second] = await Promise.all([sealer().sealOnce(), sealer().sealOnce()]);
    expect((first?.sealed ?? 0) + (second?.sealed ?? 0)).toBe(5);
    expect(await verifyAuditChain(database.ownerDb, { key, requireSealed: true })).toMatchObject({ ok: true });
  });
});

describe('verification with the key catches a rewrite by someone with database access', () => {
  it('an entry rewritten with every later hash and the head recomputed: the hash chain passes, the seal does not (seal_mismatch)', async () => {
    await freshChain(10);
    await sealer().sealOnce();
    const ids = await database.query<{ id: string }>('SELECT id::text AS id FROM audit_entry ORDER BY audit_entry.chain_sequence');
    await forge(5, `detail = '{"index": 500}'`);

    // What record 0015 could not see: the chain alone checks out.
    expect(await verifyAuditChain(database.ownerDb)).toMatchObject({ ok: true, entries: 10 });
    expect(await verifyAuditChain(database.ownerDb, { key })).toEqual({
      ok: false,
      brokenAt: { practiceId: PRACTICE, sequence: 5n, id: ids[4]?.id, reason: 'seal_mismatch' },
      entries: 4,
    });
    const result = await cli();
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Audit chain BROKEN: practice ${PRACTICE}'s chain, at entry #5 (${ids[4]?.id}): seal_mismatch`);
  });

  it('the sealer refuses to extend a rewritten chain, and says so in the log', async () => {
    await freshChain(6);
    const sealing = sealer();
    await sealing.sealOnce();
    await forge(3, "action = 'list'");
    await recordAudit(database.ownerDb, entry());
    expect(await sealing.sealOnce()).toEqual({ sealed: 0, busy: false });
    expect(sealing.halted).toMatch(/#6/);
    expect(logLines.some((line) => line.includes('audit chain tampered'))).toBe(true);
    // A sealer started later, without memory, refuses too: the last seal no longer matches its entry.
    const later = sealer();
    await later.sealOnce();
    expect(later.halted).toMatch(/the last seal \(#6\) does not match its entry/);
    expect(await seals()).toHaveLength(6);
  });

  it('with another key, every seal fails', async () => {
    await freshChain(3);
    await sealer().sealOnce();
    expect(await verifyAuditChain(database.ownerDb, { key: randomBytes(32) })).toMatchObject({ ok: false, brokenAt: { sequence: 1n, reason: 'seal_mismatch' }, entries: 0 });
    const result = await cli(['--skip-anchor-file'], { AUDIT_HMAC_KEY: randomBytes(32).toString('base64') });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Audit chain BROKEN: practice ${PRACTICE}'s chain, at entry #1`);
    expect(result.stdout).toContain('seal_mismatch');
  });

  it('a deleted seal: seal_missing at its entry', async () => {
    await freshChain(8);
    await sealer().sealOnce();
    await asSuperuser((client) => client.query(`DELETE FROM audit_seal WHERE sequence = ${globalOf(5)}`).then(() => undefined));
    expect(await verifyAuditChain(database.ownerDb, { key })).toMatchObject({ ok: false, brokenAt: { practiceId: PRACTICE, sequence: 5n, reason: 'seal_missing' }, entries: 4 });
    expect((await cli()).stdout).toContain(`Audit chain BROKEN: practice ${PRACTICE}'s chain, at entry #5`);
  });

  it('a rewritten end whose seals were deleted is not sealed again: not by the running sealer, not by a restarted one (its anchor file), and the anchor file fails verification', async () => {
    await freshChain(8);
    const sealing = sealer();
    await sealing.sealOnce();
    await sealing.anchor();
    await forge(6, "action = 'delete'");
    await asSuperuser((client) => client.query(`DELETE FROM audit_seal WHERE sequence >= ${globalOf(6)}`).then(() => undefined));

    // Entries 6-8 now look merely "not sealed yet"; the sealer knows better.
    expect(await verifyAuditChain(database.ownerDb, { key })).toMatchObject({ ok: true, seals: { unsealed: 3 } });
    await sealing.sealOnce();
    expect(sealing.halted).toMatch(/seals after #5 are gone, though #8 was sealed/);
    const restarted = sealer();
    await restarted.sealOnce();
    expect(restarted.halted).toMatch(/seals after #5 are gone, though #8 was sealed/);
    expect(await seals()).toHaveLength(5);

    const anchors = (await anchorsInFile()).map((anchor) => ({ practiceId: anchor.practiceId, sequence: anchor.sequence, hash: anchor.hash, mac: anchor.mac }));
    expect(await verifyAuditChain(database.ownerDb, { key, anchors })).toMatchObject({ ok: false, brokenAt: { practiceId: PRACTICE, sequence: 8n, reason: 'anchor_mismatch' } });
    const result = await cli();
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Audit chain BROKEN: practice ${PRACTICE}'s chain, at entry #8`);
    expect(result.stdout).toContain('anchor_mismatch');
  });
});

describe('the anchor file', () => {
  /** Deletes the practice's entries from `place` on with their seals and winds its head back: the chain and seals that remain are intact. */
  async function truncateTail(place: number): Promise<void> {
    await asSuperuser(async (client) => {
      await client.query(`DELETE FROM audit_seal WHERE sequence >= ${globalOf(place)}`);
      await client.query('DELETE FROM audit_entry WHERE practice_id = $1 AND chain_sequence >= $2', [PRACTICE, place]);
      await client.query(
        `UPDATE audit_practice_chain_head h SET last_sequence = e.chain_sequence, last_hash = e.hash FROM audit_entry e
         WHERE h.practice_id = $1 AND e.practice_id = $1 AND e.chain_sequence = (SELECT max(chain_sequence) FROM audit_entry WHERE practice_id = $1)`,
        [PRACTICE],
      );
    });
  }

  it('catches a deleted end of the chain (seals and head made to match)', async () => {
    await freshChain(10);
    const sealing = sealer();
    await sealing.sealOnce();
    await sealing.anchor();
    await truncateTail(9);

    expect(await verifyAuditChain(database.ownerDb, { key, requireSealed: true })).toMatchObject({ ok: true, entries: 8 });
    const result = await cli();
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Audit chain BROKEN: practice ${PRACTICE}'s chain, at entry #10 (missing): anchor_mismatch`);
    expect(result.stdout).toContain(`Anchors: 1 from ${anchorFile}`);
    expect((await cli(['--skip-anchor-file'])).code).toBe(0);
  });

  it('catches an end replaced by new entries sealed by a sealer that lost its anchor file', async () => {
    await freshChain(10);
    const sealing = sealer();
    await sealing.sealOnce();
    await sealing.anchor();
    const kept = await fs.readFile(anchorFile, 'utf8');
    await truncateTail(9);
    await fs.rm(anchorFile);
    for (let index = 0; index < 3; index += 1) await recordAudit(database.ownerDb, entry());
    await sealer().sealOnce();
    await fs.writeFile(anchorFile, kept);

    expect(await verifyAuditChain(database.ownerDb, { key, requireSealed: true })).toMatchObject({ ok: true, entries: 11 });
    const result = await cli();
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Audit chain BROKEN: practice ${PRACTICE}'s chain, at entry #10`);
    expect(result.stdout).toContain('anchor_mismatch');
  });

  it('refuses an anchor the key did not make (anchor_invalid), and a sealer will not start from it', async () => {
    await freshChain(4);
    await sealer().sealOnce();
    const chain = await hashes();
    await fs.writeFile(anchorFile, anchorLine({ practiceId: PRACTICE, sequence: 4n, hash: chain[3] ?? '', mac: 'a'.repeat(64), at: new Date() }));
    expect((await cli()).stdout).toContain(`Audit chain BROKEN: practice ${PRACTICE}'s chain, at entry #4 (missing): anchor_invalid`);
    const restarted = sealer();
    await restarted.sealOnce();
    expect(restarted.halted).toMatch(/was not made with this key/);
  });

  it('skips a torn last line (a crash mid-write) and says so', async () => {
    await freshChain(2);
    const sealing = sealer();
    await sealing.sealOnce();
    await sealing.anchor();
    await fs.appendFile(anchorFile, '{"sequence":"3","ha');
    const result = await cli();
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('lines that are no anchor, skipped: 2');
  });
});
