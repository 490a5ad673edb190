// A transaction on one pooled `pg` client (db/client-transaction.ts) on a pipelining pool, as the
// server's is (db/client.ts, record 0049): the work's first statement is written behind the opening
// one without waiting for it, and a read answers before its COMMIT is through.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inClientTransaction } from '../src/db/client-transaction.ts';
import { readInPractice } from '../src/practice/practice-transaction.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { addPatient, createPractitioner, type TestPractitioner } from './support/practice-factory.ts';

let database: TestDatabase;
/** One pipelining connection, as the application role: every call below shares it, one after another. */
let single: pg.Pool;
let practitioner: TestPractitioner;

beforeAll(async () => {
  database = await createTestDatabase();
  single = new pg.Pool({ connectionString: database.url, max: 1, pipeline: true });
  single.on('error', () => undefined);
  practitioner = await createPractitioner(database.db, { name: 'Dr. Pipeline' });
  await addPatient(database.db, practitioner.practiceId, { name: 'Paula Pipe' });
});

afterAll(async () => {
  await single.end();
  await database.drop();
});

describe('a transaction on a pipelining pool', () => {
  it("is the server's pool", async () => {
    const client = await database.db.pool.connect();
    try {
      expect(client.pipeline).toBe(true);
    } finally {
      client.release();
    }
  });

  it('runs the work inside the transaction the opening statement began', async () => {
    const seen = await inClientTransaction(
      single,
      () => "BEGIN READ ONLY; SELECT set_config('app.marker', 'opened', true)",
      async (client) => (await client.query<{ marker: string }>("SELECT current_setting('app.marker') AS marker")).rows[0],
      { readOnly: true },
    );
    // A setting local to the transaction: the work saw it, so it ran inside it.
    expect(seen).toEqual({ marker: 'opened' });
  });

  it("shows a practice read its practice's rows only, and the next read on the connection starts clean", async () => {
    const names = await readInPractice(single, { practiceId: practitioner.practiceId }, async (sql) => (await sql.query<{ name: string }>('SELECT name FROM patient')).rows);
    expect(names).toEqual([{ name: 'Paula Pipe' }]);
    // The read answered before its COMMIT; the one connection is handed on only after it.
    const bound = await inClientTransaction(
      single,
      () => 'BEGIN READ ONLY',
      async (client) => (await client.query<{ practice: string | null; names: number }>("SELECT current_setting('app.practice_id', true) AS practice, (SELECT count(*)::int FROM patient) AS names")).rows[0],
      { readOnly: true },
    );
    expect(bound).toEqual({ practice: '', names: 0 });
  });

  it('fails the work when the opening statement fails, and leaves the connection usable', async () => {
    await expect(
      inClientTransaction(
        single,
        () => 'BEGIN; SELECT 1 / 0',
        async (client) => (await client.query('SELECT 1 AS one')).rows,
      ),
    ).rejects.toThrow(/division by zero|current transaction is aborted/);
    const after = await inClientTransaction(single, () => 'BEGIN', async (client) => (await client.query<{ one: number }>('SELECT 1 AS one')).rows);
    expect(after).toEqual([{ one: 1 }]);
  });

  it('has committed a change by the time it returns, and rolls a failed one back', async () => {
    const owner = new pg.Pool({ connectionString: database.ownerUrl, max: 1, pipeline: true });
    owner.on('error', () => undefined);
    try {
      await owner.query('CREATE TABLE pipeline_note (body text NOT NULL)');
      await inClientTransaction(owner, () => 'BEGIN', (client) => client.query("INSERT INTO pipeline_note VALUES ('kept')"));
      const failed = inClientTransaction(owner, () => 'BEGIN', async (client) => {
        await client.query("INSERT INTO pipeline_note VALUES ('dropped')");
        throw new Error('changed my mind');
      });
      await expect(failed).rejects.toThrow('changed my mind');
      expect(await database.query('SELECT body FROM pipeline_note')).toEqual([{ body: 'kept' }]);
    } finally {
      await owner.end();
    }
  });
});
