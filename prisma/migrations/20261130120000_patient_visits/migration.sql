-- Issue 27, record 0042 ("A patient's visits, kept"): the patient list's last visit, next
-- appointment and note count read from one row per patient instead of three index probes each.
-- `patient_appointment_count` becomes `patient_summary`: beside the appointment count, the
-- patient's visits as of the last write to their appointments, and their note count.
--
-- A patient's visits move with the clock as well as with writes: the last visit is the latest
-- appointment not cancelled that has begun, the next one the earliest scheduled or confirmed that has
-- not. So the row keeps them with the span they hold for: from `last_visit_at` (or always) until
-- `visits_change_at`, the start of the first appointment not cancelled after the last visit (or
-- forever). No appointment not cancelled starts inside that span, so a read at any instant in it sees
-- what a count would. A read outside it counts, as it did before; `patient_visits_refresh` recounts
-- the rows whose span has passed, a batch a minute from each server.

ALTER TABLE "patient_appointment_count" RENAME TO "patient_summary";
ALTER TABLE "patient_summary" RENAME CONSTRAINT "patient_appointment_count_pkey" TO "patient_summary_pkey";
ALTER TABLE "patient_summary" RENAME CONSTRAINT "patient_appointment_count_practice_id_fkey" TO "patient_summary_practice_id_fkey";
ALTER TABLE "patient_summary"
  ADD COLUMN "last_visit_at" TIMESTAMPTZ(3),
  ADD COLUMN "next_visit_at" TIMESTAMPTZ(3),
  ADD COLUMN "visits_change_at" TIMESTAMPTZ(3),
  ADD COLUMN "clinical_notes" INTEGER NOT NULL DEFAULT 0;
-- The refresh finds the rows whose span has passed.
CREATE INDEX "patient_summary_visits_change_at_idx" ON "patient_summary" ("visits_change_at");

-- Recounts the visits of the patients named (practices[i], patients[i]) as they stand now (see
-- above). One statement, planned at every call: a plan kept for the next call might have been made
-- when the practice had a thousandth of its appointments (a bulk load), and would read them all.
CREATE FUNCTION patient_visits_recount(practices text[], patients text[]) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  UPDATE patient_summary k SET last_visit_at = v.last_at, next_visit_at = v.next_at, visits_change_at = v.change_at
  FROM (
    SELECT t.practice_id, t.patient_id,
      max(a.starts_at) FILTER (WHERE a.starts_at <= now() AND a.status <> 'cancelled') AS last_at,
      min(a.starts_at) FILTER (WHERE a.starts_at > now() AND a.status IN ('scheduled', 'confirmed')) AS next_at,
      min(a.starts_at) FILTER (WHERE a.starts_at > now() AND a.status <> 'cancelled') AS change_at
    FROM unnest(practices, patients) AS t(practice_id, patient_id)
    LEFT JOIN appointment a ON a.practice_id = t.practice_id AND a.patient_id = t.patient_id
    GROUP BY 1, 2) v
  WHERE k.practice_id = v.practice_id AND k.patient_id = v.patient_id;
$$;
REVOKE ALL ON FUNCTION patient_visits_recount(text[], text[]) FROM PUBLIC;

-- As in 20261129140000, with every patient the statement touched counted (a change of 0 too: a new
-- status or start moves their visits), under the row lock the count takes. The visits are then
-- recounted in a statement of their own: its snapshot is taken with the rows locked, so it sees what
-- any other writer of the same patient committed before it.
CREATE OR REPLACE FUNCTION appointment_summary_apply(changed jsonb) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  moved jsonb;
  practices text[];
  patients text[];
BEGIN
  -- The practice's row first: every trigger here takes it before any other figure's row, so two
  -- transactions never wait for each other in opposite orders.
  PERFORM practice_summary_add((SELECT jsonb_agg(jsonb_build_object('practice_id', practice_id, 'appointments', n)) FROM (
    SELECT c.practice_id, sum(c.sign)::int AS n FROM jsonb_to_recordset(changed) AS c(practice_id text, sign int)
    GROUP BY 1 ORDER BY 1) t));

  INSERT INTO practice_open_day AS d (practice_id, day, open_appointments)
  SELECT c.practice_id, (c.starts_at AT TIME ZONE 'UTC')::date, sum(c.sign)
  FROM jsonb_to_recordset(changed) AS c(practice_id text, patient_id text, sign int, starts_at timestamptz, status text)
  WHERE c.status IN ('scheduled', 'confirmed') AND EXISTS (SELECT 1 FROM practice pr WHERE pr.id = c.practice_id)
  GROUP BY 1, 2 HAVING sum(c.sign) <> 0 ORDER BY 1, 2
  ON CONFLICT (practice_id, day) DO UPDATE SET open_appointments = d.open_appointments + excluded.open_appointments;

  -- Each patient's count, before and after: a patient crossing 0 moves the practice's figure.
  WITH delta AS (
    SELECT c.practice_id, c.patient_id, sum(c.sign)::int AS n
    FROM jsonb_to_recordset(changed) AS c(practice_id text, patient_id text, sign int, starts_at timestamptz, status text)
    WHERE EXISTS (SELECT 1 FROM practice pr WHERE pr.id = c.practice_id)
    GROUP BY 1, 2
  ), counted AS (
    INSERT INTO patient_summary AS k (practice_id, patient_id, appointments)
    SELECT practice_id, patient_id, n FROM delta ORDER BY 1, 2
    ON CONFLICT (practice_id, patient_id) DO UPDATE SET appointments = k.appointments + excluded.appointments
    RETURNING k.practice_id, k.patient_id, k.appointments
  )
  SELECT jsonb_agg(jsonb_build_object('practice_id', practice_id, 'patients_with_appointments', crossed)) INTO moved FROM (
    SELECT c.practice_id,
      sum(CASE WHEN c.appointments > 0 AND c.appointments - d.n <= 0 THEN 1 WHEN c.appointments <= 0 AND c.appointments - d.n > 0 THEN -1 ELSE 0 END)::int AS crossed
    FROM counted c JOIN delta d USING (practice_id, patient_id) GROUP BY c.practice_id) t;
  IF moved IS NOT NULL THEN PERFORM practice_summary_add(moved); END IF;

  SELECT array_agg(t.practice_id ORDER BY t.practice_id, t.patient_id), array_agg(t.patient_id ORDER BY t.practice_id, t.patient_id) INTO practices, patients
  FROM (SELECT DISTINCT c.practice_id, c.patient_id FROM jsonb_to_recordset(changed) AS c(practice_id text, patient_id text)) t;
  PERFORM patient_visits_recount(practices, patients);
