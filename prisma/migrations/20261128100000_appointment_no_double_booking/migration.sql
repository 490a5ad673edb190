-- No double booking, by construction (issue 24, docs/decisions/0033-no-double-booking.md): the
-- database refuses two open appointments of one practice whose times (widened by their buffers)
-- overlap, whoever writes them. An appointment the practitioner deliberately double-booked (the
-- schedule's overlap warning says "You can still schedule it") is marked and left out of the guard.
--
-- A trigger, not an EXCLUDE constraint: Prisma's schema engine (7.10) panics describing a database
-- with a CHECK or EXCLUDE constraint, which would break `prisma migrate diff` and our drift check.

ALTER TABLE "appointment"
  ADD COLUMN "double_booked" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "buffer_before_minutes" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "buffer_after_minutes" INTEGER NOT NULL DEFAULT 0;

-- The time an appointment keeps busy: from its start less the buffer before to its end plus the
-- buffer after, half-open. Whole minutes added to an instant do not depend on the session's zone.
CREATE FUNCTION appointment_busy_span(starts_at timestamptz, duration_minutes integer, buffer_before integer, buffer_after integer)
RETURNS tstzrange
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN tstzrange(starts_at - make_interval(mins => buffer_before), starts_at + make_interval(mins => duration_minutes + buffer_after), '[)');

-- Appointments already stored that overlap an earlier one were double-booked by hand: marked so.
UPDATE "appointment" AS a SET "double_booked" = true
WHERE a."status" <> 'cancelled' AND EXISTS (
  SELECT 1 FROM "appointment" AS b
  WHERE b."practice_id" = a."practice_id" AND b."status" <> 'cancelled' AND (b."created_at", b."id") < (a."created_at", a."id")
    AND appointment_busy_span(b."starts_at", b."duration_minutes", b."buffer_before_minutes", b."buffer_after_minutes")
        && appointment_busy_span(a."starts_at", a."duration_minutes", a."buffer_before_minutes", a."buffer_after_minutes")
);

-- The guard. Writers of one practice's appointments take turns on a transaction-scoped advisory
-- lock; the overlap check after it runs with a fresh snapshot (READ COMMITTED, a volatile
-- function), so it sees every appointment committed before the lock was granted. A refusal is an
-- exclusion_violation (23P01) naming appointment_no_double_booking, as the constraint's would be.
CREATE FUNCTION appointment_refuse_double_booking() RETURNS trigger
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
  ) THEN
    RAISE EXCEPTION 'This time overlaps another appointment of the practice.' USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'appointment_no_double_booking';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER appointment_no_double_booking
BEFORE INSERT OR UPDATE ON "appointment"
FOR EACH ROW EXECUTE FUNCTION appointment_refuse_double_booking();
