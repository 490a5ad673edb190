/**
 * Counting a press of a resource's Download on the command runner: the resource's row is locked,
 * the domain's download machine decides, the new count is written and a DownloadCounted event
 * appended. Serving the file (GET /api/community/resources/:id/download) writes nothing.
 */
import {
  decideResourceDownload,
  evolveResourceDownload,
  resourceDownloadEventSchema,
  type CountDownloadCommand,
  type ResourceDownloadEvent,
  type ResourceDownloadState,
} from '@wellspring/domain';
import type { CommandMachine } from '../commands/run-command.ts';
import { lockResourceDownloads, saveResourceDownloads } from './resources.repository.ts';

export const resourceDownloadCommands: CommandMachine<ResourceDownloadState, CountDownloadCommand, ResourceDownloadEvent> = {
  aggregateType: 'resource-download',
  eventSchema: resourceDownloadEventSchema,
  async load(tx, resourceId) {
    const downloads = await lockResourceDownloads(tx, resourceId);
    return downloads === null ? { status: 'absent' } : { status: 'listed', downloads };
  },
  decide: (state, command) => decideResourceDownload(state, command),
  evolve: evolveResourceDownload,
  async save(tx, { aggregateId, after }) {
    if (after.status === 'listed') await saveResourceDownloads(tx, aggregateId, after.downloads);
    return undefined;
  },
  toStoredEvent: (event) => ({ type: event.type, payload: { ...event } }),
};
