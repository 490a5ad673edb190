import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import { communityErrors } from './community.machines.ts';
import { decideResourceDownload, evolveResourceDownload, initialResourceDownloads, resourceDownloadEventSchema, type CountDownloadCommand } from './resource-download.machine.ts';

const count: CountDownloadCommand = { kind: 'CountDownload', resourceId: 'r1', userId: 'u1' };

describe('resource download machine', () => {
  it('counts every press of Download once', () => {
    const decision = decideResourceDownload({ status: 'listed', downloads: 41 }, count);
    expect(decision).toEqual({ ok: true, events: [{ type: 'DownloadCounted', resourceId: 'r1', userId: 'u1' }] });
    expect(evolveResourceDownload({ status: 'listed', downloads: 41 }, { type: 'DownloadCounted', resourceId: 'r1', userId: 'u1' })).toEqual({ status: 'listed', downloads: 42 });
  });

  it('refuses an unknown resource', () => {
    expect(decideResourceDownload(initialResourceDownloads, count)).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: communityErrors.resourceNotFound } });
  });

  it('obeys the machine laws', () => {
    checkMachineLaws({
      initial: { status: 'listed', downloads: 0 } as const,
      decide: (state, command: CountDownloadCommand) => decideResourceDownload(state, command),
      evolve: evolveResourceDownload,
      step: fc.record({ command: fc.constant(count), context: fc.constant(null) }),
      isValid: (state) => state.status === 'listed' && Number.isInteger(state.downloads) && state.downloads >= 0,
      eventSchema: resourceDownloadEventSchema,
    });
  });
});
