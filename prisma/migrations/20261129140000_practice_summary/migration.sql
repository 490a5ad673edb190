-- Issue 27, record 0042: a practice's figures kept current by the writes that change them, so the
-- dashboards and the lists' totals read a row instead of counting 200,000 appointments per request.
-- Statement-level AFTER triggers with transition tables add each statement's change (new rows minus
-- old rows, grouped by practice), so a bulk insert costs one update per practice, not one per row.
-- The functions are SECURITY DEFINER (owned by the migrating role, which row-level security does not
-- bind): the app role may read its practice's figures but cannot write them except by writing the
-- rows they count.

CREATE TABLE "practice_summary" (
    "practice_id" TEXT NOT NULL,
    "patients" INTEGER NOT NULL DEFAULT 0,
    "patients_with_appointments" INTEGER NOT NULL DEFAULT 0,
    "appointments" INTEGER NOT NULL DEFAULT 0,
    "clinical_notes" INTEGER NOT NULL DEFAULT 0,
    "payments" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "practice_summary_pkey" PRIMARY KEY ("practice_id")
);
ALTER TABLE "practice_summary" ADD CONSTRAINT "practice_summary_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Completed payments totalled per currency (never converted).
CREATE TABLE "practice_revenue" (
    "practice_id" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "completed_minor" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "practice_revenue_pkey" PRIMARY KEY ("practice_id", "currency")
);
ALTER TABLE "practice_revenue" ADD CONSTRAINT "practice_revenue_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Open appointments (scheduled or confirmed) per UTC day of their start: "upcoming" moves with the
-- clock, so it is the days after today summed plus today's rest counted in the partial index.
CREATE TABLE "practice_open_day" (
    "practice_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "open_appointments" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "practice_open_day_pkey" PRIMARY KEY ("practice_id", "day")
);
ALTER TABLE "practice_open_day" ADD CONSTRAINT "practice_open_day_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- How many appointments each patient has, so "patients with appointments" moves when one goes from
-- 0 to 1 or back. No foreign key to the patient: a patient's deletion removes their appointments
-- first (the cascade), and those deletions bring the count to 0 whatever order the cascade runs in.
CREATE TABLE "patient_appointment_count" (
    "practice_id" TEXT NOT NULL,
    "patient_id" TEXT NOT NULL,
    "appointments" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "patient_appointment_count_pkey" PRIMARY KEY ("practice_id", "patient_id")
);
ALTER TABLE "patient_appointment_count" ADD CONSTRAINT "patient_appointment_count_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "practice_summary" ENABLE ROW LEVEL SECURITY;
CREATE POLICY practice_rows ON "practice_summary" USING (practice_id = app_practice_id()) WITH CHECK (practice_id = app_practice_id());
ALTER TABLE "practice_revenue" ENABLE ROW LEVEL SECURITY;
CREATE POLICY practice_rows ON "practice_revenue" USING (practice_id = app_practice_id()) WITH CHECK (practice_id = app_practice_id());
ALTER TABLE "practice_open_day" ENABLE ROW LEVEL SECURITY;
CREATE POLICY practice_rows ON "practice_open_day" USING (practice_id = app_practice_id()) WITH CHECK (practice_id = app_practice_id());
ALTER TABLE "patient_appointment_count" ENABLE ROW LEVEL SECURITY;
CREATE POLICY practice_rows ON "patient_appointment_count" USING (practice_id = app_practice_id()) WITH CHECK (practice_id = app_practice_id());
-- Only the triggers below write the figures.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "practice_summary", "practice_revenue", "practice_open_day", "patient_appointment_count" FROM wellspring_app;

-- Adds a change of counts to the practices' summary rows (made on first use).
CREATE FUNCTION practice_summary_add(changes jsonb) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  INSERT INTO practice_summary AS s (practice_id, patients, patients_with_appointments, appointments, clinical_notes, payments)
  SELECT c.practice_id, coalesce(c.patients, 0), coalesce(c.patients_with_appointments, 0), coalesce(c.appointments, 0), coalesce(c.clinical_notes, 0), coalesce(c.payments, 0)
  FROM jsonb_to_recordset(changes) AS c(practice_id text, patients int, patients_with_appointments int, appointments int, clinical_notes int, payments int)
  -- A practice being deleted takes its figures with it: its rows' cascade counts nothing.
  WHERE EXISTS (SELECT 1 FROM practice pr WHERE pr.id = c.practice_id)
  ORDER BY c.practice_id
  ON CONFLICT (practice_id) DO UPDATE SET
    patients = s.patients + excluded.patients,
    patients_with_appointments = s.patients_with_appointments + excluded.patients_with_appointments,
    appointments = s.appointments + excluded.appointments,
    clinical_notes = s.clinical_notes + excluded.clinical_notes,
    payments = s.payments + excluded.payments;
