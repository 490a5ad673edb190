-- Issue 27, record 0042 ("A page of the list, kept"): the patient list's rows answered from a server's
-- memory while nothing they show has changed. `patient_list_version` moves with every statement that
-- changes what a row of a practice's patient list shows: a patient added, deleted or changed in a
-- column the list shows (name, e-mail, phone, date of birth, status, conditions), any write to its
-- appointments (its last visit and next appointment), a note added, deleted or moved to another
-- patient (its note count), a TRUNCATE of any of them. As with `schedule_version`, the version is the
-- writing transaction's id, so it only grows and never names two states, and every server sees a
-- write (through any server, or by hand in SQL) at its next read.
-- Time moves a row's visits too, without a write: a server keeps each row with the span its visits
-- hold for (patient_summary, migration 20261130120000) and never answers from it past that span. So
-- the visits refresh, which only recounts rows whose span has passed, need not move the version.

ALTER TABLE "practice_summary" ADD COLUMN "patient_list_version" BIGINT NOT NULL DEFAULT 0;

-- Moves the version of the practices named (summary rows made on first use, like the figures).
CREATE FUNCTION practice_patient_list_changed(practice_ids text[]) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  INSERT INTO practice_summary AS s (practice_id, patient_list_version)
  SELECT pr.id, pg_current_xact_id()::text::bigint FROM practice pr WHERE pr.id = ANY(practice_ids)
  ORDER BY pr.id
  ON CONFLICT (practice_id) DO UPDATE SET patient_list_version = excluded.patient_list_version;
$$;

CREATE FUNCTION patient_list_change() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM practice_patient_list_changed(ARRAY(SELECT DISTINCT practice_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM practice_patient_list_changed(ARRAY(SELECT DISTINCT practice_id FROM old_rows));
  ELSIF TG_TABLE_NAME = 'patient' THEN
    -- What a row of the list shows: an address or an insurer changes nothing it keeps.
    PERFORM practice_patient_list_changed(ARRAY(
      SELECT n.practice_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.practice_id, n.name, n.email, n.phone, n.date_of_birth, n.status, n.conditions)
          IS DISTINCT FROM (o.practice_id, o.name, o.email, o.phone, o.date_of_birth, o.status, o.conditions)
      UNION
      SELECT o.practice_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.practice_id, n.name, n.email, n.phone, n.date_of_birth, n.status, n.conditions)
          IS DISTINCT FROM (o.practice_id, o.name, o.email, o.phone, o.date_of_birth, o.status, o.conditions)));
  ELSIF TG_TABLE_NAME = 'clinical_note' THEN
    -- A note counts for its patient: a draft saved moves nothing, a note moved to another patient does.
    PERFORM practice_patient_list_changed(ARRAY(
      SELECT n.practice_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.practice_id, n.patient_id) IS DISTINCT FROM (o.practice_id, o.patient_id)
      UNION
      SELECT o.practice_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.practice_id, n.patient_id) IS DISTINCT FROM (o.practice_id, o.patient_id)));
  ELSE
    -- An appointment's start, status or patient moves a last visit or a next appointment.
    PERFORM practice_patient_list_changed(ARRAY(SELECT practice_id FROM new_rows UNION SELECT practice_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

-- Named after each table's *_summary_* triggers: triggers fire in name order, so the figures' trigger
-- takes the practice's summary row first, as every trigger on it does.
CREATE TRIGGER patient_version_list_insert AFTER INSERT ON "patient" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_list_change();
CREATE TRIGGER patient_version_list_update AFTER UPDATE ON "patient" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_list_change();
CREATE TRIGGER patient_version_list_delete AFTER DELETE ON "patient" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_list_change();
CREATE TRIGGER appointment_version_list_insert AFTER INSERT ON "appointment" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_list_change();
CREATE TRIGGER appointment_version_list_update AFTER UPDATE ON "appointment" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_list_change();
CREATE TRIGGER appointment_version_list_delete AFTER DELETE ON "appointment" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_list_change();
CREATE TRIGGER clinical_note_version_list_insert AFTER INSERT ON "clinical_note" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_list_change();
CREATE TRIGGER clinical_note_version_list_update AFTER UPDATE ON "clinical_note" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_list_change();
CREATE TRIGGER clinical_note_version_list_delete AFTER DELETE ON "clinical_note" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_list_change();

-- A TRUNCATE names no rows: every practice's list may have changed.
CREATE FUNCTION patient_list_truncated() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  PERFORM practice_patient_list_changed(ARRAY(SELECT id FROM practice));
  RETURN NULL;
END $$;
CREATE TRIGGER patient_version_list_truncate AFTER TRUNCATE ON "patient" FOR EACH STATEMENT EXECUTE FUNCTION patient_list_truncated();
CREATE TRIGGER appointment_version_list_truncate AFTER TRUNCATE ON "appointment" FOR EACH STATEMENT EXECUTE FUNCTION patient_list_truncated();
CREATE TRIGGER clinical_note_version_list_truncate AFTER TRUNCATE ON "clinical_note" FOR EACH STATEMENT EXECUTE FUNCTION patient_list_truncated();

-- Every practice's list starts at a version of its own (not the column's default 0).
SELECT practice_patient_list_changed(ARRAY(SELECT id FROM practice));
