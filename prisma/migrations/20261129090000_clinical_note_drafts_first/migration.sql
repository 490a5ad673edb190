-- The Clinical Notes screen (issue 26) lists a practice's notes with unsigned drafts first, then
-- newest first: 'draft' sorts before 'signed', so this index serves that order a page at a time.
CREATE INDEX "clinical_note_practice_id_status_written_at_id_idx" ON "clinical_note"("practice_id", "status", "written_at", "id");
