// Gzipped JavaScript and CSS that the browser loads for `/` (budget: 120 KB of JavaScript).
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.ts';

export interface BundleReport {
  readonly jsGzipBytes: number;
  readonly cssGzipBytes: number;
  readonly files: readonly { file: string; gzipBytes: number }[];
}

const BUDGET_JS_BYTES = 120 * 1024;

export function measureLandingBundle(): BundleReport {
  const dist = path.join(root, 'apps', 'web', 'dist');
  const indexPath = path.join(dist, 'index.html');
  if (!existsSync(indexPath)) throw new Error('apps/web/dist is missing: run `npm run build` first');
  const html = readFileSync(indexPath, 'utf8');
  // Everything index.html loads eagerly: entry scripts, modulepreloads and stylesheets.
  const urls = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');
  const files = [...new Set(urls)].map((url) => ({
    file: url,
    gzipBytes: gzipSync(readFileSync(path.join(dist, url))).length,
  }));
  const sum = (ext: string) => files.filter((f) => f.file.endsWith(ext)).reduce((total, f) => total + f.gzipBytes, 0);
  return { jsGzipBytes: sum('.js'), cssGzipBytes: sum('.css'), files };
}

export function printBundleReport(report: BundleReport): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('\n## Landing page (/) payload, gzipped');
  for (const file of report.files) console.log(`  ${file.file}  ${kb(file.gzipBytes)}`);
  console.log(`  JavaScript: ${kb(report.jsGzipBytes)} (budget ${kb(BUDGET_JS_BYTES)}) ${report.jsGzipBytes <= BUDGET_JS_BYTES ? 'within budget' : 'OVER BUDGET'}`);
  console.log(`  CSS: ${kb(report.cssGzipBytes)}`);
}
