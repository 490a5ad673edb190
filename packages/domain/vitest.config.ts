import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'domain',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/**/*.testkit.ts'],
      reporter: ['text-summary', 'text'],
      reportsDirectory: './coverage',
      thresholds: { lines: 95 },
    },
  },
});
