/**
 * `npm run relay:status` and `npm run relay:requeue`, run as the operator would (a child process),
 * against DATABASE_URL and against an embedded cluster a running server holds.
 */
import { freePort } from './support/free-port.ts';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { APP_DATABASE } from '../src/db/bootstrap.ts';
import { closeDatabase, createDatabaseClient } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

const run = promisify(execFile);
const STATUS_CLI = path.join(repoRoot, 'apps/server/src/outbox/relay-status.cli.ts');
const REQUEUE_CLI = path.join(repoRoot, 'apps/server/src/outbox/relay-requeue.cli.ts');

async function cli(script: string, args: string[], env: Record<string, string | undefined>): Promise<{ stdout: string; stderr: string; code: number }> {
  const childEnv: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env };
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], { cwd: repoRoot, env: childEnv, timeout: 60_000 });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; code?: number };
    return { stdout: failure.stdout ?? '', stderr: failure.stderr ?? '', code: failure.code ?? 1 };
  }
}

const DEAD_ID = '11111111-1111-4111-8111-111111111111';
const PENDING_ID = '22222222-2222-4222-8222-222222222222';
const DELIVERED_ID = '33333333-3333-4333-8333-333333333333';

/** One delivery in each state, as the relay leaves them. */
const OUTBOX_ROWS = `
  INSERT INTO domain_event (id, aggregate_type, aggregate_id, type, payload, delivery_status, attempts, next_attempt_at, last_error, delivered_at)
  VALUES
    ('${DEAD_ID}', 'practitioner_application', 'a1', 'ApplicationSubmitted', '{}', 'dead', 8, NULL, 'HTTP 503: maintenance', NULL),
    ('${PENDING_ID}', 'waitlist_invite', 'i1', 'InviteSent', '{}', 'pending', 2, now() + interval '1 minute', 'connect ECONNREFUSED 127.0.0.1:25', NULL),
    ('${DELIVERED_ID}', 'waitlist_invite', 'i2', 'InviteSent', '{}', 'delivered', 1, NULL, NULL, now()),
    (gen_random_uuid(), 'waitlist_entry', 'w1', 'WaitlistJoined', '{}', NULL, 0, NULL, NULL, NULL)`;

describe('against DATABASE_URL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.query(OUTBOX_ROWS);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('relay:status lists pending, delivered and dead deliveries with attempts, next attempt and last error', async () => {
    const { stdout, code } = await cli(STATUS_CLI, [], { DATABASE_URL: database.url });

    expect(code).toBe(0);
    expect(stdout).toMatch(/pending\s+1\s+\(InviteSent 1\)/);
    expect(stdout).toMatch(/delivered\s+1\s+\(InviteSent 1\)/);
    expect(stdout).toMatch(/dead\s+1\s+\(ApplicationSubmitted 1\)/);
    expect(stdout).toMatch(new RegExp(`${PENDING_ID}\\s+InviteSent\\s+2\\s+\\S+\\s+\\d{4}-\\d\\d-\\d\\dT\\S+\\s+connect ECONNREFUSED 127.0.0.1:25`));
    expect(stdout).toMatch(new RegExp(`${DEAD_ID}\\s+ApplicationSubmitted\\s+8\\s+.*HTTP 503: maintenance`));
    expect(stdout).toContain(DELIVERED_ID);
    expect(stdout).toContain('npm run relay:requeue');
    // The password of the connection string is not printed.
    expect(stdout).not.toMatch(/wellspring-embedded/);
  });

  it('relay:status --json gives the same facts to scripts', async () => {
    const { stdout, code } = await cli(STATUS_CLI, ['--json'], { DATABASE_URL: database.url });

    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { counts: { status: string; type: string; count: number }[]; recent: Record<string, { id: string; lastError: string | null }[]> };
    expect(report.counts).toEqual([
      { status: 'dead', type: 'ApplicationSubmitted', count: 1 },
      { status: 'delivered', type: 'InviteSent', count: 1 },
      { status: 'pending', type: 'InviteSent', count: 1 },
    ]);
    expect(report.recent.dead).toMatchObject([{ id: DEAD_ID, lastError: 'HTTP 503: maintenance' }]);
  });

  it('relay:requeue re-queues the dead letters and says how many', async () => {
    const bad = await cli(REQUEUE_CLI, ['not-an-id'], { DATABASE_URL: database.url });
    expect(bad.code).toBe(2);

    const { stdout, code } = await cli(REQUEUE_CLI, [], { DATABASE_URL: database.url });

    expect(code).toBe(0);
    expect(stdout).toContain('Re-queued 1 dead-lettered delivery');
    expect(stdout).toContain(DEAD_ID);
    const [row] = await database.query<{ delivery_status: string; attempts: number; due: boolean }>(
      'SELECT delivery_status, attempts, next_attempt_at <= now() AS due FROM domain_event WHERE id = $1',
      [DEAD_ID],
    );
    expect(row).toEqual({ delivery_status: 'pending', attempts: 0, due: true });
    expect((await cli(REQUEUE_CLI, [], { DATABASE_URL: database.url })).stdout).toContain('Re-queued 0 dead-lettered deliveries');
  });

  it('says clearly when the database cannot be reached', async () => {
    const { stderr, code } = await cli(STATUS_CLI, [], { DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/none' });

    expect(code).toBe(1);
    expect(stderr.length).toBeGreaterThan(0);
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});


describe('against the embedded cluster of a running server', () => {
  it('uses the running cluster instead of failing to open its data directory', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wellspring-relay-cli-'));
    // This test process plays the running server: it holds DATA_DIR/pg.
    const embedded = await startEmbeddedPostgres({ clusterDir: path.join(dataDir, 'pg'), port: await freePort(), ephemeral: true });
    try {
      await embedded.ensureDatabase(APP_DATABASE);
      await migrate(embedded.url(APP_DATABASE), path.join(repoRoot, 'prisma', 'migrations'));
      const db = createDatabaseClient(embedded.url(APP_DATABASE), { maxConnections: 1 });
      await db.$executeRawUnsafe(OUTBOX_ROWS);
      await closeDatabase(db);

      // EMBEDDED_PG_PORT deliberately wrong: the port is read from the running cluster.
      const { stdout, stderr, code } = await cli(STATUS_CLI, [], { DATABASE_URL: undefined, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) });

      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toContain('in use by the running server');
      expect(stdout).toMatch(/dead\s+1\s+\(ApplicationSubmitted 1\)/);
    } finally {
      await embedded.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
