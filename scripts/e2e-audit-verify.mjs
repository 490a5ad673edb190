// `npm run test:e2e:audit` (part of `npm test`, after the browser tests): `npm run audit:verify` on the
// database the e2e server used (scripts/e2e-server.mjs), with its HMAC key and anchor file, which it
// keeps in E2E_DATA_DIR. Playwright kills the server when the tests end, and its embedded cluster with
// it: audit:verify starts the cluster again from E2E_DATA_DIR/pg (or uses E2E_DATABASE_ADMIN_URL's
// `wellspring_e2e`). Fails unless the chain, every seal and every anchor check out — and unless the
// run left sealed entries and at least one anchor to check, so the step cannot pass by checking nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eDataDir, e2eServerEnv } from './e2e-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = e2eDataDir(root);
if (!existsSync(dataDir)) {
  process.stderr.write(`e2e audit: ${dataDir} does not exist — run the browser tests first (npm run test:e2e)\n`);
  process.exit(1);
}
const verify = () =>
  spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/audit/audit-verify.cli.ts', '--json'], {
    cwd: root,
    env: { ...e2eServerEnv(process.env, dataDir), LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
const parse = (stdout) => {
  try {
    return JSON.parse(stdout);
  } catch {
    return undefined;
  }
};
// The killed server's PostgreSQL may still be shutting down and holding its port: try again a few
// times before calling it a failure (a report, even of a broken chain, is final at once).
let result = verify();
let report = parse(result.stdout);
for (let attempt = 1; report === undefined && attempt < 6; attempt += 1) {
  process.stderr.write(`e2e audit: no report yet (exit ${result.status}); trying again in 2 s\n`);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  result = verify();
  report = parse(result.stdout);
}
if (report === undefined) {
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(`e2e audit: audit:verify failed (exit ${result.status})\n`);
  process.exit(1);
}
const problems = [];
if (!report.ok) {
  const chain = report.brokenAt.practiceId === null ? 'the legacy audit chain' : `practice ${report.brokenAt.practiceId}'s audit chain`;
  problems.push(`${chain} is BROKEN at entry #${report.brokenAt.sequence}: ${report.brokenAt.reason}`);
}
if (report.ok && report.entries === 0) problems.push('the e2e run left no audit entries');
if (report.ok && !(report.seals?.sealed > 0)) problems.push('no audit entry was sealed (is the sealer running?)');
if (report.ok && !(report.anchorsChecked > 0)) problems.push(`no anchor in ${report.anchorFile}`);
if (result.status !== 0 && report.ok) problems.push(`audit:verify exited ${result.status}`);
if (problems.length > 0) {
  process.stdout.write(`${result.stdout}\n`);
  for (const problem of problems) process.stderr.write(`e2e audit: ${problem}\n`);
  process.exit(1);
}
const pending = report.seals.unsealed > 0 ? `, ${report.seals.unsealed} at the end not sealed yet (the server was killed)` : '';
process.stdout.write(
  `e2e audit: chain intact — ${report.entries} entries, ${report.seals.sealed} sealed${pending}, ${report.anchorsChecked} anchors checked (${report.database})\n`,
);
