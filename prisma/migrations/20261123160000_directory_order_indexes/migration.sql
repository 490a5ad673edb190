-- Hand-written (Prisma cannot express covering columns, a key in another collation or a partial
-- index); read with apps/server/src/repositories/directory.repository.ts
-- (docs/decisions/0007-directory-search-indexes.md, "Searches with neither text nor place").
-- A search with neither text nor place (the /search page's first load, a specialty or an experience
-- band alone) reads its page in its order from one of these narrow indexes and stops there, and
-- counts its matches with an index-only scan of one of them, instead of reading every practitioner
-- row. Each covers every column such a search reads; the keys are its two orders, ending with the id
-- in byte order as every directory order does. The predicate is always true (a bit set is never
-- negative); the statements that read these indexes state it.
CREATE INDEX "practitioner_rating_order_idx" ON "practitioner" ("rating" DESC, "review_count" DESC, ("id" COLLATE "C"))
  INCLUDE ("id", "specialty_mask", "years_experience")
  WHERE "specialty_mask" >= 0;

CREATE INDEX "practitioner_experience_order_idx" ON "practitioner" ("years_experience" DESC, "rating" DESC, ("id" COLLATE "C"))
  INCLUDE ("id", "specialty_mask", "review_count")
  WHERE "specialty_mask" >= 0;
