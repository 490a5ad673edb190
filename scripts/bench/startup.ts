// `npm start` on an already-initialised data dir: time from process start to a healthy /healthz.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatMs, startServer, stopServer, waitForHealthy } from './lib.ts';

export async function measureStartup(runs = 3): Promise<{ firstMs: number; warmMs: number[] }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wellspring-bench-start-'));
  const env = { DATA_DIR: dataDir, PORT: '3299', EMBEDDED_PG_PORT: '54399', DATABASE_URL: '' };
  const baseUrl = 'http://localhost:3299';
  try {
    const first = startServer(env);
    const firstMs = await waitForHealthy(baseUrl, 120_000);
    await stopServer(first);
    const warmMs: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const server = startServer(env);
      warmMs.push(await waitForHealthy(baseUrl));
      await stopServer(server);
    }
    return { firstMs, warmMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printStartupReport(report: { firstMs: number; warmMs: number[] }): void {
  console.log('\n## Start to ready (embedded PostgreSQL)');
  console.log(`  fresh data dir (initdb, migrations, seed): ${formatMs(report.firstMs)}`);
  console.log(`  existing data dir: ${report.warmMs.map(formatMs).join(', ')} (budget 5000 ms)`);
}
