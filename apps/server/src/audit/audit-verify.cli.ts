/**
 * `npm run audit:verify [-- --anchor [PRACTICE:]SEQUENCE:HASH] [-- --strict] [-- --skip-anchor-file] [-- --json]`:
 * walks every audit chain — the legacy segment, then each practice's chain (record 0039) — recomputing
 * every hash and checking every entry's HMAC seal with the key
 * (AUDIT_HMAC_KEY, AUDIT_HMAC_KEY_FILE, or DATA_DIR/audit-hmac.key — the same the server uses) and
 * every anchor in the anchor file (AUDIT_ANCHOR_FILE, default DATA_DIR/audit-anchors.jsonl). Reports
 * the first broken link, naming the practice whose chain broke (exit 1), or that every chain is intact
 * (exit 0) with each chain's last entry — anchors worth keeping elsewhere, to check later with `--anchor`
 * (docs/decisions/0015-audit-log.md, 0030-audit-hmac-seal.md). Entries at the end not sealed yet
 * pass for 5 minutes (the server seals every second); `--strict` fails on any.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { runCliCommand } from '../db/cli-database.ts';
import { readAnchorFile, toChainAnchor, type AnchorFile } from './audit-anchors.ts';
import { AuditKeyError, loadAuditKey, type AuditKey } from './audit-key.ts';
import { DEFAULT_UNSEALED_GRACE_MS, verifyAuditChain, type AuditChainAnchor, type AuditChainBreakReason } from './audit-log.ts';

const { values } = parseArgs({
  options: {
    anchor: { type: 'string' },
    json: { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
    'skip-anchor-file': { type: 'boolean', default: false },
  },
});

const EXPLANATIONS: Record<AuditChainBreakReason, string> = {
  hash_mismatch: 'its content does not match its hash (the entry was altered)',
  prev_hash_mismatch: 'it does not link to the entry before it (an earlier entry was rewritten)',
  gap: 'entries before it are missing (deleted)',
  truncated_tail: 'the chain head records more entries than the table holds (entries at the end were deleted)',
  head_mismatch: 'it is not the last entry the chain head recorded, or lies beyond it (it was replaced, or forged)',
  head_missing: "the practice's chain head is gone though its chain has entries (the head was deleted)",
  anchor_mismatch: 'it does not carry the anchored hash (the chain was rewritten since the anchor was taken)',
  anchor_invalid: 'the anchor for it was not made with this key (a forged anchor, or another key)',
  seal_mismatch:
    'its seal is not the HMAC of its hash under the key (this entry or one before it was rewritten and the hashes recomputed — or the key is not the one that sealed)',
  seal_missing: 'it has no seal though later entries do (its seal was deleted)',
  seal_orphaned: 'a seal is left whose entry is gone (entries were deleted; the number is the global sequence it sealed)',
  unsealed: 'it has waited for its seal longer than the grace period (the sealer is not running, or its seals were deleted)',
};

/** `PRACTICE:SEQUENCE:HASH` (a practice's chain) or `SEQUENCE:HASH` (the legacy segment). */
function parseAnchor(text: string | undefined): AuditChainAnchor | undefined {
  if (text === undefined) return undefined;
  const match = /^(?:(.+):)?(\d{1,19}):([0-9a-fA-F]{64})$/.exec(text.trim());
  if (!match?.[2] || !match[3]) {
    process.stderr.write('audit:verify: --anchor wants PRACTICE:SEQUENCE:HASH (or SEQUENCE:HASH for the legacy segment), as printed by a previous run\n');
    process.exit(2);
  }
  return { practiceId: match[1] ?? null, sequence: BigInt(match[2]), hash: match[3].toLowerCase() };
}

const chainName = (practiceId: string | null | undefined): string => (practiceId == null ? 'the legacy chain (before per-practice chains)' : `practice ${practiceId}'s chain`);
const anchorText = (practiceId: string | null, sequence: bigint, hash: string): string => `${practiceId === null ? '' : `${practiceId}:`}${sequence}:${hash}`;
/** Chains listed one per line in the text report; more are in --json. */
const LISTED_HEADS = 20;

