import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Written next to index.html: route pattern → the files its page needs beyond the main bundle. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export interface RoutePreloads {
  /** Module scripts (`/assets/…js`) to preload, the page's chunk first. */
  readonly js: readonly string[];
  /** The stylesheets those chunks bring. */
  readonly css: readonly string[];
}

/**
 * The `'pattern': () => import('module')` lines of the route table's `publicPageModules`
 * (src/app/routes.tsx), as pattern → module path relative to that file.
 */
export function parsePageModules(source: string): Map<string, string> {
  const table = /const publicPageModules = \{([\s\S]*?)\n\}/.exec(source)?.[1];
  if (table === undefined) throw new Error('route-preloads: no `const publicPageModules = {` table in the routes module');
  const entries = [...table.matchAll(/'([^']+)':\s*\(\)\s*=>\s*import\('([^']+)'\)/g)].map((match) => [match[1] ?? '', match[2] ?? ''] as const);
  if (entries.length === 0) throw new Error('route-preloads: the publicPageModules table has no `\'pattern\': () => import(\'module\')` entry');
  return new Map(entries);
}

interface ChunkLike {
  readonly fileName: string;
  readonly imports: readonly string[];
  readonly css: readonly string[];
}

/** `fileName` and every chunk it imports statically, transitively, each once, in the order met. */
export function staticClosure(fileName: string, chunks: ReadonlyMap<string, ChunkLike>): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
  };
  visit(fileName);
  return [...seen];
}

/** What each page needs beyond what index.html already loads (the entry and its static imports). */
export function routePreloadsOf(pages: ReadonlyMap<string, string>, entryFile: string, chunks: ReadonlyMap<string, ChunkLike>): Record<string, RoutePreloads> {
  const eager = new Set(staticClosure(entryFile, chunks));
  const preloads: Record<string, RoutePreloads> = {};
  for (const [pattern, pageFile] of pages) {
    const files = staticClosure(pageFile, chunks).filter((file) => !eager.has(file));
    const css = [...new Set(files.flatMap((file) => chunks.get(file)?.css ?? []))];
    preloads[pattern] = { js: files.map((file) => `/${file}`), css: css.map((file) => `/${file}`) };
  }
  return preloads;
}

/**
 * Lists, for each public page loaded on demand, the chunks and stylesheets it needs, so the server
 * can name them in that page's HTML (`<link rel="modulepreload">`): the browser then fetches the
 * page's code together with the main bundle, not only once the main bundle has run and asked for it.
 */
export function routePreloads({ routesModule }: { routesModule: string }): Plugin {
  let pageModules = new Map<string, string>();
  return {
    name: 'wellspring:route-preloads',
    apply: 'build',
    async buildStart() {
      const source = await fs.readFile(routesModule, 'utf8');
      pageModules = new Map([...parsePageModules(source)].map(([pattern, relative]) => [pattern, path.resolve(path.dirname(routesModule), relative)]));
    },
    // After Vite's own CSS step, which drops the chunks that held only styles (the shared stylesheet's).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = new Map<string, ChunkLike>();
        let entryFile: string | undefined;
        const pageFiles = new Map<string, string>();
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          chunks.set(output.fileName, { fileName: output.fileName, imports: output.imports, css: [...(output.viteMetadata?.importedCss ?? [])] });
          if (output.isEntry) entryFile = output.fileName;
          for (const [pattern, moduleId] of pageModules) if (output.facadeModuleId === moduleId) pageFiles.set(pattern, output.fileName);
        }
        if (entryFile === undefined) this.error('route-preloads: the build has no entry chunk');
        const missing = [...pageModules.keys()].filter((pattern) => !pageFiles.has(pattern));
        if (missing.length > 0) this.error(`route-preloads: no chunk of its own for ${missing.join(', ')} (is the page still loaded on demand?)`);
        this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(routePreloadsOf(pageFiles, entryFile, chunks), null, 2)}\n` });
      },
    },
  };
}
