-- Least privilege and row-level security (issue 23; docs/decisions/0029-database-roles-and-row-level-security.md).
--
-- The server serves as `wellspring_app` (or a login role that is a member of it): no superuser, no
-- BYPASSRLS, owner of nothing. It reads and writes the tables (granted below, and by default on every
-- table a later migration creates), but only the rows of the practice its transaction names with
-- `set_config('app.practice_id', …, true)`. The audit log is insert-only for it. Migrations run as
-- the tables' owner.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'wellspring_app') THEN
    CREATE ROLE wellspring_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END
$$;

GRANT USAGE ON SCHEMA public TO wellspring_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO wellspring_app;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO wellspring_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO wellspring_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO wellspring_app;

-- Migration history is the owner's business (the table is absent where a tool replays the
-- migrations into a scratch database to compare schemas).
DO $$
BEGIN
  IF to_regclass('public._prisma_migrations') IS NOT NULL THEN
    REVOKE ALL ON "_prisma_migrations" FROM wellspring_app;
  END IF;
END
$$;

-- The audit log: the server appends and reads, nothing else (TRUNCATE and ALTER are the owner's only,
-- and never granted). The chain head moves only inside the append trigger, which runs as the owner.
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_entry" FROM wellspring_app;
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "audit_chain_head" FROM wellspring_app;
ALTER FUNCTION audit_entry_append() SECURITY DEFINER;
ALTER FUNCTION audit_entry_append() SET search_path = public, pg_temp;

-- A change made by a visitor (a profile's Contact) or by the system (a referral's expiry, a code
-- counted at sign-up) is audited too, with no signed-in actor.
ALTER TABLE "audit_entry" ALTER COLUMN "actor_user_id" DROP NOT NULL;

-- The practice a transaction acts for, and the signed-in account's e-mail (a referral is also the
-- business of the account it was sent to). Unset: no practice at all.
CREATE FUNCTION app_practice_id() RETURNS text LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT nullif(current_setting('app.practice_id', true), '') $$;
CREATE FUNCTION app_user_email() RETURNS text LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT nullif(current_setting('app.user_email', true), '') $$;

-- Every table with a practice_id: its rows belong to the transaction's practice.
ALTER TABLE "patient" ENABLE ROW LEVEL SECURITY;
CREATE POLICY practice_rows ON "patient" USING (practice_id = app_practice_id()) WITH CHECK (practice_id = app_practice_id());
ALTER TABLE "health_record_item" ENABLE ROW LEVEL SECURITY;
CREATE POLICY practice_rows ON "health_record_item" USING (practice_id = app_practice_id()) WITH CHECK (practice_id = app_practice_id());
ALTER TABLE "appointment" ENABLE ROW LEVEL SECURITY;
CREATE POLICY practice_rows ON "appointment" USING (practice_id = app_practice_id()) WITH CHECK (practice_id = app_practice_id());
ALTER TABLE "clinical_note" ENABLE ROW LEVEL SECURITY;
CREATE POLICY practice_rows ON "clinical_note" USING (practice_id = app_practice_id()) WITH CHECK (practice_id = app_practice_id());
ALTER TABLE "clinical_note_addendum" ENABLE ROW LEVEL SECURITY;
CREATE POLICY practice_rows ON "clinical_note_addendum" USING (practice_id = app_practice_id()) WITH CHECK (practice_id = app_practice_id());
ALTER TABLE "payment" ENABLE ROW LEVEL SECURITY;
CREATE POLICY practice_rows ON "payment" USING (practice_id = app_practice_id()) WITH CHECK (practice_id = app_practice_id());

ALTER TABLE "audit_entry" ENABLE ROW LEVEL SECURITY;
CREATE POLICY practice_rows ON "audit_entry" USING (practice_id = app_practice_id()) WITH CHECK (practice_id = app_practice_id());

-- Profile photos are public (served to every visitor of a profile); only the practice changes its own.
ALTER TABLE "profile_photo" ENABLE ROW LEVEL SECURITY;
CREATE POLICY public_read ON "profile_photo" FOR SELECT USING (true);
CREATE POLICY practice_insert ON "profile_photo" FOR INSERT WITH CHECK (practice_id = app_practice_id());
CREATE POLICY practice_update ON "profile_photo" FOR UPDATE USING (practice_id = app_practice_id()) WITH CHECK (practice_id = app_practice_id());
CREATE POLICY practice_delete ON "profile_photo" FOR DELETE USING (practice_id = app_practice_id());

-- A referral is its sender's practice's, and also the business of the account it was sent to (who
-- sees it, accepts or declines it), by that account's e-mail.
ALTER TABLE "referral" ENABLE ROW LEVEL SECURITY;
CREATE POLICY practice_or_referee_rows ON "referral"
  USING (practice_id = app_practice_id() OR referee_email = app_user_email())
  WITH CHECK (practice_id = app_practice_id() OR referee_email = app_user_email());

-- A code is its practice's; the account a referral was sent to sees the code it was sent with.
ALTER TABLE "referral_code" ENABLE ROW LEVEL SECURITY;
CREATE POLICY practice_rows ON "referral_code" USING (practice_id = app_practice_id()) WITH CHECK (practice_id = app_practice_id());
CREATE POLICY referee_read ON "referral_code" FOR SELECT
  USING (app_user_email() IS NOT NULL AND EXISTS (SELECT 1 FROM referral r WHERE r.code_id = referral_code.id AND r.referee_email = app_user_email()));

-- What a shared referral link offers a visitor, and which practice a code belongs to (to redeem it
-- at sign-up in that practice's name): the code's public facts, nothing about its referrals. The
-- view runs as its owner, so it sees every code; it exposes only these columns.
CREATE VIEW referral_code_offer AS
  SELECT id, practice_id, code, description, reward_minor, usage_count, max_usage, expires_at, status
  FROM referral_code;
GRANT SELECT ON referral_code_offer TO wellspring_app;

-- A message sent with a profile's Contact is its practice's; one sent to a listing no account owns
-- (the sample directory) belongs to no practice and is only relayed.
ALTER TABLE "contact_message" ENABLE ROW LEVEL SECURITY;
CREATE POLICY practice_rows ON "contact_message"
  USING (practice_id = app_practice_id() OR practice_id IS NULL)
  WITH CHECK (practice_id = app_practice_id() OR practice_id IS NULL);

-- Which practice owns a row the outbox relay must read at send time (the event names only the row).
CREATE FUNCTION practice_of_referral(referral_id text) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$ SELECT practice_id FROM referral WHERE id = referral_id $$;
CREATE FUNCTION practice_of_contact_message(message_id text) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$ SELECT practice_id FROM contact_message WHERE id = message_id $$;
