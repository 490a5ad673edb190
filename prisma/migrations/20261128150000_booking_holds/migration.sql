-- Short holds on a time while a patient fills the booking form (issue 24; record 0033): the time
-- is kept from other patients (and from the guard's point of view from any appointment) until the
-- hold is booked, released or expires. Part of the no-double-booking guard: an appointment may not
-- overlap an unexpired hold, and a hold may not overlap an appointment or another hold.
CREATE TABLE "booking_hold" (
    "id" TEXT NOT NULL,
    "practice_id" TEXT NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_minutes" INTEGER NOT NULL,
    "buffer_before_minutes" INTEGER NOT NULL DEFAULT 0,
    "buffer_after_minutes" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "booking_hold_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "booking_hold_practice_id_starts_at_idx" ON "booking_hold"("practice_id", "starts_at");
ALTER TABLE "booking_hold" ADD CONSTRAINT "booking_hold_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practice"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "booking_hold" ENABLE ROW LEVEL SECURITY;
CREATE POLICY practice_rows ON "booking_hold" USING (practice_id = app_practice_id()) WITH CHECK (practice_id = app_practice_id());

-- Whether an unexpired hold of the practice (but `except_hold`) overlaps `span`. Volatile, so it
-- reads with a fresh snapshot after the practice lock, like the appointment check beside it.
CREATE FUNCTION booking_hold_overlaps(practice text, span tstzrange, except_hold text) RETURNS boolean
LANGUAGE sql VOLATILE
RETURN EXISTS (
  SELECT 1 FROM booking_hold h
  WHERE h.practice_id = practice AND h.id IS DISTINCT FROM except_hold AND h.expires_at > clock_timestamp()
    AND h.starts_at < upper(span) + interval '2 hours' AND h.starts_at > lower(span) - interval '26 hours'
    AND appointment_busy_span(h.starts_at, h.duration_minutes, h.buffer_before_minutes, h.buffer_after_minutes) && span
);

-- The appointment guard now also refuses a time another patient holds.
CREATE OR REPLACE FUNCTION appointment_refuse_double_booking() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  span tstzrange;
BEGIN
  IF NEW.duration_minutes NOT BETWEEN 1 AND 1440 OR NEW.buffer_before_minutes NOT BETWEEN 0 AND 120 OR NEW.buffer_after_minutes NOT BETWEEN 0 AND 120 THEN
    RAISE EXCEPTION 'appointment duration or buffers out of range' USING ERRCODE = 'check_violation', CONSTRAINT = 'appointment_span_check';
  END IF;
  IF NEW.status = 'cancelled' OR NEW.double_booked THEN
    RETURN NEW;
  END IF;
  -- An update that keeps a guarded appointment's span has nothing new to check.
  IF TG_OP = 'UPDATE' AND OLD.status <> 'cancelled' AND NOT OLD.double_booked AND OLD.practice_id = NEW.practice_id
     AND OLD.starts_at = NEW.starts_at AND OLD.duration_minutes = NEW.duration_minutes
     AND OLD.buffer_before_minutes = NEW.buffer_before_minutes AND OLD.buffer_after_minutes = NEW.buffer_after_minutes THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('appointment_no_double_booking:' || NEW.practice_id, 0));
  span := appointment_busy_span(NEW.starts_at, NEW.duration_minutes, NEW.buffer_before_minutes, NEW.buffer_after_minutes);
  IF EXISTS (
    SELECT 1 FROM appointment a
    WHERE a.practice_id = NEW.practice_id AND a.id <> NEW.id AND a.status <> 'cancelled' AND NOT a.double_booked
      -- Bounds on starts_at for the index: no appointment lasts over a day, no buffer over 2 hours.
      AND a.starts_at < upper(span) + interval '2 hours' AND a.starts_at > lower(span) - interval '26 hours'
      AND appointment_busy_span(a.starts_at, a.duration_minutes, a.buffer_before_minutes, a.buffer_after_minutes) && span
  ) OR booking_hold_overlaps(NEW.practice_id, span, NULL) THEN
    RAISE EXCEPTION 'This time overlaps another appointment of the practice.' USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'appointment_no_double_booking';
  END IF;
  RETURN NEW;
END
$$;

-- A hold is refused where an open appointment or another unexpired hold already is: the same
-- practice lock, the same refusal (23P01).
CREATE FUNCTION booking_hold_refuse_overlap() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  span tstzrange;
BEGIN
  IF NEW.duration_minutes NOT BETWEEN 1 AND 1440 OR NEW.buffer_before_minutes NOT BETWEEN 0 AND 120 OR NEW.buffer_after_minutes NOT BETWEEN 0 AND 120 THEN
    RAISE EXCEPTION 'hold duration or buffers out of range' USING ERRCODE = 'check_violation', CONSTRAINT = 'booking_hold_span_check';
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('appointment_no_double_booking:' || NEW.practice_id, 0));
  span := appointment_busy_span(NEW.starts_at, NEW.duration_minutes, NEW.buffer_before_minutes, NEW.buffer_after_minutes);
  IF EXISTS (
    SELECT 1 FROM appointment a
    WHERE a.practice_id = NEW.practice_id AND a.status <> 'cancelled' AND NOT a.double_booked
      AND a.starts_at < upper(span) + interval '2 hours' AND a.starts_at > lower(span) - interval '26 hours'
      AND appointment_busy_span(a.starts_at, a.duration_minutes, a.buffer_before_minutes, a.buffer_after_minutes) && span
  ) OR booking_hold_overlaps(NEW.practice_id, span, NEW.id) THEN
    RAISE EXCEPTION 'This time is held or booked.' USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'appointment_no_double_booking';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER booking_hold_no_overlap
BEFORE INSERT OR UPDATE ON "booking_hold"
FOR EACH ROW EXECUTE FUNCTION booking_hold_refuse_overlap();
