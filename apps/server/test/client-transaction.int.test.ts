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
    );
    // A setting local to the transaction: the work saw it, so it ran inside it.
    expect(seen).toEqual({ marker: 'opened' });
  });

  it("shows a practice read its practice's rows only, in every statement, and the next user of the connection starts clean", async () => {
    const clean = "SELECT current_setting('app.practice_id', true) AS practice, current_setting('transaction_read_only') AS read_only, (SELECT count(*)::int FROM patient) AS names";
    const seen = await readInPractice(single, { practiceId: practitioner.practiceId }, async (sql) => {
      const first = (await sql.query<{ name: string }>({ name: 'bound-names', text: 'SELECT name FROM patient' })).rows;
      // Statements sent together (pipelined) are each bound too.
      const [again, read] = await Promise.all([
        sql.query<{ name: string }>({ name: 'bound-names', text: 'SELECT name FROM patient' }),
        sql.query<{ read_only: string }>("SELECT current_setting('transaction_read_only') AS read_only"),
      ]);
      return { first, again: again.rows, read: read.rows };
    });
    expect(seen).toEqual({ first: [{ name: 'Paula Pipe' }], again: [{ name: 'Paula Pipe' }], read: [{ read_only: 'on' }] });
    // The one connection, straight after: no practice, not read-only, no rows.
    expect((await single.query(clean)).rows).toEqual([{ practice: '', read_only: 'off', names: 0 }]);
  });

  it('keeps the connection usable after a statement of a read fails to parse, and after one fails to run', async () => {
    const binding = { practiceId: practitioner.practiceId };
    await expect(readInPractice(single, binding, (sql) => sql.query({ name: 'bound-broken', text: 'SELECT no_such_column FROM patient' }))).rejects.toThrow(/no_such_column/);
    await expect(readInPractice(single, binding, (sql) => sql.query({ name: 'bound-division', text: 'SELECT 1 / (count(*)::int - count(*)::int) FROM patient' }))).rejects.toThrow(/division by zero/);
    // The same names again: the failed parse left nothing behind, the statement that parsed is reused.
    await expect(readInPractice(single, binding, (sql) => sql.query({ name: 'bound-broken', text: 'SELECT no_such_column FROM patient' }))).rejects.toThrow(/no_such_column/);
    await expect(readInPractice(single, binding, (sql) => sql.query({ name: 'bound-division', text: 'SELECT 1 / (count(*)::int - count(*)::int) FROM patient' }))).rejects.toThrow(/division by zero/);
    const names = await readInPractice(single, binding, async (sql) => (await sql.query<{ name: string }>({ name: 'bound-names', text: 'SELECT name FROM patient' })).rows);
    expect(names).toEqual([{ name: 'Paula Pipe' }]);
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
