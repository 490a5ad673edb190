-- Issue 27, record 0042 ("The patient directory"): the patient search matched in the server's memory.
-- A server keeps each practice's patients as the search matches them (id, name, e-mail, phone, in
-- list order) under `patient_directory_version`, which moves with every statement that changes what
-- the search matches or the order it lists in: a patient added or deleted, a name, e-mail or phone
-- changed, a TRUNCATE. As with `schedule_version`, the version is the writing transaction's id, so it
-- only grows and never names two states, and every server sees a write (through any server, or by
-- hand in SQL) at its next read.
-- The search's matching then reads nothing: PostgreSQL reads only the page's patients by id. The
-- trigram indexes and `practice_patient_matches` served the matching alone and go.

ALTER TABLE "practice_summary" ADD COLUMN "patient_directory_version" BIGINT NOT NULL DEFAULT 0;

-- Moves the version of the practices named (summary rows made on first use, like the figures).
CREATE FUNCTION practice_patients_changed(practice_ids text[]) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  INSERT INTO practice_summary AS s (practice_id, patient_directory_version)
  SELECT pr.id, pg_current_xact_id()::text::bigint FROM practice pr WHERE pr.id = ANY(practice_ids)
  ORDER BY pr.id
  ON CONFLICT (practice_id) DO UPDATE SET patient_directory_version = excluded.patient_directory_version;
$$;

CREATE FUNCTION patient_directory_change() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM practice_patients_changed(ARRAY(SELECT DISTINCT practice_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM practice_patients_changed(ARRAY(SELECT DISTINCT practice_id FROM old_rows));
  ELSE
    -- Only what the search matches or sorts by: a status or an address changes nothing it keeps.
    PERFORM practice_patients_changed(ARRAY(
      SELECT n.practice_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.practice_id, n.name, n.email, n.phone) IS DISTINCT FROM (o.practice_id, o.name, o.email, o.phone)
      UNION
      SELECT o.practice_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.practice_id, n.name, n.email, n.phone) IS DISTINCT FROM (o.practice_id, o.name, o.email, o.phone)));
  END IF;
  RETURN NULL;
END $$;
-- Named after patient_summary_*: triggers fire in name order, so the figures' trigger takes the
-- practice's summary row first, as every trigger on it does.
CREATE TRIGGER patient_version_insert AFTER INSERT ON "patient" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_directory_change();
CREATE TRIGGER patient_version_update AFTER UPDATE ON "patient" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_directory_change();
CREATE TRIGGER patient_version_delete AFTER DELETE ON "patient" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_directory_change();

-- A TRUNCATE names no rows: every practice's patients may have changed.
CREATE FUNCTION patient_directory_truncated() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  PERFORM practice_patients_changed(ARRAY(SELECT id FROM practice));
  RETURN NULL;
END $$;
CREATE TRIGGER patient_version_truncate AFTER TRUNCATE ON "patient" FOR EACH STATEMENT EXECUTE FUNCTION patient_directory_truncated();

-- Every practice's directory starts at a version of its own (not the column's default 0).
SELECT practice_patients_changed(ARRAY(SELECT id FROM practice));

DROP FUNCTION practice_patient_matches(text);
DROP INDEX "patient_name_trgm_idx";
DROP INDEX "patient_email_trgm_idx";
DROP INDEX "patient_phone_trgm_idx";
