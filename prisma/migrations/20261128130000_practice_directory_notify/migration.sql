-- Hand-written (Prisma cannot express it): a directory card says whether its listing takes online
-- bookings (issue 24), read from the listing's practice (`booking_settings`, `practitioner_id`).
-- A statement that changes those is a directory change too: it NOTIFYs `directory_changed` as a
-- write of `practitioner` does (migration 20261123130000_directory_change_notify), so every server
-- drops its cached directory reads at the commit. Other writes of `practice` (the profile draft,
-- the time zone alone) change no card and send nothing.
CREATE TRIGGER practice_directory_changed
AFTER INSERT OR DELETE OR UPDATE OF booking_settings, practitioner_id ON "practice"
FOR EACH STATEMENT EXECUTE FUNCTION notify_directory_changed();

CREATE TRIGGER practice_directory_truncated
AFTER TRUNCATE ON "practice"
FOR EACH STATEMENT EXECUTE FUNCTION notify_directory_changed();