const anchor = parseAnchor(values.anchor);
const config = loadConfig();

let auditKey: AuditKey;
try {
  auditKey = await loadAuditKey(config.audit, { create: false, production: config.production });
} catch (error) {
  if (!(error instanceof AuditKeyError)) throw error;
  process.stderr.write(`audit:verify: ${error.message}\n`);
  process.exit(1);
}
const anchorFile: AnchorFile | null = values['skip-anchor-file'] ? null : await readAnchorFile(config.audit.anchorFile);

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

await runCliCommand(
  config,
  async ({ db, description }) => {
    const report = await verifyAuditChain(db, {
      key: auditKey.key,
      ...(anchor ? { anchor } : {}),
      anchors: anchorFile?.anchors.map(toChainAnchor) ?? [],
      requireSealed: values.strict,
    });
    const anchorNote = values['skip-anchor-file']
      ? 'Anchor file not checked (--skip-anchor-file)'
      : anchorFile === null
        ? `No anchor file at ${config.audit.anchorFile}: no anchors checked`
        : `Anchors: ${anchorFile.anchors.length} from ${config.audit.anchorFile}` +
          (anchorFile.anchors.at(-1) ? ` (the last #${anchorFile.anchors.at(-1)?.sequence} at ${anchorFile.anchors.at(-1)?.at.toISOString()})` : '') +
          (anchorFile.badLines.length > 0 ? `; lines that are no anchor, skipped: ${anchorFile.badLines.join(', ')}` : '');
    if (values.json) {
      const json = { database: description, key: auditKey.source, anchorFile: values['skip-anchor-file'] ? null : config.audit.anchorFile, anchorsChecked: anchorFile?.anchors.length ?? 0, ...report };
      process.stdout.write(`${JSON.stringify(json, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2)}\n`);
    } else if (report.ok) {
      const lines = [`Audit chains intact: ${report.entries} entries in ${report.chains} practice chains and the legacy chain — ${description}`];
      const seals = report.seals;
      if (seals) {
        lines.push(
          `Seals: ${seals.sealed} entries sealed, every seal checks out with the key from ${auditKey.source}` +
            (seals.unsealed > 0 && seals.firstUnsealed !== null && seals.oldestUnsealedAgeMs !== null
              ? `; the last ${seals.unsealed} not sealed yet (the oldest #${seals.firstUnsealed.sequence} of ${chainName(seals.firstUnsealed.practiceId)}, ${seconds(seals.oldestUnsealedAgeMs)} old; allowed for ${seconds(DEFAULT_UNSEALED_GRACE_MS)})`
              : ''),
        );
      }
      lines.push(anchorNote);
      const ends = report.heads.filter((head) => head.last !== null);
      if (ends.length > 0) {
        lines.push('Last entries (keep them outside the database; check one later with npm run audit:verify -- --anchor PRACTICE:SEQUENCE:HASH):');
        for (const head of ends.slice(0, LISTED_HEADS)) {
          if (head.last) lines.push(`  ${anchorText(head.practiceId, head.last.sequence, head.last.hash)}  (${chainName(head.practiceId)}, ${head.entries} entries)`);
        }
        if (ends.length > LISTED_HEADS) lines.push(`  … and ${ends.length - LISTED_HEADS} more chains (all of them with --json)`);
      }
      process.stdout.write(`${lines.join('\n')}\n`);
    } else {
      const { practiceId, sequence, id, reason, missingFrom } = report.brokenAt;
      const missing = reason === 'gap' && missingFrom !== undefined ? ` (entries #${missingFrom}–#${sequence - 1n} missing)` : '';
      const where = reason === 'seal_orphaned' ? 'a seal' : chainName(practiceId);
      process.stdout.write(
        `Audit chain BROKEN: ${where}, at entry #${sequence} (${id ?? 'missing'}): ${reason}${missing} — ${EXPLANATIONS[reason]}\n` +
          `${report.entries} entries before it check out — ${description}\n${anchorNote}\n`,
      );
    }
    if (!report.ok) process.exitCode = 1;
  },
  { name: 'audit:verify', tables: 'audit' },
);
