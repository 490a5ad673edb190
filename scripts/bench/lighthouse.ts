// Lighthouse (mobile) on `/` of a production host (DESIGN §8: performance ≥ 95, accessibility 100),
// in Debian's Chromium, against the built app served by the real server on the embedded database.
// Lighthouse's default mobile settings (simulated slow 4G, 4x CPU slowdown); the median of RUNS runs,
// as Lighthouse's own guidance advises for a score that varies from run to run.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath, PRODUCTION_HOSTNAME, startServer, stopServer, waitForHealthy } from './lib.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const PORT = 3295;
const URL_UNDER_TEST = `http://${PRODUCTION_HOSTNAME}:${PORT}/`;
const BUDGET = { performance: 95, accessibility: 100 } as const;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

interface LighthouseRun {
  readonly performance: number;
  readonly accessibility: number;
  /** Metric id → milliseconds (layout shift: unitless). */
  readonly metrics: Readonly<Record<(typeof METRICS)[number], number>>;
  /** Accessibility audits that did not pass, by title. */
  readonly accessibilityFailures: readonly string[];
}

export interface LighthouseReport {
  readonly url: string;
  readonly runs: readonly LighthouseRun[];
  readonly lighthouseVersion: string;
  readonly benchmarkIndex: number;
}

const score = (value: number | null | undefined): number => Math.round((value ?? 0) * 100);

export async function measureLighthouse(): Promise<LighthouseReport> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wellspring-bench-lighthouse-'));
  const server = startServer({ DATA_DIR: dataDir, PORT: String(PORT), EMBEDDED_PG_PORT: '54397', DATABASE_URL: '' });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    await waitForHealthy(`http://localhost:${PORT}`, 120_000);
    const runs: LighthouseRun[] = [];
    let lighthouseVersion = '';
    let benchmarkIndex = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(URL_UNDER_TEST, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
      if (!result) throw new Error('Lighthouse returned no result');
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      lighthouseVersion = lhr.lighthouseVersion;
      benchmarkIndex = lhr.environment.benchmarkIndex;
      const accessibility = lhr.categories.accessibility;
      runs.push({
        performance: score(lhr.categories.performance?.score),
        accessibility: score(accessibility?.score),
        metrics: Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.numericValue ?? NaN])) as LighthouseRun['metrics'],
        accessibilityFailures: (accessibility?.auditRefs ?? [])
          .map((ref) => lhr.audits[ref.id])
          .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
          .map((audit) => audit?.title ?? ''),
      });
    }
    return { url: URL_UNDER_TEST, runs, lighthouseVersion, benchmarkIndex };
  } finally {
    chrome.kill();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};

export function printLighthouseReport(report: LighthouseReport): void {
  const performance = median(report.runs.map((run) => run.performance));
  const accessibility = median(report.runs.map((run) => run.accessibility));
  const verdict = (value: number, budget: number) => (value >= budget ? 'within budget' : 'UNDER BUDGET');
  console.log(`\n## Lighthouse ${report.lighthouseVersion} (mobile) on ${report.url} (production host), median of ${report.runs.length} runs`);
  console.log(`  host benchmark index ${report.benchmarkIndex}`);
  console.log(`  performance   ${performance} (runs ${report.runs.map((run) => run.performance).join(', ')}; budget ≥ ${BUDGET.performance}) ${verdict(performance, BUDGET.performance)}`);
  console.log(`  accessibility ${accessibility} (runs ${report.runs.map((run) => run.accessibility).join(', ')}; budget ${BUDGET.accessibility}) ${verdict(accessibility, BUDGET.accessibility)}`);
  for (const id of METRICS) {
    const value = median(report.runs.map((run) => run.metrics[id]));
    console.log(`  ${id.padEnd(26)} ${id === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value)} ms`}`);
  }
  const failures = [...new Set(report.runs.flatMap((run) => run.accessibilityFailures))];
  for (const failure of failures) console.log(`  accessibility audit not passed: ${failure}`);
}