$$;

CREATE FUNCTION patient_summary_change() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM practice_summary_add((SELECT jsonb_agg(jsonb_build_object('practice_id', practice_id, 'patients', n)) FROM (SELECT practice_id, count(*) AS n FROM new_rows GROUP BY practice_id) c));
  ELSE
    PERFORM practice_summary_add((SELECT jsonb_agg(jsonb_build_object('practice_id', practice_id, 'patients', -n)) FROM (SELECT practice_id, count(*) AS n FROM old_rows GROUP BY practice_id) c));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER patient_summary_insert AFTER INSERT ON "patient" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_summary_change();
CREATE TRIGGER patient_summary_delete AFTER DELETE ON "patient" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_summary_change();

CREATE FUNCTION clinical_note_summary_change() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM practice_summary_add((SELECT jsonb_agg(jsonb_build_object('practice_id', practice_id, 'clinical_notes', n)) FROM (SELECT practice_id, count(*) AS n FROM new_rows GROUP BY practice_id) c));
  ELSE
    PERFORM practice_summary_add((SELECT jsonb_agg(jsonb_build_object('practice_id', practice_id, 'clinical_notes', -n)) FROM (SELECT practice_id, count(*) AS n FROM old_rows GROUP BY practice_id) c));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER clinical_note_summary_insert AFTER INSERT ON "clinical_note" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clinical_note_summary_change();
CREATE TRIGGER clinical_note_summary_delete AFTER DELETE ON "clinical_note" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clinical_note_summary_change();

-- Payments: their count, and completed amounts per currency. `changed` holds each row once, +1 for
-- its new version and -1 for its old one (an update is both).
CREATE FUNCTION payment_summary_apply(changed jsonb) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  PERFORM practice_summary_add((SELECT jsonb_agg(jsonb_build_object('practice_id', practice_id, 'payments', n)) FROM (
    SELECT c.practice_id, sum(c.sign) AS n FROM jsonb_to_recordset(changed) AS c(practice_id text, sign int, currency text, amount_minor bigint, status text)
    GROUP BY c.practice_id HAVING sum(c.sign) <> 0) t));
  INSERT INTO practice_revenue AS r (practice_id, currency, completed_minor)
  SELECT c.practice_id, c.currency, sum(c.sign * c.amount_minor)
  FROM jsonb_to_recordset(changed) AS c(practice_id text, sign int, currency text, amount_minor bigint, status text)
  WHERE c.status = 'completed' AND EXISTS (SELECT 1 FROM practice pr WHERE pr.id = c.practice_id)
  GROUP BY c.practice_id, c.currency
  HAVING sum(c.sign * c.amount_minor) <> 0
  ORDER BY 1, 2
  ON CONFLICT (practice_id, currency) DO UPDATE SET completed_minor = r.completed_minor + excluded.completed_minor;
END $$;

CREATE FUNCTION payment_summary_change() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  changed jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('practice_id', practice_id, 'sign', 1, 'currency', currency, 'amount_minor', amount_minor, 'status', status)) INTO changed FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('practice_id', practice_id, 'sign', -1, 'currency', currency, 'amount_minor', amount_minor, 'status', status)) INTO changed FROM old_rows;
  ELSE
    SELECT jsonb_agg(x) INTO changed FROM (
      SELECT jsonb_build_object('practice_id', practice_id, 'sign', 1, 'currency', currency, 'amount_minor', amount_minor, 'status', status) AS x FROM new_rows
      UNION ALL
      SELECT jsonb_build_object('practice_id', practice_id, 'sign', -1, 'currency', currency, 'amount_minor', amount_minor, 'status', status) FROM old_rows) t;
  END IF;
  IF changed IS NOT NULL THEN PERFORM payment_summary_apply(changed); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER payment_summary_insert AFTER INSERT ON "payment" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_summary_change();
CREATE TRIGGER payment_summary_update AFTER UPDATE ON "payment" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_summary_change();
CREATE TRIGGER payment_summary_delete AFTER DELETE ON "payment" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_summary_change();

