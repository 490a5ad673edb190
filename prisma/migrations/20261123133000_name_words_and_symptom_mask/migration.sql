-- Hand-written (Prisma cannot express generated columns, expression indexes or covering GiST).
-- docs/decisions/0007-directory-search-indexes.md, "Names and the symptom bit set".

-- 1. Names are indexed word for word ('simple'), not through the English dictionary, which drops
--    stop words: "Will", "Don" or "Can" could not be found as a first name. Specialties and bios keep
--    English stemming. A query word matches either form (directory.repository.ts). The generated
--    column is re-created so that every row is recomputed, and the two indexes that read it with it.
DROP INDEX "practitioner_position_idx";
DROP INDEX "practitioner_search_document_idx";
ALTER TABLE "practitioner" DROP COLUMN "search_document";

CREATE OR REPLACE FUNCTION practitioner_search_document(name TEXT, specialties TEXT[], short_bio TEXT, about TEXT)
RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, coalesce(name, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, replace(coalesce(array_to_string(specialties, ' '), ''), '_', ' ')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(short_bio, '')), 'C')
      || setweight(to_tsvector('english'::regconfig, coalesce(about, '')), 'D')
$$;

ALTER TABLE "practitioner" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (practitioner_search_document("name", "specialties", "short_bio", "about")) STORED;
CREATE INDEX "practitioner_search_document_idx" ON "practitioner" USING GIN ("search_document");

-- 2. The quiz's symptom vocabulary as a bit set: bit i for the i-th word of the domain's
--    quizSymptomVocabulary (packages/domain/src/quiz/quiz.questions.ts, same order, checked by
--    apps/server/test/quiz.int.test.ts). The shared-symptom count of a practitioner is then one
--    AND and a bit count instead of one array search per quiz symptom. Words outside the vocabulary
--    set no bit: the quiz only ever asks for vocabulary words.
CREATE FUNCTION practitioner_symptom_mask(symptoms TEXT[])
RETURNS INTEGER
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(bit_or(1 << (vocabulary.position::int - 1)), 0)::int
  FROM unnest(ARRAY['bloating', 'indigestion', 'food sensitivities', 'chronic pain', 'back pain', 'headaches', 'migraines',
    'anxiety', 'stress', 'insomnia', 'fatigue', 'hormonal imbalance', 'eczema', 'allergies', 'brain fog', 'frequent colds',
    'low immunity', 'joint pain', 'inflammation', 'weight management'])
    WITH ORDINALITY AS vocabulary(symptom, position)
  WHERE vocabulary.symptom = ANY(symptoms)
$$;

-- AlterTable (hand-edited: Prisma declares the column with a dbgenerated default, it is a generated column)
ALTER TABLE "practitioner" ADD COLUMN "symptom_mask" INTEGER NOT NULL GENERATED ALWAYS AS (practitioner_symptom_mask("common_symptoms_normalized")) STORED;

-- 3. The covering indexes, again: search reads the new document; the quiz reads the bit set, and
--    bounds a practitioner's shared symptoms by the vocabulary words they have (the bit count),
--    tighter than their whole symptom count, and narrower to cover than the symptom array.
CREATE INDEX "practitioner_position_idx" ON "practitioner" USING GIST (point("lng", "lat"))
  INCLUDE ("lat", "lng", "specialty_mask", "years_experience", "rating", "review_count", "id", "search_document");
DROP INDEX "practitioner_quiz_idx";
CREATE INDEX "practitioner_quiz_idx" ON "practitioner" ("specialty_mask", bit_count("symptom_mask"::bit(32)))
  INCLUDE ("symptom_mask", "rating", "id");
