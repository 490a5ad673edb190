/**
 * `npm run relay:requeue [-- <event id> ...]`: puts dead-lettered deliveries (all, or the ids given)
 * back in the queue, due now with a fresh round of attempts, and says how many.
 */
import { loadConfig } from '../config.ts';
import { requeueDeadDeliveries } from '../repositories/outbox.repository.ts';
import { runCliCommand } from '../db/cli-database.ts';

const ids = process.argv.slice(2).filter((arg) => arg !== '--');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const invalid = ids.filter((id) => !UUID.test(id));
if (invalid.length > 0) {
  process.stderr.write(`Not event ids: ${invalid.join(', ')}\nUsage: npm run relay:requeue [-- <event id> ...]\n`);
  process.exit(2);
}

await runCliCommand(loadConfig(), async ({ db, description }) => {
  const requeued = await requeueDeadDeliveries(db, ids.length > 0 ? ids.map((id) => id.toLowerCase()) : undefined);
  const noun = requeued.length === 1 ? 'delivery' : 'deliveries';
  process.stdout.write(`Re-queued ${requeued.length} dead-lettered ${noun} — ${description}\n`);
  for (const id of requeued) process.stdout.write(`  ${id}\n`);
  if (ids.length > requeued.length) {
    const missed = ids.filter((id) => !requeued.includes(id.toLowerCase()));
    process.stdout.write(`Not dead-lettered (left as they are): ${missed.join(', ')}\n`);
  }
  if (requeued.length > 0) process.stdout.write('A running server delivers them at its next poll; otherwise at the next start.\n');
});
