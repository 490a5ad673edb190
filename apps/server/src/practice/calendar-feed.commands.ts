/**
 * A practice's calendar feed on the command runner (calendar sync, issue 24), decided by the
 * domain's calendar feed machine. The aggregate is the practice: `load` locks its row. `save` keeps
 * the feed's three columns; the token itself is never stored, only the SHA-256 of the one derived
 * for the new generation (auth/link-tokens.ts), so the previous link stops working in the same commit.
 */
import {
  calendarFeedEventSchema,
  decideCalendarFeed,
  evolveCalendarFeed,
  type CalendarFeedCommand,
  type CalendarFeedEvent,
  type CalendarFeedState,
} from '@wellspring/domain';
import type { LinkTokens } from '../auth/link-tokens.ts';
import type { CommandMachine } from '../commands/run-command.ts';
import type { PracticeScope } from './practice-scope.ts';

export function calendarFeedCommands(scope: PracticeScope, links: LinkTokens): CommandMachine<CalendarFeedState, CalendarFeedCommand, CalendarFeedEvent> {
  return {
    aggregateType: 'calendar_feed',
    eventSchema: calendarFeedEventSchema,
    async load(tx) {
      const [row] = await tx.$queryRaw<{ enabled: boolean; generation: number; shows_names: boolean }[]>`
        SELECT calendar_feed_token_hash IS NOT NULL AS enabled, calendar_feed_generation AS generation, calendar_feed_shows_names AS shows_names
        FROM practice WHERE id = ${scope.practiceId} FOR UPDATE`;
      return { enabled: row?.enabled ?? false, generation: row?.generation ?? 0, showsNames: row?.shows_names ?? false };
    },
    decide: (state, command) => decideCalendarFeed(state, command),
    evolve: evolveCalendarFeed,
    async save(tx, { before, after }) {
      if (before.enabled === after.enabled && before.generation === after.generation && before.showsNames === after.showsNames) return undefined;
      const tokenHash = after.enabled ? new Uint8Array(links.hash(links.token('calendar-feed', scope.practiceId, after.generation))) : null;
      await tx.practice.update({
        where: { id: scope.practiceId },
        data: { calendarFeedTokenHash: tokenHash, calendarFeedGeneration: after.generation, calendarFeedShowsNames: after.showsNames },
        select: { id: true },
      });
      return undefined;
    },
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event } }),
  };
}
