// JavaScript and CSS shipped to `/` (budget: 120 KB of gzipped JavaScript): everything a real
// browser fetches to render the landing page, lazy chunks included, measured in Debian's Chromium.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, PRODUCTION_HOSTNAME, root, startServer, stopServer, waitForHealthy } from './lib.ts';

export interface BundleReport {
  /** Production host (only `/` served, no Home link or session check) or localhost (everything). */
  readonly host: string;
  readonly eager: readonly string[];
  readonly files: readonly { file: string; gzipBytes: number }[];
  readonly jsGzipBytes: number;
  readonly cssGzipBytes: number;
}

const BUDGET_JS_BYTES = 120 * 1024;

const HOSTS = { production: PRODUCTION_HOSTNAME, local: 'localhost' } as const;

export async function measureLandingBundle(): Promise<BundleReport[]> {
  const dist = path.join(root, 'apps', 'web', 'dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const eager = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wellspring-bench-bundle-'));
  const server = startServer({ DATA_DIR: dataDir, PORT: '3296', EMBEDDED_PG_PORT: '54398', DATABASE_URL: '' });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...CHROMIUM_ARGS],
  });
  try {
    await waitForHealthy('http://localhost:3296', 120_000);
    const reports: BundleReport[] = [];
    for (const [label, hostname] of Object.entries(HOSTS)) {
      const page = await browser.newPage();
      const fetched = new Set<string>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (/\.(js|css)$/.test(url.pathname)) fetched.add(url.pathname);
      });
      await page.goto(`http://${hostname}:3296/`, { waitUntil: 'networkidle' });
      await page.close();
      const files = [...fetched].map((file) => ({ file, gzipBytes: gzipSync(readFileSync(path.join(dist, file))).length }));
      const sum = (ext: string) => files.filter((f) => f.file.endsWith(ext)).reduce((total, f) => total + f.gzipBytes, 0);
      reports.push({ host: `${label} (${hostname})`, eager, files, jsGzipBytes: sum('.js'), cssGzipBytes: sum('.css') });
    }
    return reports;
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printBundleReport(reports: readonly BundleReport[]): void {
  for (const report of reports) printOne(report);
}

function printOne(report: BundleReport): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`\n## Landing page (/) on a ${report.host} host: every JS and CSS file Chromium fetched, gzipped`);
  for (const file of report.files) console.log(`  ${report.eager.includes(file.file) ? 'eager' : 'lazy '}  ${file.file}  ${kb(file.gzipBytes)}`);
  console.log(`  JavaScript: ${kb(report.jsGzipBytes)} (budget ${kb(BUDGET_JS_BYTES)}) ${report.jsGzipBytes <= BUDGET_JS_BYTES ? 'within budget' : 'OVER BUDGET'}`);
  console.log(`  CSS: ${kb(report.cssGzipBytes)}`);
}
