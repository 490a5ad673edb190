import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.WELLSPRING_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    // Drops react-aria's strings for every locale but en-US (a large share of its weight).
    { ...optimizeLocales.vite({ locales: ['en-US'] }), enforce: 'pre' },
    react(),
    vanillaExtractPlugin(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // The domain package is pure (no I/O, no module-level effects) and zod's builders are pure
      // calls, so what a page does not use of the domain (schemas, machines, samples) is dropped.
      treeshake: {
        moduleSideEffects: (id: string) => (id.includes('/packages/domain/src/') ? false : undefined),
        manualPureFunctions: ['z'],
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
});
