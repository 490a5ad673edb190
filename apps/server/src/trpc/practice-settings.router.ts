import { practiceSettingsMessages, practiceSettingsSchema, type PracticeSettings } from '@wellspring/domain';
import { practiceSettingsCommands } from '../practice/practice-settings.commands.ts';
import { practitionerProcedure, router } from './trpc.ts';

/** Settings › Practice (issue 25): the practice's name, time zone and currency. */
export const practiceSettingsRouter = router({
  get: practitionerProcedure.query(({ ctx }): Promise<PracticeSettings> => ctx.practice.settings.read()),

  /** Saves the three through the practice settings machine; online booking's copy of the zone and currency follows. */
  save: practitionerProcedure.input(practiceSettingsSchema).mutation(async ({ ctx, input }): Promise<{ settings: PracticeSettings; message: string }> => {
    await ctx.command(practiceSettingsCommands(ctx.scope), ctx.scope.practiceId, { kind: 'SavePracticeSettings', settings: input });
    return { settings: input, message: practiceSettingsMessages.saved };
  }),
});
