import { quizMatchSchema, type QuizMatchResult } from '@wellspring/domain';
import { matchPractitionersInDatabase } from '../repositories/quiz.repository.ts';
import { publicProcedure, router } from './trpc.ts';

export const quizRouter = router({
  /** Recommended approaches and the top 3 practitioners of the whole directory (SPEC §9). */
  match: publicProcedure.input(quizMatchSchema).query(({ ctx, input }): Promise<QuizMatchResult> => matchPractitionersInDatabase(ctx.db, input.answers)),
});
