-- Hand-written (Prisma cannot express partial covering GiST indexes); read with
-- apps/server/src/repositories/directory.repository.ts (docs/decisions/0007-directory-search-indexes.md,
-- "One position index per specialty").
-- A search near a place with specialties reads, per asked specialty, only that specialty's
-- practitioners: the same covering GiST as practitioner_position_idx, restricted to one bit of
-- specialty_mask (bit i = the i-th specialty of the domain catalog, as in practitioner_specialty_mask).
-- PostgreSQL estimates every `point <@ box` at the same fixed selectivity, so it would see no reason
-- to prefer a per-specialty index over the index of everyone: that one becomes partial too, on a
-- predicate that is always true (`specialty_mask >= 0`) and that only searches without specialties
-- state, so each search has exactly one position index it can use.
DROP INDEX "practitioner_position_idx";
CREATE INDEX "practitioner_position_idx" ON "practitioner" USING GIST (point("lng", "lat"))
  INCLUDE ("lat", "lng", "specialty_mask", "years_experience", "rating", "review_count", "id", "search_document")
  WHERE "specialty_mask" >= 0;

CREATE INDEX "practitioner_position_naturopathy_idx" ON "practitioner" USING GIST (point("lng", "lat"))
  INCLUDE ("lat", "lng", "specialty_mask", "years_experience", "rating", "review_count", "id", "search_document")
  WHERE ("specialty_mask" & 1) <> 0;

CREATE INDEX "practitioner_position_acupuncture_idx" ON "practitioner" USING GIST (point("lng", "lat"))
  INCLUDE ("lat", "lng", "specialty_mask", "years_experience", "rating", "review_count", "id", "search_document")
  WHERE ("specialty_mask" & 2) <> 0;

CREATE INDEX "practitioner_position_ayurveda_idx" ON "practitioner" USING GIST (point("lng", "lat"))
  INCLUDE ("lat", "lng", "specialty_mask", "years_experience", "rating", "review_count", "id", "search_document")
  WHERE ("specialty_mask" & 4) <> 0;

CREATE INDEX "practitioner_position_functional_medicine_idx" ON "practitioner" USING GIST (point("lng", "lat"))
  INCLUDE ("lat", "lng", "specialty_mask", "years_experience", "rating", "review_count", "id", "search_document")
  WHERE ("specialty_mask" & 8) <> 0;

CREATE INDEX "practitioner_position_herbalism_idx" ON "practitioner" USING GIST (point("lng", "lat"))
  INCLUDE ("lat", "lng", "specialty_mask", "years_experience", "rating", "review_count", "id", "search_document")
  WHERE ("specialty_mask" & 16) <> 0;

CREATE INDEX "practitioner_position_homeopathy_idx" ON "practitioner" USING GIST (point("lng", "lat"))
  INCLUDE ("lat", "lng", "specialty_mask", "years_experience", "rating", "review_count", "id", "search_document")
  WHERE ("specialty_mask" & 32) <> 0;

CREATE INDEX "practitioner_position_nutrition_idx" ON "practitioner" USING GIST (point("lng", "lat"))
  INCLUDE ("lat", "lng", "specialty_mask", "years_experience", "rating", "review_count", "id", "search_document")
  WHERE ("specialty_mask" & 64) <> 0;
