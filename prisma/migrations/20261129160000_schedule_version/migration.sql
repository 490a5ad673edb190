-- Issue 27: the schedule week answered from a server's memory while nothing it shows has changed.
-- `schedule_version` moves with every statement that changes what a practice's week shows (any
-- write to its appointments, a patient's name, a TRUNCATE of either table). A server keeps a week's
-- answer under the version it read before the week's rows, and answers from memory only while the
-- practice's version is still that one, so every server sees every write at once without a notice.
-- The version is the writing transaction's id (pg_current_xact_id): it only grows, also across a
-- TRUNCATE of the summary or a practice's summary row made anew, so a version never names two states.

ALTER TABLE "practice_summary" ADD COLUMN "schedule_version" BIGINT NOT NULL DEFAULT 0;

-- Moves the version of the practices named (summary rows made on first use, like the figures).
CREATE FUNCTION practice_schedule_changed(practice_ids text[]) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  INSERT INTO practice_summary AS s (practice_id, schedule_version)
  SELECT pr.id, pg_current_xact_id()::text::bigint FROM practice pr WHERE pr.id = ANY(practice_ids)
  ORDER BY pr.id
  ON CONFLICT (practice_id) DO UPDATE SET schedule_version = excluded.schedule_version;
$$;

CREATE FUNCTION appointment_schedule_change() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM practice_schedule_changed(ARRAY(SELECT DISTINCT practice_id FROM old_rows));
  ELSE
    PERFORM practice_schedule_changed(ARRAY(SELECT DISTINCT practice_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
-- Named after appointment_summary_*: triggers fire in name order, so the figures' trigger takes the
-- practice's summary row first, as every trigger on it does.
CREATE TRIGGER appointment_week_insert AFTER INSERT ON "appointment" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION appointment_schedule_change();
CREATE TRIGGER appointment_week_update AFTER UPDATE ON "appointment" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION appointment_schedule_change();
CREATE TRIGGER appointment_week_delete AFTER DELETE ON "appointment" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION appointment_schedule_change();

-- The week shows each appointment's patient by name.
CREATE FUNCTION patient_schedule_change() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  PERFORM practice_schedule_changed(ARRAY(
    SELECT DISTINCT n.practice_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name));
  RETURN NULL;
END $$;
CREATE TRIGGER patient_week_update AFTER UPDATE ON "patient" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_schedule_change();

-- A TRUNCATE names no rows: every practice's week may have changed.
CREATE FUNCTION schedule_truncated() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  PERFORM practice_schedule_changed(ARRAY(SELECT id FROM practice));
  RETURN NULL;
END $$;
CREATE TRIGGER appointment_week_truncate AFTER TRUNCATE ON "appointment" FOR EACH STATEMENT EXECUTE FUNCTION schedule_truncated();
CREATE TRIGGER patient_week_truncate AFTER TRUNCATE ON "patient" FOR EACH STATEMENT EXECUTE FUNCTION schedule_truncated();
