// Runs `prisma generate` with the schema-engine stub so it never tries to download an engine.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'node_modules', 'prisma', 'build', 'index.js');
if (!existsSync(cli)) {
  console.log('prisma-generate: prisma is not installed yet, skipping');
  process.exit(0);
}
const result = spawnSync(process.execPath, [cli, 'generate', '--config', 'prisma/prisma.config.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: path.join(root, 'scripts', 'prisma-engine-stub.mjs'),
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  },
});
process.exit(result.status ?? 1);
