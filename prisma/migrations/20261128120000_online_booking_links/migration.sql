-- Online booking's private links (issue 24; docs/decisions/0034-booking-links.md).
--
-- `booking`: an appointment a patient booked online, with what its e-mails and its manage link
-- need: the booking machine's state (active / cancelled, confirmed, the time the patient was last
-- told), which follows the appointment's. The manage token is never stored: only its SHA-256, replaced when the booking moves
-- (`generation` counts the moves; it is also the ICS SEQUENCE) and cleared when it is cancelled,
-- so an old link dies at once. Practice data: row-level security like the appointment it belongs to.
CREATE TABLE "booking" (
    "id" TEXT NOT NULL,
    "practice_id" TEXT NOT NULL,
    "appointment_id" TEXT NOT NULL,
    "session_type_id" TEXT NOT NULL,
    "session_type_name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "confirmed" BOOLEAN NOT NULL DEFAULT false,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_minutes" INTEGER NOT NULL,
    "generation" INTEGER NOT NULL DEFAULT 1,
    "manage_token_hash" BYTEA,
    "notify_earlier" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "booking_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "booking_practice_id_appointment_id_key" ON "booking"("practice_id", "appointment_id");
CREATE UNIQUE INDEX "booking_manage_token_hash_key" ON "booking"("manage_token_hash");
CREATE UNIQUE INDEX "booking_practice_id_id_key" ON "booking"("practice_id", "id");
CREATE INDEX "booking_practice_id_notify_earlier_idx" ON "booking"("practice_id", "notify_earlier");
ALTER TABLE "booking" ADD CONSTRAINT "booking_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practice"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "booking" ADD CONSTRAINT "booking_practice_id_appointment_id_fkey" FOREIGN KEY ("practice_id", "appointment_id") REFERENCES "appointment"("practice_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "booking" ENABLE ROW LEVEL SECURITY;
CREATE POLICY practice_rows ON "booking" USING (practice_id = app_practice_id()) WITH CHECK (practice_id = app_practice_id());

-- The calendar feed (calendar sync): its token's SHA-256 (null: no feed), its generation (a
-- regenerated link is a new token) and whether it shows patients' names (an explicit opt-in).
ALTER TABLE "practice" ADD COLUMN "calendar_feed_token_hash" BYTEA;
ALTER TABLE "practice" ADD COLUMN "calendar_feed_generation" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "practice" ADD COLUMN "calendar_feed_shows_names" BOOLEAN NOT NULL DEFAULT false;
CREATE UNIQUE INDEX "practice_calendar_feed_token_hash_key" ON "practice"("calendar_feed_token_hash");

-- Which practice a link belongs to, before any practice is bound (the visitor has only the link),
-- and which practice owns a booking the outbox relay must read at send time.
CREATE FUNCTION practice_of_booking_link(token_hash bytea) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$ SELECT practice_id FROM booking WHERE manage_token_hash = token_hash $$;
CREATE FUNCTION practice_of_booking(booking_id text) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$ SELECT practice_id FROM booking WHERE id = booking_id $$;