END $$;

-- Each patient's notes: counted on insert and delete, as the practice's are, and moved with a note
-- whose patient (or practice) is changed by hand.
CREATE FUNCTION patient_notes_add(changes jsonb) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  INSERT INTO patient_summary AS k (practice_id, patient_id, clinical_notes)
  SELECT c.practice_id, c.patient_id, sum(c.n)::int
  FROM jsonb_to_recordset(changes) AS c(practice_id text, patient_id text, n int)
  WHERE EXISTS (SELECT 1 FROM practice pr WHERE pr.id = c.practice_id)
  GROUP BY 1, 2 HAVING sum(c.n) <> 0 ORDER BY 1, 2
  ON CONFLICT (practice_id, patient_id) DO UPDATE SET clinical_notes = k.clinical_notes + excluded.clinical_notes;
$$;

CREATE OR REPLACE FUNCTION clinical_note_summary_change() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM practice_summary_add((SELECT jsonb_agg(jsonb_build_object('practice_id', practice_id, 'clinical_notes', n)) FROM (SELECT practice_id, count(*) AS n FROM new_rows GROUP BY practice_id) c));
    PERFORM patient_notes_add((SELECT jsonb_agg(jsonb_build_object('practice_id', practice_id, 'patient_id', patient_id, 'n', 1)) FROM new_rows));
  ELSE
    PERFORM practice_summary_add((SELECT jsonb_agg(jsonb_build_object('practice_id', practice_id, 'clinical_notes', -n)) FROM (SELECT practice_id, count(*) AS n FROM old_rows GROUP BY practice_id) c));
    PERFORM patient_notes_add((SELECT jsonb_agg(jsonb_build_object('practice_id', practice_id, 'patient_id', patient_id, 'n', -1)) FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION clinical_note_patient_moved() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  PERFORM patient_notes_add(jsonb_build_array(
    jsonb_build_object('practice_id', OLD.practice_id, 'patient_id', OLD.patient_id, 'n', -1),
    jsonb_build_object('practice_id', NEW.practice_id, 'patient_id', NEW.patient_id, 'n', 1)));
  RETURN NULL;
END $$;
CREATE TRIGGER clinical_note_summary_moved AFTER UPDATE OF practice_id, patient_id ON "clinical_note"
  FOR EACH ROW WHEN ((OLD.practice_id, OLD.patient_id) IS DISTINCT FROM (NEW.practice_id, NEW.patient_id))
  EXECUTE FUNCTION clinical_note_patient_moved();

-- Recounts up to `most` rows whose visits' span has passed (rows another transaction is writing are
-- left to it); returns how many. Any server may call it at any time: it writes only what a count of
-- the appointments gives.
CREATE FUNCTION patient_visits_refresh(most int) RETURNS int
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  practices text[];
  patients text[];
BEGIN
  SELECT coalesce(array_agg(d.practice_id), '{}'), coalesce(array_agg(d.patient_id), '{}') INTO practices, patients FROM (
    SELECT k.practice_id, k.patient_id FROM patient_summary k
    WHERE k.visits_change_at <= now()
    ORDER BY k.visits_change_at
    LIMIT most
    FOR UPDATE SKIP LOCKED) d;
  -- A statement of its own, as in appointment_summary_apply: it counts with the rows locked.
  PERFORM patient_visits_recount(practices, patients);
  RETURN cardinality(practices);
END $$;
REVOKE ALL ON FUNCTION patient_visits_refresh(int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION patient_visits_refresh(int) TO wellspring_app;

-- The visits and note counts of the data already there (every patient with notes gets a row too).
INSERT INTO patient_summary (practice_id, patient_id, clinical_notes)
SELECT practice_id, patient_id, count(*) FROM clinical_note GROUP BY 1, 2
ON CONFLICT (practice_id, patient_id) DO UPDATE SET clinical_notes = excluded.clinical_notes;
SELECT patient_visits_recount(array_agg(practice_id), array_agg(patient_id)) FROM patient_summary;
