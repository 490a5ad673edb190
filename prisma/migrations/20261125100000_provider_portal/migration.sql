-- AlterTable
ALTER TABLE "clinical_note" ADD COLUMN     "author_user_id" UUID,
ADD COLUMN     "signed_at" TIMESTAMPTZ(3),
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'signed';

-- CreateTable
CREATE TABLE "clinical_note_addendum" (
    "id" TEXT NOT NULL,
    "practice_id" TEXT NOT NULL,
    "note_id" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "author_user_id" UUID NOT NULL,
    "author_name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "clinical_note_addendum_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment" (
    "id" TEXT NOT NULL,
    "practice_id" TEXT NOT NULL,
    "appointment_id" TEXT,
    "amount_minor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "clinical_note_addendum_practice_id_note_id_created_at_idx" ON "clinical_note_addendum"("practice_id", "note_id", "created_at");

-- CreateIndex
CREATE INDEX "payment_practice_id_created_at_idx" ON "payment"("practice_id", "created_at");

-- CreateIndex
CREATE INDEX "payment_practice_id_appointment_id_idx" ON "payment"("practice_id", "appointment_id");

-- CreateIndex
CREATE UNIQUE INDEX "payment_practice_id_id_key" ON "payment"("practice_id", "id");

-- CreateIndex
CREATE INDEX "clinical_note_practice_id_written_at_idx" ON "clinical_note"("practice_id", "written_at");

-- CreateIndex
CREATE UNIQUE INDEX "clinical_note_practice_id_id_key" ON "clinical_note"("practice_id", "id");

-- AddForeignKey
ALTER TABLE "clinical_note_addendum" ADD CONSTRAINT "clinical_note_addendum_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clinical_note_addendum" ADD CONSTRAINT "clinical_note_addendum_practice_id_note_id_fkey" FOREIGN KEY ("practice_id", "note_id") REFERENCES "clinical_note"("practice_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment" ADD CONSTRAINT "payment_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment" ADD CONSTRAINT "payment_practice_id_appointment_id_fkey" FOREIGN KEY ("practice_id", "appointment_id") REFERENCES "appointment"("practice_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;


-- Notes written before this migration were final when written: signed then.
UPDATE "clinical_note" SET "signed_at" = "written_at" WHERE "status" = 'signed' AND "signed_at" IS NULL;

-- A signed note is locked (the clinical-note machine; issue 13): its content, author, time and
-- status never change, and it is never deleted on its own — only with its patient or practice
-- (a cascade, which runs one trigger level deeper). Its appointment link may still be cleared.
CREATE FUNCTION clinical_note_signed_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'signed' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF pg_trigger_depth() < 2 THEN
      RAISE EXCEPTION 'a signed clinical note cannot be deleted' USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF (NEW.practice_id, NEW.patient_id, NEW.type, NEW.title, NEW.author_name, NEW.author_user_id, NEW.subjective, NEW.objective,
      NEW.assessment, NEW.plan, NEW.written_at, NEW.status, NEW.signed_at)
     IS DISTINCT FROM
     (OLD.practice_id, OLD.patient_id, OLD.type, OLD.title, OLD.author_name, OLD.author_user_id, OLD.subjective, OLD.objective,
      OLD.assessment, OLD.plan, OLD.written_at, OLD.status, OLD.signed_at) THEN
    RAISE EXCEPTION 'a signed clinical note is locked; add an addendum instead' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER clinical_note_signed_locked BEFORE UPDATE OR DELETE ON "clinical_note"
  FOR EACH ROW EXECUTE FUNCTION clinical_note_signed_locked();

-- Addenda are never edited, and never deleted except with their note's patient or practice.
CREATE FUNCTION clinical_note_addendum_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() >= 2 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'clinical note addenda are append-only' USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
CREATE TRIGGER clinical_note_addendum_append_only BEFORE UPDATE OR DELETE ON "clinical_note_addendum"
  FOR EACH ROW EXECUTE FUNCTION clinical_note_addendum_append_only();
