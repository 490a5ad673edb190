/**
 * One transaction on one pooled `pg` client, for the few paths that bypass Prisma (a practice's
 * reads, record 0032; the demo directory's bulk seed): `begin` opens it, `work` runs in it, COMMIT
 * ends it. A failure rolls back; a client that cannot even roll back is dropped from the pool
 * rather than handed to the next caller in an unknown state.
 *
 * On a pipelining client (the server's pool, `db/client.ts`) the opening statement is not waited
 * for: the work's first statement is written right behind it, and PostgreSQL runs both in order,
 * the second inside the transaction the first opened (if the opening fails, the transaction is
 * aborted and so is the work). A read-only transaction (`readOnly`) is answered without waiting for
 * its COMMIT either: it wrote nothing a COMMIT could lose, and the client goes back to the pool only
 * once the COMMIT is through. Each saves a round trip to the database (record 0049).
 */
import type pg from 'pg';

export interface ClientTransactionOptions {
  /** The work writes nothing (a `BEGIN READ ONLY`): its result need not wait for the COMMIT. */
  readonly readOnly?: boolean;
}

export async function inClientTransaction<T>(
  pool: pg.Pool,
  begin: (client: pg.PoolClient) => string,
  work: (client: pg.PoolClient) => Promise<T>,
  options: ClientTransactionOptions = {},
): Promise<T> {
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
  const committed = client.query('COMMIT').then(
    () => client.release(),
    (error: unknown) => {
      client.release(true);
      throw error;
    },
  );
  if (options.readOnly) {
    // A read's COMMIT can only fail with its connection, which is then dropped from the pool.
    committed.catch(() => undefined);
    return result;
  }
  await committed;
  return result;
}
