// `npm start`'s build step: runs `npm run build` only when an input of the build changed since the
// last one, so a second `npm start` is ready in seconds. The fingerprint is a SHA-256 over every
// input file's path and content (the web app, the domain package, the Prisma schema, the lockfile),
// kept in node_modules/.cache/wellspring/ (so `npm ci` forces a build). `npm run build` always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const inputs = ['apps/web', 'packages/domain', 'prisma/schema.prisma', 'package-lock.json', 'tsconfig.base.json', 'scripts/prisma-generate.mjs'];
const skipped = new Set(['node_modules', 'dist', 'coverage']);
const outputs = ['apps/web/dist/index.html', 'apps/server/src/generated/prisma'];
const fingerprintFile = path.join(root, 'node_modules/.cache/wellspring/build-fingerprint');

function* filesOf(relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return;
  if (!readdirSafe(absolute)) {
    yield relative;
    return;
  }
  for (const entry of readdirSync(absolute, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (skipped.has(entry.name)) continue;
    yield* filesOf(path.join(relative, entry.name));
  }
}

function readdirSafe(absolute) {
  try {
    readdirSync(absolute);
    return true;
  } catch {
    return false;
  }
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesOf(input)) {
      hash.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0');
    }
  }
  return hash.digest('hex');
}

const current = fingerprint();
const previous = existsSync(fingerprintFile) ? readFileSync(fingerprintFile, 'utf8').trim() : null;
if (previous === current && outputs.every((output) => existsSync(path.join(root, output)))) {
  console.log('build: inputs unchanged since the last build, skipping (npm run build forces one)');
  process.exit(0);
}
const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
mkdirSync(path.dirname(fingerprintFile), { recursive: true });
writeFileSync(fingerprintFile, `${current}\n`);
