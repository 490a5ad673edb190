// Lighthouse (mobile) on the public pages (docs/architecture.md#budgets: performance ≥ 95, accessibility 100 on each;
// layout shift under 0.1), in Debian's Chromium, against the built app served by the real server
// on the embedded database. Lighthouse's default mobile settings (simulated slow 4G, 4x CPU
// slowdown); per page the median of RUNS runs, as Lighthouse's own guidance advises for a score that
// varies from run to run. The runs go round the pages in turn, so a burst of load from other work on
// the machine spreads over all of them instead of sinking one.
//
// `/` is measured on a production host (it is the only page one serves, docs/product.md#host-policy). The other pages
// exist only on local and preview hosts, so they are measured on a preview host: another loopback
// address, named in PREVIEW_DOMAIN, that the server treats like any deployed non-production host.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath, PRODUCTION_HOSTNAME, startServer, stopServer, waitForHealthy } from './lib.ts';

/** Runs per page (BENCH_LIGHTHOUSE_RUNS); each takes ~10–30 s, so 3 keeps a full run near five minutes. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const PORT = 3295;
/** A loopback address the server is told is a preview host (PREVIEW_DOMAIN): it serves every page. */
const PREVIEW_HOSTNAME = '127.0.0.3';
const BUDGET = { performance: 95, accessibility: 100, cumulativeLayoutShift: 0.1 } as const;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

/** The public pages of issue 16's budget, and the host each is measured on. */
const PAGES: readonly { readonly path: string; readonly host: 'production' | 'preview' }[] = [
  { path: '/', host: 'production' },
  { path: '/about', host: 'preview' },
  { path: '/search', host: 'preview' },
  { path: '/practitioners/1', host: 'preview' },
  { path: '/diagnostic', host: 'preview' },
  { path: '/for-practitioners', host: 'preview' },
];

/** BENCH_LIGHTHOUSE_PAGES=/about,/search measures only those pages. */
const pagesToMeasure = (): typeof PAGES => {
  const wanted = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim()).filter(Boolean);
  if (!wanted || wanted.length === 0) return PAGES;
  const unknown = wanted.filter((page) => !PAGES.some((known) => known.path === page));
  if (unknown.length > 0) throw new Error(`BENCH_LIGHTHOUSE_PAGES: no such page ${unknown.join(', ')} (pages: ${PAGES.map((page) => page.path).join(', ')})`);
  return PAGES.filter((page) => wanted.includes(page.path));
};

interface LighthouseRun {
  readonly performance: number;
  readonly accessibility: number;
  /** Metric id → milliseconds (layout shift: unitless). */
  readonly metrics: Readonly<Record<(typeof METRICS)[number], number>>;
  /** Accessibility audits that did not pass: their title and the elements they name. */
  readonly accessibilityFailures: readonly string[];
}

interface LighthousePageReport {
  readonly url: string;
  readonly host: 'production' | 'preview';
  readonly runs: readonly LighthouseRun[];
}

export interface LighthouseReport {
  readonly pages: readonly LighthousePageReport[];
  readonly runsPerPage: number;
  readonly lighthouseVersion: string;
  readonly benchmarkIndex: number;
  /** The machine's 1-minute load average when the runs began and when they ended. */
  readonly loadAverage: { readonly start: number; readonly end: number };
  readonly cores: number;
}

const score = (value: number | null | undefined): number => Math.round((value ?? 0) * 100);

/** The elements an audit's table names (selectors), for a failed accessibility audit. */
function failedNodes(details: unknown): string[] {
  if (typeof details !== 'object' || details === null || !('items' in details) || !Array.isArray(details.items)) return [];
  return details.items.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null || !('node' in item)) return [];
    const node = item.node as { selector?: string; snippet?: string } | undefined;
    return node?.selector ?? node?.snippet ?? [];
  });
}

/** Attempts per run: on a loaded machine Chromium now and then records a trace Lighthouse cannot read (NO_NAVSTART). */
const ATTEMPTS = 3;

