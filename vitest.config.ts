import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// One `vitest run` runs every package. The server's integration suite runs once on the embedded
// PostgreSQL and, when TEST_DATABASE_URL is set (CI), once more on that real server — all but the
// router-wide fuzz: it probes every procedure's input handling over HTTP (≈2 minutes, the longest
// file by far), which does not depend on which PostgreSQL answers, so it runs on the embedded one only.
// So does the cluster test (two real server processes on one database, ≈30 s; record 0040): the
// embedded PostgreSQL is a real server all the same, and CI's time is short.
const serverProjects = [
  { extends: './apps/server/vitest.config.ts', test: { name: 'server:embedded', env: { WELLSPRING_TEST_DB: 'embedded' } } },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          extends: './apps/server/vitest.config.ts',
          test: { name: 'server:postgres', env: { WELLSPRING_TEST_DB: 'external' }, exclude: [...configDefaults.exclude, '**/router-fuzz.int.test.ts', '**/cluster.int.test.ts'] },
        },
      ]
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
