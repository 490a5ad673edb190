#!/usr/bin/env node
// Prisma's CLI wants its native schema engine, which it downloads from outside the npm registry.
// `prisma generate` only asks the engine for its version, so this stub answers that and nothing else.
// Migrations are applied by apps/server/src/db/migrate.ts instead (docs/decisions/0002-migrations.md).
if (process.argv.includes('--version')) {
  console.log('schema-engine-cli 0.0.0-stub');
  process.exit(0);
}
console.error('The Prisma schema engine is not available on this machine; see docs/decisions/0002-migrations.md');
process.exit(1);