async function runLighthouse(url: string, port: number) {
  let lastError = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    lastError = `${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
  }
  throw new Error(`Lighthouse on ${url}, ${ATTEMPTS} attempts: ${lastError}`);
}

export async function measureLighthouse(): Promise<LighthouseReport> {
  const pages = pagesToMeasure();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wellspring-bench-lighthouse-'));
  const server = startServer({ DATA_DIR: dataDir, PORT: String(PORT), EMBEDDED_PG_PORT: '54397', DATABASE_URL: '', PREVIEW_DOMAIN: PREVIEW_HOSTNAME });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    await waitForHealthy(`http://localhost:${PORT}`, 120_000);
    const urls = pages.map(({ path: pagePath, host }) => `http://${host === 'production' ? PRODUCTION_HOSTNAME : PREVIEW_HOSTNAME}:${PORT}${pagePath}`);
    const runs = pages.map((): LighthouseRun[] => []);
    let lighthouseVersion = '';
    let benchmarkIndex = 0;
    const loadAtStart = os.loadavg()[0] ?? NaN;
    for (let run = 0; run < RUNS; run += 1) {
      for (const [index, url] of urls.entries()) {
        const lhr = await runLighthouse(url, chrome.port);
        // A page that redirected (a production host sends every other path to `/`) is not the page asked for.
        if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}`);
        lighthouseVersion = lhr.lighthouseVersion;
        benchmarkIndex = lhr.environment.benchmarkIndex;
        const accessibility = lhr.categories.accessibility;
        runs[index]?.push({
          performance: score(lhr.categories.performance?.score),
          accessibility: score(accessibility?.score),
          metrics: Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.numericValue ?? NaN])) as LighthouseRun['metrics'],
          accessibilityFailures: (accessibility?.auditRefs ?? [])
            .map((ref) => lhr.audits[ref.id])
            .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
            .map((audit) => `${audit?.title ?? ''} (${failedNodes(audit?.details).join(', ')})`),
        });
      }
    }
    return {
      pages: pages.map((page, index) => ({ url: urls[index] ?? '', host: page.host, runs: runs[index] ?? [] })),
      runsPerPage: RUNS,
      lighthouseVersion,
      benchmarkIndex,
      loadAverage: { start: loadAtStart, end: os.loadavg()[0] ?? NaN },
      cores: os.cpus().length,
    };
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
  const within = (ok: boolean) => (ok ? '' : ' ✗');
  console.log(`\n## Lighthouse ${report.lighthouseVersion} (mobile) on the public pages, median of ${report.runsPerPage} runs each`);
  console.log(`  host benchmark index ${report.benchmarkIndex}; load average ${report.loadAverage.start.toFixed(2)} at the start, ${report.loadAverage.end.toFixed(2)} at the end (${report.cores} cores)`);
  console.log(`  budget: performance ≥ ${BUDGET.performance}, accessibility ${BUDGET.accessibility}, layout shift < ${BUDGET.cumulativeLayoutShift} (✗ marks a miss)\n`);
  console.log('| Page | Host | Performance (runs) | Accessibility | Layout shift | FCP | LCP | TBT |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const page of report.pages) {
    const performance = median(page.runs.map((run) => run.performance));
    const accessibility = median(page.runs.map((run) => run.accessibility));
    const metric = (id: (typeof METRICS)[number]) => median(page.runs.map((run) => run.metrics[id]));
    const shift = metric('cumulative-layout-shift');
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `| \`${new URL(page.url).pathname}\` | ${page.host} | ${performance}${within(performance >= BUDGET.performance)} (${page.runs.map((run) => run.performance).join(', ')}) ` +
        `| ${accessibility}${within(accessibility >= BUDGET.accessibility)} | ${shift.toFixed(3)}${within(shift < BUDGET.cumulativeLayoutShift)} ` +
        `| ${seconds(metric('first-contentful-paint'))} | ${seconds(metric('largest-contentful-paint'))} | ${Math.round(metric('total-blocking-time'))} ms |`,
    );
  }
  for (const page of report.pages) {
    const failures = [...new Set(page.runs.flatMap((run) => run.accessibilityFailures))];
    for (const failure of failures) console.log(`  ${new URL(page.url).pathname}: accessibility audit not passed: ${failure}`);
  }
}
