-- Issue 27, record 0042: the patient list's whole order (name, then id) in one index. With the name
-- alone, a page had to sort each run of equal names by id, and the prepared statement's generic plan,
-- guessing a practice's size, costed that sort as if it read the practice whole: PostgreSQL kept
-- planning the list anew at every call instead of reusing one plan.
CREATE INDEX "patient_practice_id_name_id_idx" ON "patient"("practice_id", "name", "id");
DROP INDEX "patient_practice_id_name_idx";
