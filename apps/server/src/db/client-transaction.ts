/**
 * One transaction on one pooled `pg` client, for the path that bypasses Prisma to write in bulk (the
 * demo directory's seed): `begin` opens it, `work` runs in it, COMMIT ends it. A failure rolls back;
 * a client that cannot even roll back is dropped from the pool rather than handed to the next caller
 * in an unknown state. (A practice's reads need no transaction of their own: each statement carries
 * its binding, practice/bound-statement.ts.)
 *
 * On a pipelining client (the server's pool, `db/client.ts`) the opening statement is not waited
 * for: the work's first statement is written right behind it, and PostgreSQL runs both in order,
 * the second inside the transaction the first opened (if the opening fails, the transaction is
 * aborted and so is the work). That saves a round trip to the database (record 0049).
 */
import type pg from 'pg';

export async function inClientTransaction<T>(pool: pg.Pool, begin: (client: pg.PoolClient) => string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let result: T;
  try {
    const begun = client.query(begin(client));
    if (client.pipeline) {
      // Awaited after the work, which fails as well if the opening did (its statements then run in
      // an aborted transaction, or on a broken connection).
      begun.catch(() => undefined);
    } else {
      await begun;
    }
    result = await work(client);
    await begun;
  } catch (error) {
    // Outside a transaction ROLLBACK only warns.
    await client.query('ROLLBACK').then(
      () => client.release(),
      () => client.release(true),
    );
    throw error;
  }
  try {
    await client.query('COMMIT');
  } catch (error) {
    client.release(true);
    throw error;
  }
  client.release();
  return result;
}
