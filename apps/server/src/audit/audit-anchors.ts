/**
 * The anchor file (docs/decisions/0030-audit-hmac-seal.md, 0039-per-practice-audit-chains.md): one
 * JSON line per chain per anchor the sealer took,
 * `{"practiceId":"…","sequence":"1234","hash":"…","mac":"…","at":"2026-11-27T12:00:00.000Z"}` — the
 * sealed head of that practice's audit chain at that time (`sequence` its chain sequence), kept
 * outside the database (and written to the log as well). A line without `practiceId` anchors the
 * legacy segment (the one chain across practices before per-practice chains; `sequence` global).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AuditChainAnchor } from './audit-log.ts';

export interface AuditAnchorRecord {
  /** null: the legacy segment. */
  readonly practiceId: string | null;
  readonly sequence: bigint;
  readonly hash: string;
  /** The entry's seal MAC: only a holder of the key can write an anchor that verifies. */
  readonly mac: string;
  readonly at: Date;
}

export function anchorLine(anchor: AuditAnchorRecord): string {
  const chain = anchor.practiceId === null ? {} : { practiceId: anchor.practiceId };
  return `${JSON.stringify({ ...chain, sequence: anchor.sequence.toString(), hash: anchor.hash, mac: anchor.mac, at: anchor.at.toISOString() })}\n`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One line of the file, or null when it is not an anchor (e.g. a line torn by a crash mid-write). */
function parseAnchorLine(line: string): AuditAnchorRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const { practiceId, sequence, hash, mac, at } = value;
  if (practiceId !== undefined && (typeof practiceId !== 'string' || practiceId === '')) return null;
  const sequenceText = typeof sequence === 'number' ? String(sequence) : sequence;
  if (typeof sequenceText !== 'string' || !/^[1-9]\d{0,18}$/.test(sequenceText)) return null;
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) return null;
  if (typeof mac !== 'string' || !/^[0-9a-f]{64}$/.test(mac)) return null;
  if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) return null;
  return { practiceId: practiceId ?? null, sequence: BigInt(sequenceText), hash, mac, at: new Date(at) };
}

export interface AnchorFile {
  readonly anchors: AuditAnchorRecord[];
  /** 1-based numbers of the non-empty lines that are not anchors. */
  readonly badLines: number[];
}

/** The anchors in `file`, in file order; null when there is no such file. */
export async function readAnchorFile(file: string): Promise<AnchorFile | null> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const anchors: AuditAnchorRecord[] = [];
  const badLines: number[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const anchor = parseAnchorLine(line);
    if (anchor) anchors.push(anchor);
    else badLines.push(index + 1);
  }
  return { anchors, badLines };
}

/** Appends the anchors (one line per chain) in one write. */
export async function appendAnchors(file: string, anchors: readonly AuditAnchorRecord[]): Promise<void> {
  if (anchors.length === 0) return;
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.appendFile(file, anchors.map(anchorLine).join(''), { mode: 0o600 });
}

export const toChainAnchor = (anchor: AuditAnchorRecord): AuditChainAnchor => ({ practiceId: anchor.practiceId, sequence: anchor.sequence, hash: anchor.hash, mac: anchor.mac });
