/**
 * `npm run relay:status [-- --limit N] [-- --json]`: the outbox's deliveries — how many are pending,
 * delivered and dead-lettered, and the most recent of each with attempts, next attempt and last error.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import {
  countDeliveriesByStatus,
  findRecentDeliveries,
  type DeliveryCount,
  type DeliveryRow,
  type DeliveryStatus,
} from '../repositories/outbox.repository.ts';
import { runCliCommand } from '../db/cli-database.ts';

const { values } = parseArgs({ options: { limit: { type: 'string', default: '20' }, json: { type: 'boolean', default: false } } });
const limit = Math.max(1, Number.parseInt(values.limit, 10) || 20);
const STATUSES: readonly DeliveryStatus[] = ['pending', 'delivered', 'dead'];
const HEADINGS: Record<DeliveryStatus, string> = { pending: 'Pending', delivered: 'Delivered', dead: 'Dead-lettered' };

const iso = (date: Date | null): string => (date ? date.toISOString() : '—');
const oneLine = (text: string | null, max = 80): string => {
  if (!text) return '—';
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: readonly string[]) => `  ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

function summary(counts: readonly DeliveryCount[]): string {
  return STATUSES.map((status) => {
    const ofStatus = counts.filter((count) => count.status === status);
    const total = ofStatus.reduce((sum, count) => sum + count.count, 0);
    const byType = ofStatus.map((count) => `${count.type} ${count.count}`).join(', ');
    return `  ${status.padEnd(10)} ${String(total).padStart(6)}${byType ? `   (${byType})` : ''}`;
  }).join('\n');
}

function section(status: DeliveryStatus, rows: readonly DeliveryRow[]): string {
  const heading = `${HEADINGS[status]} (most recent ${limit}):`;
  if (rows.length === 0) return `${heading}\n  none`;
  if (status === 'delivered') {
    return `${heading}\n${table(
      ['EVENT ID', 'TYPE', 'ATTEMPTS', 'QUEUED AT', 'DELIVERED AT'],
      rows.map((row) => [row.id, row.type, String(row.attempts), iso(row.occurredAt), iso(row.deliveredAt)]),
    )}`;
  }
  return `${heading}\n${table(
    ['EVENT ID', 'TYPE', 'ATTEMPTS', 'QUEUED AT', status === 'pending' ? 'NEXT ATTEMPT' : 'DEAD SINCE', 'LAST ERROR'],
    rows.map((row) => [
      row.id,
      row.type,
      String(row.attempts),
      iso(row.occurredAt),
      status === 'pending' ? (row.claimedUntil && row.claimedUntil > new Date() ? 'in progress' : iso(row.nextAttemptAt)) : iso(row.nextAttemptAt),
      oneLine(row.lastError),
    ]),
  )}`;
}

await runCliCommand(loadConfig(), async ({ db, description }) => {
  const counts = await countDeliveriesByStatus(db);
  const recent = Object.fromEntries(await Promise.all(STATUSES.map(async (status) => [status, await findRecentDeliveries(db, status, limit)] as const))) as Record<
    DeliveryStatus,
    DeliveryRow[]
  >;
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ database: description, counts, recent }, null, 2)}\n`);
    return;
  }
  const out = [
    `Outbox deliveries — ${description}`,
    '',
    summary(counts),
    '',
    section('pending', recent.pending),
    '',
    section('dead', recent.dead),
    '',
    section('delivered', recent.delivered),
  ];
  if (recent.dead.length > 0) out.push('', 'Re-queue dead letters with: npm run relay:requeue  (or: npm run relay:requeue -- <event id> ...)');
  process.stdout.write(`${out.join('\n')}\n`);
});
