import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { siteRoutePatterns } from '@wellspring/domain';
import { describe, expect, it } from 'vitest';
import { parsePageModules, routePreloadsOf } from './route-preloads.ts';

const routesModule = path.resolve(import.meta.dirname, '../src/app/routes.tsx');

describe('route preloads', () => {
  it('read every public page of the route table, each a route the server knows and a module that exists', () => {
    const pages = parsePageModules(readFileSync(routesModule, 'utf8'));
    expect([...pages.keys()]).toEqual(expect.arrayContaining(['/about', '/search', '/practitioners/:id', '/diagnostic', '/for-practitioners', '/privacy', '/terms']));
    const known: ReadonlySet<string> = new Set(siteRoutePatterns);
    for (const [pattern, module] of pages) {
      expect(known.has(pattern), pattern).toBe(true);
      expect(existsSync(path.resolve(path.dirname(routesModule), module)), module).toBe(true);
    }
  });

  it('refuse a routes module without the table, rather than preloading nothing unnoticed', () => {
    expect(() => parsePageModules("const pages = { '/about': () => import('./about.tsx') };")).toThrow(/publicPageModules/);
  });

  it('read the table however it is laid out: entries over several lines, comments, a `satisfies`', () => {
    const source = [
      'const publicPageModules = {',
      '  // the about page',
      "  '/about': () =>",
      "    import(",
      "      './about.page.tsx'",
      '    ),',
      "  \"/terms\": () => import(\"./terms.page.tsx\"), '/search': () => import('./search.page.tsx'),",
      '} satisfies Record<string, () => Promise<unknown>>;',
    ].join('\n');
    expect(parsePageModules(source)).toEqual(new Map([['/about', './about.page.tsx'], ['/terms', './terms.page.tsx'], ['/search', './search.page.tsx']]));
  });

  it('refuse an entry that is not a page module loaded on demand, rather than dropping it', () => {
    expect(() => parsePageModules("const publicPageModules = { '/about': () => import('./about.tsx'), '/terms': termsPage };")).toThrow(/'\/terms': termsPage/);
  });

  it('name the page chunk and what it imports, less what the main bundle already loads, with their stylesheets', () => {
    const chunks = new Map(
      [
        { fileName: 'assets/index.js', imports: ['assets/react.js'], css: ['assets/index.css'] },
        { fileName: 'assets/react.js', imports: [], css: [] },
        { fileName: 'assets/about.page.js', imports: ['assets/react.js', 'assets/card.js'], css: ['assets/about.css'] },
        { fileName: 'assets/card.js', imports: ['assets/react.js'], css: ['assets/card.css'] },
      ].map((chunk) => [chunk.fileName, chunk] as const),
    );
    expect(routePreloadsOf(new Map([['/about', 'assets/about.page.js']]), 'assets/index.js', chunks)).toEqual({
      '/about': { js: ['/assets/about.page.js', '/assets/card.js'], css: ['/assets/about.css', '/assets/card.css'] },
    });
  });
});
