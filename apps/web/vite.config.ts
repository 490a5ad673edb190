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
          // Lighthouse's slow 4G costs a round trip per file, so a page should fetch a few files, not
          // two dozen. Each module is in one chunk only (no copies), so module state is never doubled.
          groups: [
            // What the main bundle imports: one file instead of a dozen.
            { name: 'main', tags: ['$initial'], priority: 3 },
            // Every style the pages load on demand, in one stylesheet fetched once (record 0028). Order
            // in it follows the imports, components before the pages that restyle them.
            { name: 'styles', test: /\.vanilla\.css$/, priority: 3 },
            // The API stack (TanStack Query, tRPC, superjson and our wrappers): one file for the pages that call the API.
            { name: 'api', test: /node_modules[\\/](@tanstack|@trpc|superjson|copy-anything|is-what)[\\/]|src[\\/]lib[\\/](api|api-errors|trpc|page-data)\.tsx?$/, priority: 2 },
            // The small pieces the directory's pages share (a practitioner's card, labels, dates): about
            // 3 KB, one file instead of ten.
            {
              name: 'kit',
              test: /src[\\/]ui[\\/](avatar|badge|rating|empty-state)[\\/]|src[\\/]lib[\\/](clipboard|search-route)\.ts$|domain[\\/]src[\\/](catalog[\\/]specialties|shared[\\/](plural|lists|labels)|time[\\/]dates)\.ts$/,
              priority: 1,
            },
            // A text field and the react-aria form pieces under it.
            { name: 'text-field', test: /src[\\/]ui[\\/]text-field[\\/]/, priority: 1 },
            // A profile's tabs with the react-aria collection code under them (pages with lists, selects
            // or menus share it): one file instead of seven. Not the favorite button: its toggle state
            // is the landing page's checkbox's too, and would bring the landing page this whole file.
            { name: 'tabs', test: /src[\\/]ui[\\/]tabs[\\/]/, priority: 0 },
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
