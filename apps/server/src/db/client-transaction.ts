/**
 * One transaction on one pooled `pg` client, for the few paths that bypass Prisma (a practice's
 * reads, record 0032; the demo directory's bulk seed): `begin` opens it, `work` runs in it, COMMIT
 * ends it. A failure rolls back; a client that cannot even roll back is dropped from the pool
 * rather than handed to the next caller in an unknown state.
 */
import type pg from 'pg';

export async function inClientTransaction<T>(pool: pg.Pool, begin: (client: pg.PoolClient) => string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(begin(client));
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // Outside a transaction ROLLBACK only warns.
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
