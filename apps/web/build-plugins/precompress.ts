import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface PrecompressOptions {
  /** File extensions to compress. */
  readonly extensions?: readonly string[];
  /** Files up to this size are left alone: compressing them gains next to nothing. */
  readonly minBytes?: number;
}

async function* filesIn(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const entryPath = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(entryPath);
    else if (entry.isFile()) yield entryPath;
  }
}

/** Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to each file. */
export async function precompressDir(dir: string, { extensions = ['.js', '.css', '.html', '.svg', '.json'], minBytes = 1024 }: PrecompressOptions = {}) {
  const jobs: Promise<void>[] = [];
  for await (const file of filesIn(dir)) {
    if (!extensions.includes(path.extname(file))) continue;
    jobs.push(
      (async () => {
        const content = await fs.readFile(file);
        if (content.length <= minBytes) return;
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      })(),
    );
  }
  await Promise.all(jobs);
}

/**
 * Precompresses the build output (public files included) so the server sends it compressed
 * without compressing per request (apps/server/src/http/static.ts picks the variant).
 */
export function precompress(options: PrecompressOptions = {}): Plugin {
  let outDir = '';
  return {
    name: 'wellspring:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir, options);
    },
  };
}
