/**
 * `npm run audit:verify [-- --anchor SEQUENCE:HASH] [-- --json]`: walks the audit chain and reports
 * its first broken link (exit 1), or that it is intact (exit 0) with the last entry's sequence and
 * hash — an anchor worth keeping outside the database, to check later with `--anchor`
 * (docs/decisions/0015-audit-log.md).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { runCliCommand } from '../outbox/relay-cli-database.ts';
import { verifyAuditChain, type AuditChainAnchor, type AuditChainBreakReason } from './audit-log.ts';

const { values } = parseArgs({ options: { anchor: { type: 'string' }, json: { type: 'boolean', default: false } } });

const EXPLANATIONS: Record<AuditChainBreakReason, string> = {
  hash_mismatch: 'its content does not match its hash (the entry was altered)',
  prev_hash_mismatch: 'it does not link to the entry before it (an earlier entry was rewritten)',
  gap: 'entries before it are missing (deleted)',
  truncated_tail: 'the chain head records more entries than the table holds (entries at the end were deleted)',
  head_mismatch: 'it is not the last entry the chain head recorded (it was replaced)',
  anchor_mismatch: 'it does not carry the anchored hash (the chain was rewritten since the anchor was taken)',
};

function parseAnchor(text: string | undefined): AuditChainAnchor | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d{1,19}):([0-9a-fA-F]{64})$/.exec(text.trim());
  if (!match?.[1] || !match[2]) {
    process.stderr.write('audit:verify: --anchor wants SEQUENCE:HASH, as printed by a previous run (e.g. 1234:9f86d0…)\n');
    process.exit(2);
  }
  return { sequence: BigInt(match[1]), hash: match[2].toLowerCase() };
}

const anchor = parseAnchor(values.anchor);

await runCliCommand(
  loadConfig(),
  async ({ db, description }) => {
    const report = await verifyAuditChain(db, anchor ? { anchor } : {});
    if (values.json) {
      process.stdout.write(`${JSON.stringify({ database: description, ...report }, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2)}\n`);
    } else if (report.ok) {
      const lines = [`Audit chain intact: ${report.entries} entries — ${description}`];
      if (report.last) {
        lines.push(`Last entry: #${report.last.sequence} ${report.last.hash}`);
        lines.push(`Keep this anchor outside the database and check it later with: npm run audit:verify -- --anchor ${report.last.sequence}:${report.last.hash}`);
      }
      process.stdout.write(`${lines.join('\n')}\n`);
    } else {
      const { sequence, id, reason, missingFrom } = report.brokenAt;
      const missing = reason === 'gap' && missingFrom !== undefined ? ` (entries #${missingFrom}–#${sequence - 1n} missing)` : '';
      process.stdout.write(
        `Audit chain BROKEN at entry #${sequence} (${id ?? 'missing'}): ${reason}${missing} — ${EXPLANATIONS[reason]}\n` +
          `${report.entries} entries before it check out — ${description}\n`,
      );
    }
    if (!report.ok) process.exitCode = 1;
  },
  { name: 'audit:verify', tables: 'audit' },
);
