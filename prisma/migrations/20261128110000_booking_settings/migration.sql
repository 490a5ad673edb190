-- A practice's online booking settings (issue 24): the domain's BookingSettings as the settings
-- screen saves them, through the booking settings machine. Null until the first save.
ALTER TABLE "practice" ADD COLUMN "booking_settings" JSONB;
