/**
 * A practice read's statement with the practice's binding in front of it, sent as one message
 * group with one Sync (record 0049, "One exchange per statement"). PostgreSQL runs every Execute
 * before a Sync in one implicit transaction, so the binding — `set_config(…, true)`, local to that
 * transaction — applies to the statement and ends with it: nothing carries over to the next user of
 * the connection, as with PgBouncer in transaction mode. The binding also makes the transaction
 * read-only (`transaction_read_only`), as `BEGIN READ ONLY` did.
 *
 * Before, a read opened a transaction (`BEGIN READ ONLY; SELECT set_config(…)`, a simple query
 * parsed and planned at every read), ran its statements and sent `COMMIT`: three writes to the
 * socket and three statements more for PostgreSQL. Under read committed every statement of a read
 * saw its own snapshot anyway, so a read made of several statements, each bound this way, sees what
 * it saw before.
 *
 * It is `pg`'s own `Query` with the binding's Bind and Execute written ahead of the statement's
 * messages; the binding's answer (one row, no description) is passed over. `pg` documents custom
 * query objects (`submit(connection)`), not `Query`'s inner methods, so the few used here are typed
 * below; `client-transaction.int.test.ts` and `database-roles.int.test.ts` check them on every upgrade of `pg`.
 */
import pg from 'pg';

/** The practice (and account) a call acts for, as PostgreSQL is told it. */
export interface PracticeBinding {
  readonly practiceId: string;
  /** The signed-in account's e-mail (lower case): referrals sent to it are its business too. */
  readonly userEmail?: string | null;
}

/** Prepared once per connection. */
const BINDING_STATEMENT = 'practice-binding';
const BINDING_SQL = "SELECT set_config('app.practice_id', $1, true), set_config('app.user_email', $2, true), set_config('transaction_read_only', 'on', true)";

/** What `pg`'s connection offers a query object (pg/lib/connection.js). */
interface ProtocolConnection {
  readonly parsedStatements: Record<string, string | undefined>;
  bind(message: { readonly statement: string; readonly values: readonly unknown[] }): void;
  execute(message: { readonly portal: string; readonly rows: number }): void;
}

/** `pg`'s `Query` as this subclass uses it (pg/lib/query.js). */
interface QueryInternals {
  prepare(connection: ProtocolConnection): void;
  requiresPreparation(): boolean;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: ProtocolConnection): void;
}

type QueryCallback = (error: Error | null, result: pg.QueryResult) => void;
const QueryBase = pg.Query as unknown as new (config: pg.QueryConfig, values: undefined, callback: QueryCallback) => QueryInternals;

class BoundStatement extends QueryBase {
  readonly #binding: PracticeBinding;
  /** The binding's row and completion are still to come (they precede the statement's). */
  #bindingAnswerDue = true;

  constructor(binding: PracticeBinding, config: pg.QueryConfig, callback: QueryCallback) {
    super(config, undefined, callback);
    this.#binding = binding;
  }

  override requiresPreparation(): boolean {
    return true;
  }

  override prepare(connection: ProtocolConnection): void {
    // The binding is prepared (`bindingPrepared`), so the exchange's only Parse, if any, is the
    // statement's own, which `pg` tracks as for any named statement.
    connection.bind({ statement: BINDING_STATEMENT, values: [this.#binding.practiceId, this.#binding.userEmail ?? ''] });
    connection.execute({ portal: '', rows: 0 });
    super.prepare(connection);
  }

  override handleDataRow(message: unknown): void {
    if (!this.#bindingAnswerDue) super.handleDataRow(message);
  }

  override handleCommandComplete(message: unknown, connection: ProtocolConnection): void {
    if (this.#bindingAnswerDue) {
      this.#bindingAnswerDue = false;
      return;
    }
    super.handleCommandComplete(message, connection);
  }
}

/** Prepares the binding on the client's connection the first time (its own exchange, run with no effect). */
async function bindingPrepared(client: pg.ClientBase): Promise<void> {
  const { connection } = client as unknown as { connection: ProtocolConnection & { submittedNamedStatements: Record<string, string | undefined> } };
  if (connection.parsedStatements[BINDING_STATEMENT] !== undefined || connection.submittedNamedStatements[BINDING_STATEMENT] !== undefined) return;
  await client.query({ name: BINDING_STATEMENT, text: BINDING_SQL, values: ['', ''] });
}

/** Runs `config` on `client` in its own implicit transaction, bound to the practice and read-only. */
export async function queryBound(client: pg.ClientBase, binding: PracticeBinding, config: pg.QueryConfig): Promise<pg.QueryResult> {
  await bindingPrepared(client);
  return new Promise((resolve, reject) => {
    client.query(new BoundStatement(binding, config, (error, result) => (error ? reject(error) : resolve(result))) as unknown as pg.Submittable);
  });
}
