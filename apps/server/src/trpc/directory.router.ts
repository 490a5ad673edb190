import { directorySearchSchema, type DirectorySearchResult } from '@wellspring/domain';
import { readCacheKey } from '../cache/read-cache.ts';
import { searchDirectory } from '../repositories/directory.repository.ts';
import { publicProcedure, router } from './trpc.ts';

export const directoryRouter = router({
  /** Filters, sorts and pages the directory (packages/domain/src/directory/directory.schema.ts); cached until the directory changes. */
  search: publicProcedure
    .input(directorySearchSchema)
    .query(({ ctx, input }): Promise<DirectorySearchResult> => ctx.directoryCache.read(readCacheKey('directory.search', input), () => searchDirectory(ctx.db, input))),
});
