// Codemod (issue 28): rewrites the old citations of documents that are not in the repository —
// "SPEC §n …", "DESIGN(.md) §n …", "STYLE.md …" — into citations of our own docs,
// `docs/product.md#anchor` or `docs/architecture.md#anchor`. Idempotent: a rewritten line has no old
// citation left, so a second run changes nothing.
//
//   node scripts/rewrite-citations.mjs            rewrite tracked files in place
//   node scripts/rewrite-citations.mjs --dry-run  print each change (file:line, before, after)
//
// The anchor of a citation comes from, in order: the section name written after it (`SPEC §2
// Schedule`, `SPEC §3 "Payment"`), which is then dropped; the section number when it says enough
// (§7.3, DESIGN §8); words on the line (`500 ms`, `host policy`); the file's path (`features/referrals/`).
// A citation none of these place is left alone and listed; `npm run lint` (scripts/check-citations.mjs)
// then fails on it until it is rewritten by hand or a rule is added here.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PRODUCT = 'docs/product.md';
const ARCHITECTURE = 'docs/architecture.md';
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|css|md|sql|prisma|ya?ml|json|html|sh)$/;
const SKIPPED = [/(^|\/)package-lock\.json$/, /(^|\/)generated\//, /^scripts\/(check|rewrite)-citations(\.test)?\.mjs$/];

/** Section names written after "SPEC §n" (bare or quoted), and the product anchor each names. */
const SPEC_NAMES = [
  ['host restriction', 'host-policy'],
  ['route table', 'routes'],
  ['Provider portal, Appointment form', 'portal-appointments'],
  ['Provider portal, Appointments', 'portal-appointments'],
  ['Provider portal "Settings"', 'portal'],
  ['Provider portal', 'portal'],
  ['New EHR Record', 'clinical-notes'],
  ['EHR Records', 'clinical-notes'],
  ['Record Payment', 'payments'],
  ['Schedule', 'schedule'],
  ['Patient list', 'patients'],
  ['Patient detail', 'patient-detail'],
  ['Community', 'community'],
  ['Members', 'members'],
  ['Events', 'events'],
  ['Forums', 'forums'],
  ['Resources (Knowledge Library)', 'resources'],
  ['Resources', 'resources'],
  ['Referral page', 'referrals'],
  ['Profile editor', 'profile-editor'],
  ['Practitioner profile', 'profile'],
  ['Diagnostic page', 'quiz'],
  ['Provider dashboard', 'dashboard'],
  ['Dashboard side menu', 'side-menu'],
  ['Waitlist form', 'waitlist'],
  ['/practitioner-waitlist', 'application'],
  ['referral form', 'referrals'],
  ['call 5', 'portal-appointments'],
  // Entities (quoted after "SPEC §3").
  ['Practitioner', 'directory'],
  ['Preview practitioner', 'landing'],
  ['Patient (detail)', 'patients'],
  ['Patient (list)', 'patients'],
  ['Patient record row', 'dashboard'],
  ['Dashboard appointment', 'dashboard'],
  ['Detail appointment', 'patient-detail'],
  ['Note', 'clinical-notes'],
  ['Payment', 'payments'],
  ['Portal appointment', 'portal-appointments'],
  ['Portal form fields', 'portal-appointments'],
  ['Referral code', 'referral-codes'],
  ['Referral', 'referrals'],
  ['Forum topic', 'forums'],
  ['Event', 'events'],
  ['Resource', 'resources'],
  ['Community member', 'members'],
  // States (quoted after "SPEC §4").
  ['Member connection', 'members'],
  ['Profile save', 'profile-editor'],
  ['Form defaults', null], // names a rule of several forms: the path decides
];

/** Section names written after "DESIGN §n" or "STYLE.md", and the anchor each names. */
const BUILD_NAMES = [
  ['Clinical text lives in its own table only', `${ARCHITECTURE}#clinical-text`],
  ['Replay, decide, append', `${ARCHITECTURE}#one-write-path`],
  ['host policy', `${PRODUCT}#host-policy`],
];

/** Sections whose number alone says enough. */
const BY_SECTION = {
  'SPEC 6': `${PRODUCT}#waitlist`,
  'SPEC 7.2': `${PRODUCT}#invite`,
  'SPEC 7.3': `${PRODUCT}#application`,
  'SPEC 7.4': `${PRODUCT}#portal-dashboard`,
  'DESIGN 1': `${PRODUCT}#what-is-stored`,
  'DESIGN 2': `${ARCHITECTURE}#stack`,
  'DESIGN 8': `${ARCHITECTURE}#budgets`,
};

/** Words on the line (with the file's path) for DESIGN §4, §5 and STYLE.md. */
const BUILD_BY_WORDS = [
  [/clinical text|events and the outbox hold ids/i, `${ARCHITECTURE}#clinical-text`],
  [/production host/, `${PRODUCT}#host-policy`],
  [/write path|run-command|change state|commands\//i, `${ARCHITECTURE}#one-write-path`],
  [/Replay|stored events/, `${ARCHITECTURE}#one-write-path`],
  [/outbox|relay|domain_event|at-least-once/i, `${ARCHITECTURE}#outbox`],
  [/audit/i, `${ARCHITECTURE}#audit`],
  [/logger|\blevel\b/, `${ARCHITECTURE}#logs`],
  [/bulletproof|layers/, `${ARCHITECTURE}#layers`],
  [/Medplum|factor/i, `${ARCHITECTURE}#tests`],
  [/cal\.com|Resource-scoped/, `${ARCHITECTURE}#api`],
];

/** Words on the line that name a product rule, whatever the file (checked before the path). */
const SPEC_BY_WORDS = [
  [/pre-launch landing/, 'landing'],
  [/500 ms|skeleton/, 'profile'],
  [/connectionStatus|Members tab|card status/, 'members'],
  [/resource type/, 'resources'],
  [/six categories|guidelines|last active/, 'forums'],
  [/detail screen|Recent Activity|Timeline tab/, 'patient-detail'],
  [/Age in whole years/, 'formats'],
  [/dashboard's patient records/, 'dashboard'],
  [/Start Session/, 'dashboard'],
  [/\$120|referral figures/, 'referrals'],
  [/three (codes|offers)|copied" indicator|"copied"|Share button copies|new-code form/, 'referral-codes'],
  [/Invite a friend/, 'invite'],
  [/One editor for both/, 'profile-editor'],
  [/\/search` "accepts|\/search gets a state|accepts a state with query/, 'directory'],
  [/nothing to show/, 'texts'],
  [/login prompt|log-out|Log Out/, 'accounts'],
  [/currenc/i, 'payments'],
  [/else Unknown/, 'texts'],
  [/preview directory/, 'landing'],
  [/Dates elsewhere|US short format|Formats of|'s patterns/, 'formats'],
  [/patient search/i, 'patients'],
  [/three codes/, 'referral-codes'],
  [/Site-wide rules/, 'routes'],
  [/years in practice/i, 'profile'],
  [/host restriction|production host|only `\/` is served/i, 'host-policy'],
  [/route table|routes?\b.*\bin one place|child routes/i, null], // left to the path (portal vs site)
  [/empty value/, 'forms'],
  [/only minimums|Upper limits/, 'free-text'],
  [/theme/i, 'theme'],
  [/scrolled|20 px/, 'header-and-footer'],
  [/menu closes/, 'header-and-footer'],
  [/Toasts?:|toasts visible|[Tt]oasts? .*4 ?s|4000 ms/, 'toasts'],
  [/pairs them/, 'toasts'],
];

/** Words on the line, when the path says nothing (checked after the path). */
const SPEC_BY_WEAK_WORDS = [
  [/soft-launch|soft launch/, 'community'],
  [/yearsExperience/, 'profile-editor'],
  [/card statuses/, 'members'],
  [/provider portal/i, 'portal'],
  [/webhook/i, 'application'],
  [/copied indicator|"Copied"/, 'referral-codes'],
  [/Dates? .*(US short|patterns)|"MMMM|Formats of/, 'formats'],
  [/\+ N more|\+N more/, 'formats'],
  [/minor units/, 'payments'],
  [/Audiences of the waitlist/, 'waitlist'],
];

/** The file's path, when the line says nothing more (first match wins). */
const SPEC_BY_PATH = [
  [/referral-code|referral-codes|referrals\.css/, 'referral-codes'],
  [/referral/, 'referrals'],
  [/members/, 'members'],
  [/events-tab/, 'events'],
  [/forums/, 'forums'],
  [/resources/, 'resources'],
  [/community/, 'community'],
  // Before /patient/: the patient waitlist's folder is features/patient-waitlist.
  [/application/, 'application'],
  [/invite/, 'invite'],
  [/waitlist/, 'waitlist'],
  [/health-record/, 'health-record'],
  [/patient-dates|format-date|date-formats|shared\/lists/, 'formats'],
  [/clinical-note|\/ehr\//, 'clinical-notes'],
  [/patient-(summary|overview|timeline|detail)|patient-dates/, 'patient-detail'],
  [/samples\/appointments|samples\/demo-practice|demo-practice\.seed|dashboard/, 'dashboard'],
  [/patient/, 'patients'],
  [/schedule|week-grid|time\/dates/, 'schedule'],
  [/portal-dashboard|portal\/dashboard/, 'portal-dashboard'],
  [/appointments\.page|appointments\.repository|appointments\.router|appointment-form/, 'portal-appointments'],
  [/appointment/, 'appointments'],
  [/portal/, 'portal'],
  [/payment|money/, 'payments'],
  [/invoice/, 'invoices'],
  [/side-menu/, 'side-menu'],
  [/login-prompt/, 'accounts'],
  [/quiz|diagnostic/, 'quiz'],
  [/profile-editor|practitioner-profile\.schema|profile\.router/, 'profile-editor'],
  [/features\/practitioners\/|practitioner-profile\.spec|practitioners\.router/, 'profile'],
  [/practitioner\.types|samples\/practitioners|db\/seed\.ts|specialties|search/, 'directory'],
  [/preview-practitioners|landing|directory-preview/, 'landing'],
  [/about/, 'about'],
  [/for-practitioners/, 'for-practitioners'],
  [/contact/, 'contact'],
  [/host-policy|sitemap/, 'host-policy'],
  [/routes\.tsx|site-routes/, 'routes'],
  [/header|use-scrolled/, 'header-and-footer'],
  [/toast/, 'toasts'],
  [/labels\.ts/, 'texts'],
  [/ui-kit|ui\/select/, 'forms'],
  [/text-limits/, 'free-text'],
  [/bench\/lighthouse/, 'host-policy'],
];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const nameAlternatives = (names) =>
  names
    .map(([name]) => name)
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');

const SECTION = '§ ?(\\d+(?:\\.\\d+)?)';
const EXTRA_NAMES = ['search', 'Quiz question', 'Referral / Referral code / Referral form'].map(escape).join('|');
const MORE_SECTIONS = `(?:\\s*(?:,|/|and)\\s*§ ?\\d+(?:\\.\\d+)?(?: (?:${EXTRA_NAMES}))?)*`;
const SPEC_CITATION = new RegExp(
  `\\bSPEC(?:\\.md)? ?${SECTION}(${MORE_SECTIONS})(?: (?:"(${nameAlternatives(SPEC_NAMES)})"|(${nameAlternatives(SPEC_NAMES)})(?![\\w-])))?(${MORE_SECTIONS})`,
  'g',
);
const DESIGN_CITATION = new RegExp(
  `\\bDESIGN(?:\\.md)? ?${SECTION}(${MORE_SECTIONS})(?: "?(${nameAlternatives(BUILD_NAMES)})"?)?`,
  'g',
);
const STYLE_CITATION = new RegExp(`\\bSTYLE\\.md(?: "(${nameAlternatives(BUILD_NAMES)})")?`, 'g');

function lookup(names, name) {
  return names.find(([candidate]) => candidate === name)?.[1];
}

function specAnchor(citation) {
  const anchor = placeSpec(citation);
  return anchor === null ? null : refine(anchor, citation.file);
}

function placeSpec({ section, name, line, file }) {
  if (name !== undefined) {
    const anchor = lookup(SPEC_NAMES, name);
    if (anchor) return `${PRODUCT}#${anchor}`;
  }
  if (BY_SECTION[`SPEC ${section}`]) return BY_SECTION[`SPEC ${section}`];
  for (const [words, anchor] of SPEC_BY_WORDS) {
    if (words.test(line)) {
      if (anchor === null) break;
      return `${PRODUCT}#${anchor}`;
    }
  }
  for (const [path, anchor] of SPEC_BY_PATH) if (path.test(file)) return `${PRODUCT}#${anchor}`;
  for (const [words, anchor] of SPEC_BY_WEAK_WORDS) if (words.test(line)) return `${PRODUCT}#${anchor}`;
  return null;
}

/** A broad anchor made precise by the file it is cited from. */
const REFINE_BY_PATH = {
  portal: [
    [/portal-dashboard|portal\/dashboard/, 'portal-dashboard'],
    [/payment/, 'payments'],
    [/appointment/, 'portal-appointments'],
    [/\/ehr\//, 'clinical-notes'],
  ],
  profile: [[/contact/, 'contact']],
  community: [
    [/members/, 'members'],
    [/events/, 'events'],
    [/forums/, 'forums'],
    [/resources/, 'resources'],
  ],
};

function refine(citation, file) {
  const [doc, anchor] = citation.split('#');
  const refined = (REFINE_BY_PATH[anchor] ?? []).find(([path]) => path.test(file));
  return refined ? `${doc}#${refined[1]}` : citation;
}

function buildAnchor({ kind, section, name, line, file }) {
  if (name !== undefined) return lookup(BUILD_NAMES, name);
  if (kind === 'DESIGN' && BY_SECTION[`DESIGN ${section}`]) return BY_SECTION[`DESIGN ${section}`];
  const context = `${file} ${line}`;
  for (const [words, anchor] of BUILD_BY_WORDS) if (words.test(context)) return anchor;
  if (kind === 'DESIGN' && section === '5') return `${ARCHITECTURE}#isolation`;
  return null;
}

/** The line with its old citations rewritten, and the ones left alone. */
export function rewriteLine(line, file) {
  const unplaced = [];
  let out = line.replace(SPEC_CITATION, (match, section, _more, quoted, bare) => {
    const anchor = specAnchor({ section, name: quoted ?? bare, line, file });
    if (anchor === null) {
      unplaced.push(match);
      return match;
    }
    return anchor;
  });
  out = out.replace(DESIGN_CITATION, (match, section, _more, name) => {
    const anchor = buildAnchor({ kind: 'DESIGN', section, name, line, file });
    if (anchor == null) {
      unplaced.push(match);
      return match;
    }
    return anchor;
  });
  out = out.replace(STYLE_CITATION, (match, name) => {
    const anchor = buildAnchor({ kind: 'STYLE', name, line, file });
    if (anchor == null) {
      unplaced.push(match);
      return match;
    }
    return anchor;
  });
  // "(DESIGN §4, STYLE.md …)" may name one anchor twice: keep one.
  out = out.replace(/(docs\/[\w./-]+\.md#[\w-]+)(?:(?:,| and| \/) \1)+(?![\w-])/g, '$1');
  return { line: out, unplaced };
}

function main() {
  const dryRun = process.argv.includes('--dry-run');
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && TEXT_FILE.test(file) && !SKIPPED.some((pattern) => pattern.test(file)));
  let changed = 0;
  const unplaced = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    if (!/SPEC|DESIGN|STYLE\.md/.test(text)) continue;
    const lines = text.split('\n');
    let fileChanged = false;
    lines.forEach((before, index) => {
      const result = rewriteLine(before, file);
      for (const match of result.unplaced) unplaced.push(`${file}:${index + 1}: ${match}`);
      if (result.line === before) return;
      changed += 1;
      fileChanged = true;
      lines[index] = result.line;
      if (dryRun) console.log(`${file}:${index + 1}\n  - ${before.trim()}\n  + ${result.line.trim()}`);
    });
    if (fileChanged && !dryRun) writeFileSync(join(root, file), lines.join('\n'));
  }
  console.log(`rewrite-citations: ${changed} line${changed === 1 ? '' : 's'} ${dryRun ? 'would change' : 'changed'}`);
  if (unplaced.length > 0) {
    console.log(`rewrite-citations: ${unplaced.length} citation(s) left alone (add a rule or rewrite by hand):`);
    for (const entry of unplaced) console.log(`  ${entry}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
