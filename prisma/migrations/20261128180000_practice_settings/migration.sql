-- The Practice part of Settings (issue 25): the practice's own name and its currency, beside the
-- time zone it already has. Online booking's settings keep a copy of the zone and the currency; the
-- commands that save either keep the two equal.

-- Empty: the practice has no name of its own yet (the practitioner's name stands for it).
ALTER TABLE "practice"
    ADD COLUMN "name" TEXT NOT NULL DEFAULT '',
    ADD COLUMN "currency" TEXT NOT NULL DEFAULT 'USD';

-- A practice that already priced its sessions keeps that currency.
UPDATE "practice" SET "currency" = "booking_settings"->>'currency'
 WHERE "booking_settings" IS NOT NULL AND "booking_settings"->>'currency' IS NOT NULL;
