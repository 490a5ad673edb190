/**
 * Writes a new migration folder with the SQL that takes prisma/migrations to prisma/schema.prisma:
 *   node --import tsx apps/server/src/db/migration-new.cli.ts <name>
 * Uses DATABASE_URL's server for a scratch shadow database, or the embedded PostgreSQL.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, repoRoot } from '../config.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { diffMigrationsAgainstSchema } from './schema-engine.ts';

const name = process.argv[2]?.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
if (!name) {
  console.error('usage: migration-new.cli.ts <name>');
  process.exit(2);
}
const config = loadConfig();
const embedded = config.databaseUrl ? null : await startEmbeddedPostgres({ clusterDir: path.join(config.dataDir, 'pg'), port: config.embeddedPgPort });
try {
  const adminUrl = config.databaseUrl ?? embedded?.url('postgres') ?? '';
  const schema = await readFile(path.join(repoRoot, 'prisma', 'schema.prisma'), 'utf8');
  const diff = await diffMigrationsAgainstSchema({ adminUrl, migrationsDir: config.migrationsDir, schema });
  if (diff.exitCode === 0) {
    console.log('prisma/schema.prisma and prisma/migrations agree: no migration needed.');
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const folder = path.join(config.migrationsDir, `${stamp}_${name}`);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'migration.sql'), diff.script);
    console.log(`Wrote ${path.relative(repoRoot, folder)}/migration.sql — review it before committing.`);
  }
} finally {
  await embedded?.stop();
}
