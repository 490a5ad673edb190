import { directorySearchSchema, type DirectorySearchResult } from '@wellspring/domain';
import { searchDirectory } from '../repositories/directory.repository.ts';
import { publicProcedure, router } from './trpc.ts';

export const directoryRouter = router({
  /** Filters, sorts and pages the directory (packages/domain/src/directory/directory.schema.ts). */
  search: publicProcedure.input(directorySearchSchema).query(({ ctx, input }): Promise<DirectorySearchResult> => searchDirectory(ctx.db, input)),
});
