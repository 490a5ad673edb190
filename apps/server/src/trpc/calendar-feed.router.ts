/**
 * Calendar sync (issue 24): the practice's private calendar feed, as the Online booking settings
 * screen manages it. `status` shows the current link (derived again, never stored); `enable`
 * creates one, `regenerate` replaces it (the old link answers 404 at once), `disable` turns the
 * feed off, `setShowsNames` is the explicit opt-in to patients' names in the feed. All through the
 * calendar feed machine; the feed itself is `GET /calendar/<token>.ics` (http/calendar-feed.ts).
 */
import { calendarFeedShowsNamesSchema, type CalendarFeedCommand, type CalendarFeedStatus } from '@wellspring/domain';
import type { LinkTokens } from '../auth/link-tokens.ts';
import type { ServerConfig } from '../config.ts';
import { calendarFeedCommands } from '../practice/calendar-feed.commands.ts';
import { calendarFeedStatus } from '../practice/calendar-feed.ts';
import type { PracticeRepositories } from '../practice/practice-repositories.ts';
import type { PracticeScope } from '../practice/practice-scope.ts';
import { practitionerProcedure, router, type PracticeCommandRunner } from './trpc.ts';

export const calendarFeedRouter = router({
  /** Whether the practice has a feed, its link, and whether it shows patients' names. */
  status: practitionerProcedure.query(async ({ ctx }): Promise<CalendarFeedStatus> => {
    const state = await ctx.practice.calendarFeed.state();
    return calendarFeedStatus(state, ctx.scope.practiceId, ctx.links, ctx.config.relay.publicUrl);
  }),

  /** Creates the feed's link (a no-op when there is one). */
  enable: practitionerProcedure.mutation(({ ctx }) => change(ctx, { kind: 'EnableCalendarFeed' })),

  /** A new link; the old one stops working at once. */
  regenerate: practitionerProcedure.mutation(({ ctx }) => change(ctx, { kind: 'RegenerateCalendarFeed' })),

  /** Turns the feed off: its link answers 404. */
  disable: practitionerProcedure.mutation(({ ctx }) => change(ctx, { kind: 'DisableCalendarFeed' })),

  /** Shows (or stops showing) patients' names in the feed. */
  setShowsNames: practitionerProcedure.input(calendarFeedShowsNamesSchema).mutation(({ ctx, input }) => change(ctx, { kind: 'SetCalendarFeedShowsNames', showsNames: input.showsNames })),
});

/** What a feed change needs of its practice call. */
interface FeedCall {
  readonly scope: PracticeScope;
  readonly practice: PracticeRepositories;
  readonly command: PracticeCommandRunner;
  readonly links: LinkTokens;
  readonly config: ServerConfig;
}

/** Runs one command of the feed's machine and answers the status it leaves. */
async function change(ctx: FeedCall, command: CalendarFeedCommand): Promise<CalendarFeedStatus> {
  await ctx.command(calendarFeedCommands(ctx.scope, ctx.links), ctx.scope.practiceId, command);
  const state = await ctx.practice.calendarFeed.state();
  return calendarFeedStatus(state, ctx.scope.practiceId, ctx.links, ctx.config.relay.publicUrl);
}
