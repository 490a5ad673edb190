import { calendarDateInZone, practiceSettingsMessages, practiceSettingsSchema, type CalendarDate, type PracticeSettings, type PriceCurrency } from '@wellspring/domain';
import { practiceSettingsCommands } from '../practice/practice-settings.commands.ts';
import { practitionerProcedure, router } from './trpc.ts';

/** Settings › Practice (issue 25): the practice's name, time zone and currency; and those as every screen reads them. */
export const practiceSettingsRouter = router({
  get: practitionerProcedure.query(({ ctx }): Promise<PracticeSettings> => ctx.practice.settings.read()),

  /**
   * What the screens need of the practice to show dates and money (the web's `usePractice`): its
   * zone, today in that zone, and its currency — a row, not the schedule's whole week.
   */
  current: practitionerProcedure.query(async ({ ctx }): Promise<{ timeZone: string; today: CalendarDate; currency: PriceCurrency }> => {
    const { currency } = await ctx.practice.settings.read();
    return { timeZone: ctx.scope.timeZone, today: calendarDateInZone(ctx.scope.now, ctx.scope.timeZone), currency };
  }),

  /** Saves the three through the practice settings machine; online booking's copy of the zone and currency follows. */
  save: practitionerProcedure.input(practiceSettingsSchema).mutation(async ({ ctx, input }): Promise<{ settings: PracticeSettings; message: string }> => {
    await ctx.command(practiceSettingsCommands(ctx.scope), ctx.scope.practiceId, { kind: 'SavePracticeSettings', settings: input });
    return { settings: input, message: practiceSettingsMessages.saved };
  }),
});
