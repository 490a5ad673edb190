import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';

export type Database = PrismaClient;
/** The client inside `$transaction(async (tx) => ...)`. */
export type DatabaseTransaction = Omit<Database, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

export interface DatabaseClientOptions {
  readonly maxConnections?: number;
  /**
   * Errors of idle pooled connections (the server restarted, the database was dropped). The pool
   * replaces the connection; without a listener the error would crash the process.
   */
  readonly onConnectionError?: (error: Error) => void;
}

export function createDatabaseClient(connectionString: string, options: DatabaseClientOptions = {}): Database {
  const onError = options.onConnectionError ?? (() => undefined);
  const adapter = new PrismaPg({ connectionString, max: options.maxConnections ?? 10 }, { onPoolError: onError, onConnectionError: onError });
  return new PrismaClient({ adapter });
}
