import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;

const directorySpecs = ['about-and-for-practitioners', 'booking', 'community', 'contact', 'diagnostic', 'profile-editor', 'record-export', 'search'].map((name) => `**/${name}.spec.ts`);

// Browser tests drive Debian's Chromium against the production build served by the real server,
// on a fresh embedded database (scripts/e2e-server.mjs).
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Two browsers at once (files in parallel, a file's tests in order): the journeys wait on the
  // server, timers and animations more than on the CPU, so a 2-core machine runs two well.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry on CI so a single timing hiccup on a loaded 2-core machine does not sink a run; a retried
  // pass is still reported as "flaky" in the output.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      // The Playwright Docker image brings its own browser; our machines use Debian's.
      executablePath: process.env.PLAYWRIGHT_BUNDLED_CHROMIUM ? undefined : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    // The journeys that publish, list or count the public directory (and the community board) see
    // each other's listings: they run one at a time, beside the rest.
    { name: 'directory', testMatch: directorySpecs, workers: 1, use: { ...devices['Desktop Chrome'] } },
    { name: 'chromium', testIgnore: directorySpecs, use: { ...devices['Desktop Chrome'] } },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
