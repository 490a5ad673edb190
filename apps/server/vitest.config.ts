import { defineConfig } from 'vitest/config';

// Integration tests (`*.int.test.ts`) run against a real PostgreSQL: the embedded one by default
// (WELLSPRING_TEST_DB=embedded) or TEST_DATABASE_URL (WELLSPRING_TEST_DB=external); see the root
// vitest.config.ts. Each test file gets its own database cloned from a migrated template.
export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'silent', NODE_ENV: 'test' },
  },
});
