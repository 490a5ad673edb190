/**
 * Once per test project: a PostgreSQL server (embedded in a temporary directory, or TEST_DATABASE_URL's)
 * and a migrated template database that every test file clones.
 */
import { freePort } from './free-port.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { repoRoot } from '../../src/config.ts';
import { startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { migrate } from '../../src/db/migrate.ts';
import { provisionDatabaseRoles } from '../../src/db/roles.ts';

import { TEST_APP_PASSWORD } from './test-roles.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection string to the server's `postgres` database (for CREATE/DROP DATABASE). */
    adminDatabaseUrl: string;
    /** The migrated template every test database is created from. */
    templateDatabase: string;
  }
}


function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const mode = project.config.env.WELLSPRING_TEST_DB ?? process.env.WELLSPRING_TEST_DB ?? 'embedded';
  const templateDatabase = `wellspring_template_${process.pid}_${Date.now().toString(36)}`;
  let adminDatabaseUrl: string;
  let stopServer = async (): Promise<void> => undefined;

  if (mode === 'external') {
    const external = process.env.TEST_DATABASE_URL;
    if (!external) throw new Error('WELLSPRING_TEST_DB=external needs TEST_DATABASE_URL');
    // Connect to the server's maintenance database: TEST_DATABASE_URL's own database may be in use.
    adminDatabaseUrl = withDatabase(external, 'postgres');
  } else {
    // A throwaway cluster per run, so parallel runs and the developer's own DATA_DIR never collide.
    const clusterDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wellspring-test-pg-'));
    const embedded = await startEmbeddedPostgres({
      clusterDir: path.join(clusterDir, 'pg'),
      port: Number(process.env.TEST_EMBEDDED_PG_PORT) || (await freePort()),
      ephemeral: true,
    });
    adminDatabaseUrl = embedded.url('postgres');
    stopServer = async () => {
      await embedded.stop();
      await fs.rm(clusterDir, { recursive: true, force: true });
    };
  }

  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(templateDatabase)}`);
  await admin.end();
  // The server under test serves as the application role, as in production: row-level security binds it.
  await provisionDatabaseRoles(adminDatabaseUrl, { appPassword: TEST_APP_PASSWORD });
  await migrate(withDatabase(adminDatabaseUrl, templateDatabase), path.join(repoRoot, 'prisma', 'migrations'));

  project.provide('adminDatabaseUrl', adminDatabaseUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    const client = new pg.Client({ connectionString: adminDatabaseUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(templateDatabase)} WITH (FORCE)`);
    await client.end();
    await stopServer();
  };
}
