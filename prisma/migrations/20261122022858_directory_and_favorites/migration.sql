-- Hand-written (Prisma cannot express it): trigram matching for the directory's location filter.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Hand-written: the directory's full-text document of a practitioner. Name first, then specialties
-- (keys read as words: functional_medicine -> "functional medicine"), then the bios. IMMUTABLE so a
-- generated column can use it (array_to_string is only STABLE in general, for text[] it is not).
CREATE FUNCTION practitioner_search_document(name TEXT, specialties TEXT[], short_bio TEXT, about TEXT)
RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, replace(coalesce(array_to_string(specialties, ' '), ''), '_', ' ')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(short_bio, '')), 'C')
      || setweight(to_tsvector('english'::regconfig, coalesce(about, '')), 'D')
$$;

-- CreateTable
CREATE TABLE "practitioner" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "profile_image" TEXT,
    "specialties" TEXT[],
    "location" TEXT NOT NULL,
    "lat" DOUBLE PRECISION NOT NULL,
    "lng" DOUBLE PRECISION NOT NULL,
    "years_experience" INTEGER NOT NULL,
    "short_bio" TEXT NOT NULL,
    "about" TEXT NOT NULL,
    "education" TEXT[],
    "certifications" TEXT[],
    "accepts_insurance" BOOLEAN NOT NULL,
    "insurance_list" TEXT[],
    "review_count" INTEGER NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "testimonials" JSONB NOT NULL,
    "treatment_approaches" TEXT[],
    "questions_prompts" TEXT[],
    "common_symptoms" TEXT[],
    "common_symptoms_normalized" TEXT[],
    "conditions_treated" TEXT[],
    "referrals" JSONB,
    "physician_referrals" JSONB,
    "licensures" JSONB,
    "awards" JSONB,
    -- Hand-written: Prisma declares the column (Unsupported("tsvector")) but cannot say it is generated.
    "search_document" tsvector GENERATED ALWAYS AS (practitioner_search_document("name", "specialties", "short_bio", "about")) STORED,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "practitioner_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "favorite" (
    "user_id" UUID NOT NULL,
    "practitioner_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "favorite_pkey" PRIMARY KEY ("user_id","practitioner_id")
);

-- CreateIndex
CREATE INDEX "practitioner_specialties_idx" ON "practitioner" USING GIN ("specialties");

-- CreateIndex
CREATE INDEX "favorite_practitioner_id_idx" ON "favorite"("practitioner_id");

-- AddForeignKey
ALTER TABLE "favorite" ADD CONSTRAINT "favorite_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "favorite" ADD CONSTRAINT "favorite_practitioner_id_fkey" FOREIGN KEY ("practitioner_id") REFERENCES "practitioner"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written indexes (Prisma cannot express them), read with apps/server/src/repositories/directory.repository.ts.
-- Text search: the full-text document.
CREATE INDEX "practitioner_search_document_idx" ON "practitioner" USING GIN ("search_document");
-- Distance: a bounding box around the searcher, then the exact great-circle distance.
CREATE INDEX "practitioner_position_idx" ON "practitioner" USING GIST (point("lng", "lat"));
-- An unknown location text: case-insensitive substring of "City, ST".
CREATE INDEX "practitioner_location_trgm_idx" ON "practitioner" USING GIN ("location" gin_trgm_ops);
-- Quiz match: practitioners whose symptom count can still reach the bar (quiz.repository.ts).
CREATE INDEX "practitioner_symptom_count_idx" ON "practitioner"(cardinality("common_symptoms_normalized"));
-- Directory reads are short index-driven queries run by many clients at once: parallel workers cost
-- more to start than they save (measured in npm run bench -- directory).
ALTER TABLE "practitioner" SET (parallel_workers = 0);
