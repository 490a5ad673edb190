/**
 * Prisma's schema engine, compiled to WebAssembly, driven through the pg driver adapter. Development
 * tooling only (the drift test and new-migration script): Prisma's CLI cannot download its native
 * engine on these machines (docs/decisions/0002-migrations.md).
 */
import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory, type SqlDriverAdapter, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm';
import * as engineBindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import pg from 'pg';

/** The slice of the WebAssembly API used here (@types/node 20 does not declare it). */
interface WebAssemblyApi {
  instantiate(bytes: Uint8Array, imports: Record<string, object>): Promise<{ instance: { exports: Record<string, unknown> } }>;
}
const webAssembly = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;

let initialised: Promise<typeof engineBindings.SchemaEngine> | undefined;

/** The package targets bundlers (`import wasm from '*.wasm'`); Node needs the module instantiated by hand. */
function loadSchemaEngine(): Promise<typeof engineBindings.SchemaEngine> {
  initialised ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmPath = path.join(path.dirname(require.resolve('@prisma/schema-engine-wasm')), 'schema_engine_bg.wasm');
    const { instance } = await webAssembly.instantiate(await readFile(wasmPath), { './schema_engine_bg.js': engineBindings });
    (engineBindings as unknown as { __wbg_set_wasm(exports: object): void }).__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return engineBindings.SchemaEngine;
  })();
  return initialised;
}

type QueryCallback = (error: Error | null, result: pg.QueryResult | undefined) => void;
const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
const pgClientQuery = pg.Client.prototype.query as unknown as (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * The engine reads catalog columns of type "char" (e.g. pg_constraint.contype), which the pg driver
 * adapter refuses as an unsupported type. They are one-character texts, so report them as text.
 */
class CatalogFriendlyClient extends pg.Client {}
(CatalogFriendlyClient.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function query(
  this: pg.Client,
  ...args: unknown[]
): unknown {
  const asText = (result: pg.QueryResult | undefined): pg.QueryResult | undefined => {
    for (const field of result?.fields ?? []) if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
    return result;
  };
  const callback = args.at(-1);
  if (typeof callback === 'function') {
    args[args.length - 1] = (error: Error | null, result: pg.QueryResult | undefined) => (callback as QueryCallback)(error, asText(result));
  }
  const returned = pgClientQuery.apply(this, args);
  return returned instanceof Promise ? returned.then((result: pg.QueryResult) => asText(result)) : returned;
};

/** What the adapter keeps that `executeScript` needs: its pool and its error translation. */
interface PgAdapterInternals {
  readonly client: pg.Pool;
  onError(error: unknown): never;
}

/**
 * PrismaPg's `executeScript` splits a migration on every `;`, which breaks a function body (a
 * trigger's plpgsql). Prisma's native engine sends a migration whole, and so does this: one simple
 * query, which PostgreSQL runs as one implicit transaction, as `migrate.ts` does at start.
 */
async function connectWithWholeScripts(factory: PrismaPg): Promise<SqlDriverAdapter> {
  const adapter = await factory.connect();
  const internals = adapter as unknown as PgAdapterInternals;
  adapter.executeScript = async (script: string) => {
    try {
      await internals.client.query(script);
    } catch (error) {
      internals.onError(error);
    }
  };
  return adapter;
}

function poolConfig(url: string, database?: string): pg.PoolConfig {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 5432,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database: database ?? decodeURIComponent(parsed.pathname.slice(1)),
    max: 2,
    Client: CatalogFriendlyClient,
  };
}

async function readMigrationList(migrationsDir: string): Promise<MigrationList> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const directories = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  const lockfile = await readFile(path.join(migrationsDir, 'migration_lock.toml'), 'utf8').catch(() => null);
  return {
    baseDir: migrationsDir,
    lockfile: { path: 'migration_lock.toml', content: lockfile },
    shadowDbInitScript: '',
    migrationDirectories: await Promise.all(
      directories.map(async (directory) => ({
        path: directory,
        migrationFile: {
          path: 'migration.sql',
          content: await readFile(path.join(migrationsDir, directory, 'migration.sql'), 'utf8').then(
            (value) => ({ tag: 'ok' as const, value }),
            (error: Error) => ({ tag: 'error' as const, value: error.message }),
          ),
        },
      })),
    ),
  };
}

export interface SchemaDiff {
  /** 0: no difference; 2: a difference. */
  readonly exitCode: number;
  /** The SQL that takes the migrations to the schema (empty when none is needed). */
  readonly script: string;
}

/**
 * Replays `migrationsDir` on a scratch (shadow) database of the server at `adminUrl` and diffs the
 * result against `schema` (the contents of schema.prisma). The shadow database is dropped after.
 */
export async function diffMigrationsAgainstSchema(options: { adminUrl: string; migrationsDir: string; schema: string }): Promise<SchemaDiff> {
  const SchemaEngineClass = await loadSchemaEngine();
  const shadowName = `wellspring_shadow_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(shadowName)}`);
  // PrismaPg's own connectToShadowDb drops its database before closing its pool, which PostgreSQL
  // refuses; we create and drop the shadow database ourselves.
  const main = new PrismaPg(poolConfig(options.adminUrl));
  const shadow = new PrismaPg(poolConfig(options.adminUrl, shadowName));
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: 'postgres',
    adapterName: 'wellspring-schema-engine',
    connect: () => connectWithWholeScripts(main),
    connectToShadowDb: () => connectWithWholeScripts(shadow),
  };
  const files = [{ path: 'schema.prisma', content: options.schema }];
  let engine: SchemaEngine | undefined;
  try {
    engine = await SchemaEngineClass.new({ datamodels: [['schema.prisma', options.schema]] }, () => undefined, bindMigrationAwareSqlAdapterFactory(factory));
    const migrationsList = await readMigrationList(options.migrationsDir);
    const filters = { externalTables: [], externalEnums: [] };
    const result = await engine.diff({ from: { tag: 'migrations', ...migrationsList }, to: { tag: 'schemaDatamodel', files }, script: true, exitCode: true, filters });
    return { exitCode: result.exitCode, script: result.exitCode === 0 ? '' : (result.stdout ?? '') };
  } finally {
    engine?.free();
    await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(shadowName)} WITH (FORCE)`);
    await admin.end();
  }
}
