import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { devApiTarget } from './build-plugins/dev-api-target.ts';
import { precompress } from './build-plugins/precompress.ts';
import { routePreloads } from './build-plugins/route-preloads.ts';

const apiTarget = devApiTarget(process.env);

export default defineConfig({
  plugins: [
    // Drops react-aria's strings for every locale but en-US (a large share of its weight).
    { ...optimizeLocales.vite({ locales: ['en-US'] }), enforce: 'pre' },
    react(),
    vanillaExtractPlugin(),
    // route-preloads.json: the files each public page loads on demand, for the server to preload.
    routePreloads({ routesModule: fileURLToPath(new URL('./src/app/routes.tsx', import.meta.url)) }),
    // `.br` and `.gz` next to every text file over 1 KB, served by the server as they are.
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // zod's builders are pure calls: with the domain package declared free of side effects (its
      // package.json), what a page does not use of it (schemas, machines, samples) is dropped.
      treeshake: { manualPureFunctions: ['z', 'lineText', 'multilineText', 'optionalText'], propertyReadSideEffects: false },
      output: {
        codeSplitting: {
          groups: [
            // What the main bundle imports: one file instead of a dozen (each costs a round trip).
            { name: 'main', tags: ['$initial'], priority: 3 },
            // The API stack (TanStack Query, tRPC, superjson and our wrappers): one file for the pages that call the API.
            { name: 'api', test: /node_modules[\\/](@tanstack|@trpc|superjson|copy-anything|is-what)[\\/]|src[\\/]lib[\\/](api|api-errors|trpc|page-data)\.tsx?$/, priority: 2 },
          ],
        },
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
