/**
 * A Knowledge Library resource's download count as a decide/evolve machine: each press of
 * Download counts once (the count is a tally of presses, not of people), and an unknown resource
 * is refused. Fetching the file itself changes nothing: a GET only serves it.
 *
 * | state   | command       | events          | next            |
 * |---------|---------------|-----------------|-----------------|
 * | absent  | CountDownload | NOT_FOUND       | absent          |
 * | listed  | CountDownload | DownloadCounted | downloads + 1   |
 */
import { z } from 'zod';
import { accept, reject, type Decision } from '../shared/decision.ts';
import { communityErrors } from './community.machines.ts';

export type ResourceDownloadState = { readonly status: 'absent' } | { readonly status: 'listed'; readonly downloads: number };
export const initialResourceDownloads: ResourceDownloadState = { status: 'absent' };

export interface CountDownloadCommand {
  readonly kind: 'CountDownload';
  readonly resourceId: string;
  readonly userId: string;
}

export const resourceDownloadEventSchema = z.object({ type: z.literal('DownloadCounted'), resourceId: z.string().min(1), userId: z.string().min(1) });
export type ResourceDownloadEvent = Readonly<z.output<typeof resourceDownloadEventSchema>>;

export function decideResourceDownload(state: ResourceDownloadState, command: CountDownloadCommand): Decision<ResourceDownloadEvent> {
  if (state.status === 'absent') return reject('NOT_FOUND', communityErrors.resourceNotFound);
  return accept({ type: 'DownloadCounted', resourceId: command.resourceId, userId: command.userId });
}

/** A count only exists for a listed resource; an event for an absent one is a history that cannot be. */
export function evolveResourceDownload(state: ResourceDownloadState, _event: ResourceDownloadEvent): ResourceDownloadState {
  if (state.status === 'absent') throw new Error('evolveResourceDownload: a download counted for an absent resource');
  return { status: 'listed', downloads: state.downloads + 1 };
}
