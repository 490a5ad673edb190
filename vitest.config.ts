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
    projects: ['packages/domain', 'apps/web', ...serverProjects],
  },
});
