-- CreateTable
CREATE TABLE "practice" (
    "id" TEXT NOT NULL,
    "owner_user_id" UUID NOT NULL,
    "practitioner_id" TEXT,
    "time_zone" TEXT NOT NULL DEFAULT 'America/Los_Angeles',
    "profile" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "practice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "patient" (
    "id" TEXT NOT NULL,
    "practice_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL DEFAULT '',
    "phone" TEXT NOT NULL DEFAULT '',
    "date_of_birth" DATE,
    "address" TEXT NOT NULL DEFAULT '',
    "emergency_name" TEXT NOT NULL DEFAULT '',
    "emergency_relationship" TEXT NOT NULL DEFAULT '',
    "emergency_phone" TEXT NOT NULL DEFAULT '',
    "insurance_provider" TEXT NOT NULL DEFAULT '',
    "insurance_policy_number" TEXT NOT NULL DEFAULT '',
    "insurance_group" TEXT NOT NULL DEFAULT '',
    "conditions" TEXT[],
    "status" TEXT NOT NULL DEFAULT 'new',
    "lifestyle" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "patient_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "health_record_item" (
    "id" TEXT NOT NULL,
    "practice_id" TEXT NOT NULL,
    "patient_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "details" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "health_record_item_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "appointment" (
    "id" TEXT NOT NULL,
    "practice_id" TEXT NOT NULL,
    "patient_id" TEXT NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_minutes" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'scheduled',
    "notes" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "appointment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "clinical_note" (
    "id" TEXT NOT NULL,
    "practice_id" TEXT NOT NULL,
    "patient_id" TEXT NOT NULL,
    "appointment_id" TEXT,
    "type" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "author_name" TEXT NOT NULL,
    "subjective" TEXT NOT NULL DEFAULT '',
    "objective" TEXT NOT NULL DEFAULT '',
    "assessment" TEXT NOT NULL DEFAULT '',
    "plan" TEXT NOT NULL DEFAULT '',
    "written_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "clinical_note_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "practice_owner_user_id_key" ON "practice"("owner_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "practice_practitioner_id_key" ON "practice"("practitioner_id");

-- CreateIndex
CREATE INDEX "patient_practice_id_name_idx" ON "patient"("practice_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "patient_practice_id_id_key" ON "patient"("practice_id", "id");

-- CreateIndex
CREATE INDEX "health_record_item_practice_id_patient_id_kind_position_idx" ON "health_record_item"("practice_id", "patient_id", "kind", "position");

-- CreateIndex
CREATE INDEX "appointment_practice_id_starts_at_idx" ON "appointment"("practice_id", "starts_at");

-- CreateIndex
CREATE INDEX "appointment_practice_id_patient_id_starts_at_idx" ON "appointment"("practice_id", "patient_id", "starts_at");

-- CreateIndex
CREATE UNIQUE INDEX "appointment_practice_id_id_key" ON "appointment"("practice_id", "id");

-- CreateIndex
CREATE INDEX "clinical_note_practice_id_patient_id_written_at_idx" ON "clinical_note"("practice_id", "patient_id", "written_at");

-- CreateIndex
CREATE INDEX "clinical_note_appointment_id_idx" ON "clinical_note"("appointment_id");

-- AddForeignKey
ALTER TABLE "practice" ADD CONSTRAINT "practice_owner_user_id_fkey" FOREIGN KEY ("owner_user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "practice" ADD CONSTRAINT "practice_practitioner_id_fkey" FOREIGN KEY ("practitioner_id") REFERENCES "practitioner"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "patient" ADD CONSTRAINT "patient_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "health_record_item" ADD CONSTRAINT "health_record_item_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "health_record_item" ADD CONSTRAINT "health_record_item_practice_id_patient_id_fkey" FOREIGN KEY ("practice_id", "patient_id") REFERENCES "patient"("practice_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_practice_id_patient_id_fkey" FOREIGN KEY ("practice_id", "patient_id") REFERENCES "patient"("practice_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clinical_note" ADD CONSTRAINT "clinical_note_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clinical_note" ADD CONSTRAINT "clinical_note_practice_id_patient_id_fkey" FOREIGN KEY ("practice_id", "patient_id") REFERENCES "patient"("practice_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clinical_note" ADD CONSTRAINT "clinical_note_appointment_id_fkey" FOREIGN KEY ("appointment_id") REFERENCES "appointment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Hand-written: every existing practitioner account owns a practice from now on (new accounts get
-- theirs when they sign up).
INSERT INTO "practice" ("id", "owner_user_id")
SELECT gen_random_uuid()::text, "id" FROM "app_user" WHERE "role" = 'practitioner'
ON CONFLICT ("owner_user_id") DO NOTHING;

-- Hand-written guard (Prisma cannot express a composite key with one optional column): a note's
-- appointment belongs to the note's own practice.
CREATE FUNCTION clinical_note_appointment_same_practice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.appointment_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM appointment WHERE id = NEW.appointment_id AND practice_id = NEW.practice_id
  ) THEN
    RAISE EXCEPTION 'clinical note % links an appointment of another practice', NEW.id USING ERRCODE = '23503';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER clinical_note_appointment_same_practice BEFORE INSERT OR UPDATE OF appointment_id, practice_id ON clinical_note
  FOR EACH ROW EXECUTE FUNCTION clinical_note_appointment_same_practice();
