// The citation check on a small tree of its own: `node --test scripts/` (part of `npm run test:unit`).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { anchorsOf, checkCitations, headingSlug } from './check-citations.mjs';

const root = mkdtempSync(join(tmpdir(), 'check-citations-'));
after(() => rmSync(root, { recursive: true, force: true }));

function tree(files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return Object.keys(files);
}

const docs = {
  'docs/product.md': '# Rules\n\n<a id="booking-slots"></a>\n## Open times\n',
  'docs/performance.md': '# Results\n\n## Practice reads (issue 27: p95 ≤ 50 ms)\n',
};

test('a citation of an existing anchor passes, in code and as a Markdown link', () => {
  const files = tree({
    ...docs,
    'apps/a.ts': '/** Open times (docs/product.md#booking-slots). */\n',
    'docs/guide.md': 'See [open times](product.md#booking-slots) and [reads](performance.md#practice-reads-issue-27-p95--50-ms).\n',
    'README.md': 'See [reads](docs/performance.md#practice-reads-issue-27-p95--50-ms).\n',
  });
  assert.deepEqual(checkCitations({ root, files }), []);
});

test('a missing anchor or file fails with its file and line', () => {
  const files = tree({
    ...docs,
    'apps/b.ts': 'const x = 1;\n// docs/product.md#booking-slot\n// docs/nowhere.md#x\n',
    'docs/guide2.md': '[gone](product.md#gone)\n',
  });
  const problems = checkCitations({ root, files }).map(({ file, line }) => `${file}:${line}`);
  assert.deepEqual(problems, ['apps/b.ts:2', 'apps/b.ts:3', 'docs/guide2.md:1']);
});

test('a citation of the documents outside the repository fails', () => {
  const old = ['SPEC', 'DESIGN', 'STYLE'];
  const files = tree({
    'apps/c.ts': `// ${old[0]} §2 route table\n// ${old[1]}.md §4\n// ${old[2]}.md, bulletproof-react\n// fine\n`,
  });
  assert.deepEqual(
    checkCitations({ root, files }).map(({ line }) => line),
    [1, 2, 3],
  );
});

test('anchors are explicit ids and GitHub heading slugs, numbered when repeated', () => {
  assert.equal(headingSlug('Two servers, one database (issue 27)'), 'two-servers-one-database-issue-27');
  assert.deepEqual([...anchorsOf('<a id="x"></a>\n## A b\n## A b\n```\n# not a heading\n```\n')], ['x', 'a-b', 'a-b-1']);
});
