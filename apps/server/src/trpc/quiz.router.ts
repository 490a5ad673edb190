import { quizMatchSchema, type QuizMatchResult } from '@wellspring/domain';
import { readCacheKey } from '../cache/read-cache.ts';
import { matchPractitionersInDatabase } from '../repositories/quiz.repository.ts';
import { publicProcedure, router } from './trpc.ts';

export const quizRouter = router({
  /** Recommended approaches and the top 3 practitioners of the whole directory (docs/product.md#quiz); cached until the directory changes. */
  match: publicProcedure
    .input(quizMatchSchema)
    .query(({ ctx, input }): Promise<QuizMatchResult> =>
      // The answer set, not its order, decides the match: one entry per set.
      ctx.directoryCache.read(readCacheKey('quiz.match', [...new Set(input.answers)].sort()), () => matchPractitionersInDatabase(ctx.db, input.answers)),
    ),
});
