import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One `vitest run` runs every package. The server's integration suite runs once on the embedded
// PostgreSQL and, when TEST_DATABASE_URL is set (CI), once more on that real server.
const serverProjects = [
  { extends: './apps/server/vitest.config.ts', test: { name: 'server:embedded', env: { WELLSPRING_TEST_DB: 'embedded' } } },
  ...(process.env.TEST_DATABASE_URL
    ? [{ extends: './apps/server/vitest.config.ts', test: { name: 'server:postgres', env: { WELLSPRING_TEST_DB: 'external' } } }]
    : []),
];

export default defineConfig({
  test: {
    // Vitest's default (one worker fewer than the cores) leaves a 2-core CI machine running one file
    // at a time: the tests wait on I/O and timers as much as on the CPU, so two share it well.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: ['packages/domain', 'apps/web', ...serverProjects],
  },
});
