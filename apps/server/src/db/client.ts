import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';

export type Database = PrismaClient;
/** The client inside `$transaction(async (tx) => ...)`. */
export type DatabaseTransaction = Omit<Database, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

export function createDatabaseClient(connectionString: string, options: { maxConnections?: number } = {}): Database {
  const adapter = new PrismaPg({ connectionString, max: options.maxConnections ?? 10 });
  return new PrismaClient({ adapter });
}