-- Appointments: their count, open ones per day, and each patient's count (and with it the
-- practice's patients with appointments).
CREATE FUNCTION appointment_summary_apply(changed jsonb) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  moved jsonb;
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
    GROUP BY 1, 2 HAVING sum(c.sign) <> 0
  ), counted AS (
    INSERT INTO patient_appointment_count AS k (practice_id, patient_id, appointments)
    SELECT practice_id, patient_id, n FROM delta ORDER BY 1, 2
    ON CONFLICT (practice_id, patient_id) DO UPDATE SET appointments = k.appointments + excluded.appointments
    RETURNING k.practice_id, k.patient_id, k.appointments
  )
  SELECT jsonb_agg(jsonb_build_object('practice_id', practice_id, 'patients_with_appointments', crossed)) INTO moved FROM (
    SELECT c.practice_id,
      sum(CASE WHEN c.appointments > 0 AND c.appointments - d.n <= 0 THEN 1 WHEN c.appointments <= 0 AND c.appointments - d.n > 0 THEN -1 ELSE 0 END)::int AS crossed
    FROM counted c JOIN delta d USING (practice_id, patient_id) GROUP BY c.practice_id) t;
  IF moved IS NOT NULL THEN PERFORM practice_summary_add(moved); END IF;
END $$;

CREATE FUNCTION appointment_summary_change() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  changed jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('practice_id', practice_id, 'patient_id', patient_id, 'sign', 1, 'starts_at', starts_at, 'status', status)) INTO changed FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('practice_id', practice_id, 'patient_id', patient_id, 'sign', -1, 'starts_at', starts_at, 'status', status)) INTO changed FROM old_rows;
  ELSE
    -- Only a change of what is counted (patient, start, status) moves a figure.
    SELECT jsonb_agg(x) INTO changed FROM (
      SELECT jsonb_build_object('practice_id', n.practice_id, 'patient_id', n.patient_id, 'sign', 1, 'starts_at', n.starts_at, 'status', n.status) AS x
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.practice_id, n.patient_id, n.starts_at, n.status) IS DISTINCT FROM (o.practice_id, o.patient_id, o.starts_at, o.status)
      UNION ALL
      SELECT jsonb_build_object('practice_id', o.practice_id, 'patient_id', o.patient_id, 'sign', -1, 'starts_at', o.starts_at, 'status', o.status)
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.practice_id, n.patient_id, n.starts_at, n.status) IS DISTINCT FROM (o.practice_id, o.patient_id, o.starts_at, o.status)) t;
  END IF;
  IF changed IS NOT NULL THEN PERFORM appointment_summary_apply(changed); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER appointment_summary_insert AFTER INSERT ON "appointment" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION appointment_summary_change();
CREATE TRIGGER appointment_summary_update AFTER UPDATE ON "appointment" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION appointment_summary_change();
CREATE TRIGGER appointment_summary_delete AFTER DELETE ON "appointment" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION appointment_summary_change();

-- The figures of the data already there.
INSERT INTO practice_summary (practice_id, patients, patients_with_appointments, appointments, clinical_notes, payments)
SELECT pr.id,
  (SELECT count(*) FROM patient p WHERE p.practice_id = pr.id),
  (SELECT count(DISTINCT a.patient_id) FROM appointment a WHERE a.practice_id = pr.id),
  (SELECT count(*) FROM appointment a WHERE a.practice_id = pr.id),
  (SELECT count(*) FROM clinical_note n WHERE n.practice_id = pr.id),
  (SELECT count(*) FROM payment m WHERE m.practice_id = pr.id)
FROM practice pr;
INSERT INTO practice_revenue (practice_id, currency, completed_minor)
SELECT practice_id, currency, sum(amount_minor) FROM payment WHERE status = 'completed' GROUP BY practice_id, currency;
INSERT INTO practice_open_day (practice_id, day, open_appointments)
SELECT practice_id, (starts_at AT TIME ZONE 'UTC')::date, count(*) FROM appointment WHERE status IN ('scheduled', 'confirmed') GROUP BY 1, 2;
INSERT INTO patient_appointment_count (practice_id, patient_id, appointments)
SELECT practice_id, patient_id, count(*) FROM appointment GROUP BY 1, 2;

-- Open appointments by start (the upcoming lists and today's part of the upcoming count), without
-- the completed and cancelled past a busy clinic's index is mostly made of.
CREATE INDEX "appointment_open_starts_idx" ON "appointment" ("practice_id", "starts_at", "id") WHERE status IN ('scheduled', 'confirmed');
