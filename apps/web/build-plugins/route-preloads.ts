import fs from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** Written next to index.html: route pattern → the files its page needs beyond the main bundle. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export interface RoutePreloads {
  /** Module scripts (`/assets/…js`) to preload, the page's chunk first. */
  readonly js: readonly string[];
  /** The stylesheets those chunks bring. */
  readonly css: readonly string[];
}

/** The expression inside any `satisfies`, `as` or parentheses around it. */
function unwrapped(expression: ts.Expression): ts.Expression {
  let inner = expression;
  while (ts.isSatisfiesExpression(inner) || ts.isAsExpression(inner) || ts.isParenthesizedExpression(inner)) inner = inner.expression;
  return inner;
}

/** `'module'` of `() => import('module')`, or null for anything else. */
function importedModule(value: ts.Expression): string | null {
  const fn = unwrapped(value);
  if (!ts.isArrowFunction(fn) || fn.parameters.length > 0) return null;
  const body = ts.isBlock(fn.body) ? undefined : unwrapped(fn.body);
  if (body === undefined || !ts.isCallExpression(body) || body.expression.kind !== ts.SyntaxKind.ImportKeyword) return null;
  const [specifier] = body.arguments;
  return specifier !== undefined && ts.isStringLiteralLike(specifier) ? specifier.text : null;
}

/**
 * The route table's `publicPageModules` (src/app/routes.tsx), read with the TypeScript parser, as
 * pattern → module path relative to that file. Every entry must be `'pattern': () => import('module')`:
 * anything else is an error, so a page cannot drop out of the preloads unnoticed.
 */
export function parsePageModules(source: string, fileName = 'routes.tsx'): Map<string, string> {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const declaration = file.statements
    .filter(ts.isVariableStatement)
    .flatMap((statement) => [...statement.declarationList.declarations])
    .find((candidate) => ts.isIdentifier(candidate.name) && candidate.name.text === 'publicPageModules');
  const table = declaration?.initializer === undefined ? undefined : unwrapped(declaration.initializer);
  if (table === undefined || !ts.isObjectLiteralExpression(table)) {
    throw new Error(`route-preloads: no \`const publicPageModules = { … }\` table in ${fileName}`);
  }
  const pages = new Map<string, string>();
  for (const property of table.properties) {
    const pattern = ts.isPropertyAssignment(property) && (ts.isStringLiteralLike(property.name) || ts.isIdentifier(property.name)) ? property.name.text : undefined;
    const module = pattern === undefined || !ts.isPropertyAssignment(property) ? null : importedModule(property.initializer);
    if (pattern === undefined || module === null) {
      throw new Error(`route-preloads: publicPageModules entry \`${property.getText(file)}\` in ${fileName} is not \`'pattern': () => import('module')\``);
    }
    pages.set(pattern, module);
  }
  if (pages.size === 0) throw new Error(`route-preloads: the publicPageModules table in ${fileName} has no \`'pattern': () => import('module')\` entry`);
  return pages;
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
      pageModules = new Map([...parsePageModules(source, routesModule)].map(([pattern, relative]) => [pattern, path.resolve(path.dirname(routesModule), relative)]));
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
