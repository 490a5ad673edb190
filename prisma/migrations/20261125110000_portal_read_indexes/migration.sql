-- DropIndex
DROP INDEX "appointment_practice_id_starts_at_idx";

-- DropIndex
DROP INDEX "clinical_note_practice_id_written_at_idx";

-- DropIndex
DROP INDEX "payment_practice_id_created_at_idx";

-- CreateIndex
CREATE INDEX "appointment_practice_id_starts_at_id_idx" ON "appointment"("practice_id", "starts_at", "id");

-- CreateIndex
CREATE INDEX "appointment_practice_id_status_starts_at_idx" ON "appointment"("practice_id", "status", "starts_at");

-- CreateIndex
CREATE INDEX "clinical_note_practice_id_written_at_id_idx" ON "clinical_note"("practice_id", "written_at", "id");

-- CreateIndex
CREATE INDEX "payment_practice_id_created_at_id_idx" ON "payment"("practice_id", "created_at", "id");
