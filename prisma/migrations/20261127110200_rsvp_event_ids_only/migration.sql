-- Hand-written (issue 23 item 5): an RSVP's event holds ids only; the relay reads the attendee's
-- address and name from their account when it sends the confirmation. Events stored before lose
-- the copy they carried. No table changes shape, so schema.prisma is unchanged.
UPDATE "domain_event" SET "payload" = "payload" - 'email' - 'name'
WHERE "aggregate_type" = 'event-rsvp' AND "type" = 'RsvpConfirmed' AND ("payload" ? 'email' OR "payload" ? 'name');
