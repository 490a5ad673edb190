// Citations of our own docs point somewhere real (issue 28). Comments cite a rule as
// `docs/product.md#anchor` or `docs/architecture.md#anchor`; Markdown files also link
// `[text](product.md#anchor)`. This check fails (exit 1, listing file:line) when the cited file or its
// anchor is missing, and on any citation of the documents that are not in the repository (the old
// "SPEC §n", "DESIGN §n" and STYLE.md references). Anchors are the explicit `<a id="…"></a>` of the
// scheme docs/product.md describes, or, for docs without them (performance.md), GitHub's heading slugs.
// Run by `npm run lint`; `node scripts/check-citations.mjs` alone prints what it checked.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|css|md|sql|prisma|ya?ml|json|html|sh)$/;
const SKIPPED = [/(^|\/)package-lock\.json$/, /(^|\/)generated\//];
/** These two scripts name the old citation forms on purpose. */
const SELF = new Set(['scripts/check-citations.mjs', 'scripts/check-citations.test.mjs']);

// The old forms: "SPEC §2", "SPEC.md §5", "DESIGN §8", "DESIGN.md", "STYLE.md" (split so this file does not match).
const OLD_CITATION = new RegExp(['\\bSPEC(\\.md)? ?§', '\\bDESIGN(\\.md)? ?§', '\\b(SPEC|DESIGN|STYLE)\\.md\\b'].join('|'));
/** `docs/…/x.md#anchor` written from the repository root, anywhere. */
const ROOT_CITATION = /(?<![\w./-])(docs\/[\w./-]+\.md)#([\w-]+)/g;
/** `](x.md#anchor)` or `](#anchor)` in Markdown, relative to the file. */
const MARKDOWN_LINK = /\]\(((?![a-z]+:)[^)\s#]*)#([^)\s]+)\)/g;

/** GitHub's slug of a heading: lower case, punctuation dropped, each space a hyphen. */
export function headingSlug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown text defines: explicit `<a id>`s, and its headings' slugs. */
export function anchorsOf(markdown) {
  const anchors = new Set();
  for (const match of markdown.matchAll(/<a\s+(?:id|name)=["']([^"']+)["']/g)) anchors.add(match[1]);
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1].replace(/`/g, ''));
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/**
 * Problems in `files` (paths relative to `root`), each `{ file, line, message }`.
 * `readText(path)` reads a file relative to the root (a seam for the test).
 */
export function checkCitations({ root, files }) {
  const anchorCache = new Map();
  const anchorsIn = (target) => {
    if (!anchorCache.has(target)) {
      const path = join(root, target);
      anchorCache.set(target, existsSync(path) ? anchorsOf(readFileSync(path, 'utf8')) : null);
    }
    return anchorCache.get(target);
  };
  const problems = [];
  const checkTarget = (file, line, target, anchor, written) => {
    const anchors = anchorsIn(target);
    if (anchors === null) problems.push({ file, line, message: `${written}: no file ${target}` });
    else if (!anchors.has(anchor)) problems.push({ file, line, message: `${written}: ${target} has no anchor "${anchor}"` });
  };

  for (const file of files) {
    if (SELF.has(file) || !TEXT_FILE.test(file) || SKIPPED.some((pattern) => pattern.test(file))) continue;
    const path = join(root, file);
    if (!existsSync(path)) continue;
    const lines = readFileSync(path, 'utf8').split('\n');
    const isMarkdown = file.endsWith('.md');
    lines.forEach((text, index) => {
      const line = index + 1;
      const checked = new Set();
      const old = OLD_CITATION.exec(text);
      if (old) problems.push({ file, line, message: `"${old[0]}" cites a document outside the repository: cite docs/product.md#… or docs/architecture.md#…` });
      for (const match of text.matchAll(ROOT_CITATION)) {
        const target = normalize(match[1]);
        checked.add(`${target}#${match[2]}`);
        checkTarget(file, line, target, match[2], match[0]);
      }
      if (!isMarkdown) return;
      for (const match of text.matchAll(MARKDOWN_LINK)) {
        const [written, linkPath, anchor] = match;
        if (linkPath !== '' && !linkPath.endsWith('.md')) continue;
        const target = linkPath === '' ? file : normalize(join(dirname(file), linkPath));
        if (checked.has(`${target}#${anchor}`)) continue; // a root-relative citation, checked above
        checkTarget(file, line, target, decodeURIComponent(anchor), written);
      }
    });
  }
  return problems;
}

/** Tracked files, and new ones git does not ignore. */
function repositoryFiles(root) {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return [...new Set(out.split('\0').filter(Boolean))];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const files = repositoryFiles(root);
  const problems = checkCitations({ root, files });
  for (const { file, line, message } of problems) console.error(`${relative(process.cwd(), join(root, file))}:${line}: ${message}`);
  if (problems.length > 0) {
    console.error(`check-citations: ${problems.length} broken citation${problems.length === 1 ? '' : 's'}`);
    process.exit(1);
  }
  console.log(`check-citations: every citation in ${files.length} files points to an existing anchor`);
}
