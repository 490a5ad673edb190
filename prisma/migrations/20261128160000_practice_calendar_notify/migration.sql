-- Hand-written (Prisma cannot express it): the open times a practice offers online are read far
-- more often than its calendar changes, so every server caches the practice's busy times
-- (cache/calendar-cache, issue 24) and drops them when the calendar changes. A statement that writes
-- `appointment` or `booking_hold` NOTIFYs `practice_calendar_changed` at its commit, as writes of the
-- directory notify `directory_changed`.
CREATE FUNCTION notify_practice_calendar_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('practice_calendar_changed', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER appointment_calendar_changed
AFTER INSERT OR UPDATE OR DELETE ON "appointment"
FOR EACH STATEMENT EXECUTE FUNCTION notify_practice_calendar_changed();
CREATE TRIGGER appointment_calendar_truncated
AFTER TRUNCATE ON "appointment"
FOR EACH STATEMENT EXECUTE FUNCTION notify_practice_calendar_changed();
CREATE TRIGGER booking_hold_calendar_changed
AFTER INSERT OR UPDATE OR DELETE ON "booking_hold"
FOR EACH STATEMENT EXECUTE FUNCTION notify_practice_calendar_changed();
CREATE TRIGGER booking_hold_calendar_truncated
AFTER TRUNCATE ON "booking_hold"
FOR EACH STATEMENT EXECUTE FUNCTION notify_practice_calendar_changed();
