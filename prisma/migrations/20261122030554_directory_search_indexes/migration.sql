-- Hand-written (Prisma cannot express it): the practitioner's specialties as a bit set, bit i for the
-- i-th specialty of the domain's catalog (packages/domain/src/catalog/specialties.ts, same order,
-- checked by apps/server/test/directory.int.test.ts). Specialties outside the catalog set no bit:
-- searches and the quiz only ever ask for catalog specialties.
CREATE FUNCTION practitioner_specialty_mask(specialties TEXT[])
RETURNS SMALLINT
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(bit_or(1 << (catalog.position::int - 1)), 0)::smallint
  FROM unnest(ARRAY['naturopathy', 'acupuncture', 'ayurveda', 'functional_medicine', 'herbalism', 'homeopathy', 'nutrition'])
    WITH ORDINALITY AS catalog(specialty, position)
  WHERE catalog.specialty = ANY(specialties)
$$;

-- AlterTable (hand-edited: Prisma declares the column with a dbgenerated default, it is a generated column)
ALTER TABLE "practitioner" ADD COLUMN     "specialty_mask" SMALLINT NOT NULL GENERATED ALWAYS AS (practitioner_specialty_mask("specialties")) STORED;

-- Hand-written indexes, read with apps/server/src/repositories/{directory,quiz}.repository.ts
-- (docs/decisions/0007-directory-search-indexes.md).
-- Search with a location: the position box, covering every column the search filters and sorts on,
-- so a city's matches are read from a few index pages (an index-only scan) instead of one heap page each.
DROP INDEX "practitioner_position_idx";
CREATE INDEX "practitioner_position_idx" ON "practitioner" USING GIST (point("lng", "lat"))
  INCLUDE ("lat", "lng", "specialty_mask", "years_experience", "rating", "review_count", "id", "search_document");
-- Quiz match: one range per (specialty set, symptom count) bound, covering what the score needs.
DROP INDEX "practitioner_symptom_count_idx";
CREATE INDEX "practitioner_quiz_idx" ON "practitioner" ("specialty_mask", cardinality("common_symptoms_normalized"))
  INCLUDE ("common_symptoms_normalized", "rating", "id");
