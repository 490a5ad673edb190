import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build-plugins/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // A few tests run a fake clock that follows real time (shouldAdvanceTime); when CI's 2 cores stall
    // for seconds, that clock can jump past a 3 s screen. One retry on CI; a retried test is reported.
    retry: process.env.CI ? 1 : 0,
  },
});
