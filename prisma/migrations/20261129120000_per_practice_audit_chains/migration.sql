-- One audit chain per practice (docs/decisions/0039-per-practice-audit-chains.md). Until now every
-- append of every practice took the one row of audit_chain_head; from here each practice's appends
-- take that practice's row of audit_practice_chain_head, so practices never wait on each other.

-- CreateTable
CREATE TABLE "audit_practice_chain_head" (
    "practice_id" TEXT NOT NULL,
    "last_sequence" BIGINT NOT NULL,
    "last_hash" TEXT NOT NULL,

    CONSTRAINT "audit_practice_chain_head_pkey" PRIMARY KEY ("practice_id")
);

-- AlterTable
ALTER TABLE "audit_entry" ADD COLUMN "chain_sequence" BIGINT;

-- CreateIndex
CREATE UNIQUE INDEX "audit_entry_practice_id_chain_sequence_key" ON "audit_entry"("practice_id", "chain_sequence");

-- Hand-written from here.

-- The entries appended so far stay as they are: the legacy segment, one chain across practices
-- (chain_sequence NULL, hashed as 'wellspring-audit-v1', sealed with the v1 seal text). Re-chaining
-- them here would rewrite every hash, and the seals and anchors — HMACs under a key the database
-- never holds — could not be made again for the new hashes: the history would stop verifying. The
-- legacy head (audit_chain_head, id 1) is frozen where it is, and every practice's chain starts
-- from its hash, so the legacy segment is the common root of every chain.

-- The global sequence stays the entry's key (seals, the patient listing's order and cursor) and goes
-- on from the legacy head; it may now have gaps (a rolled-back append takes a number too). Gapless
-- is chain_sequence, per practice, under that practice's head.
CREATE SEQUENCE audit_entry_sequence_seq AS BIGINT MINVALUE 1;
SELECT setval('audit_entry_sequence_seq', last_sequence + 1, false) FROM audit_chain_head WHERE id = 1;
REVOKE ALL ON SEQUENCE audit_entry_sequence_seq FROM PUBLIC;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'wellspring_app') THEN
    REVOKE ALL ON SEQUENCE audit_entry_sequence_seq FROM wellspring_app;
  END IF;
END $$;

-- Appends the entry to its practice's chain: under that practice's head row lock (held to the end of
-- the inserting transaction, so concurrent appends of one practice queue and never fork, while other
-- practices' appends go on), the next chain_sequence, a global sequence, the time, the previous hash
-- and the entry's own hash replace whatever the INSERT supplied. The first append of a practice
-- creates its head: INSERT … ON CONFLICT DO NOTHING waits for a concurrent first append's insert and
-- then does nothing, so both end up locking the one row. Hash v2 adds chain_sequence to v1's fields.
CREATE OR REPLACE FUNCTION audit_entry_append() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  head audit_practice_chain_head%ROWTYPE;
BEGIN
  -- The head is there but for a practice's first entry: one locking read, and the insert only then.
  SELECT * INTO head FROM audit_practice_chain_head WHERE practice_id = NEW.practice_id FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO audit_practice_chain_head (practice_id, last_sequence, last_hash)
      SELECT NEW.practice_id, 0, legacy.last_hash FROM audit_chain_head legacy WHERE legacy.id = 1
      ON CONFLICT (practice_id) DO NOTHING;
    SELECT * INTO STRICT head FROM audit_practice_chain_head WHERE practice_id = NEW.practice_id FOR UPDATE;
  END IF;
  NEW.chain_sequence := head.last_sequence + 1;
  NEW.sequence := nextval('audit_entry_sequence_seq');
  NEW.occurred_at := date_trunc('milliseconds', clock_timestamp());
  NEW.prev_hash := head.last_hash;
  NEW.hash := encode(sha256(convert_to(concat_ws('|',
    'wellspring-audit-v2',
    audit_hash_field(NEW.chain_sequence::text),
    audit_hash_field(NEW.sequence::text),
    audit_hash_field(NEW.id::text),
    audit_hash_field(((extract(epoch FROM NEW.occurred_at) * 1000)::bigint)::text),
    audit_hash_field(NEW.actor_user_id::text),
    audit_hash_field(NEW.practice_id),
    audit_hash_field(NEW.record_type),
    audit_hash_field(NEW.record_id),
    audit_hash_field(NEW.patient_id),
    audit_hash_field(NEW.action),
    audit_hash_field(NEW.request_id),
    audit_hash_field(NEW.source_address),
    audit_hash_field(NEW.detail::text),
    audit_hash_field(NEW.prev_hash)
  ), 'UTF8')), 'hex');
  UPDATE audit_practice_chain_head SET last_sequence = NEW.chain_sequence, last_hash = NEW.hash WHERE practice_id = NEW.practice_id;
  RETURN NEW;
END
$$;

-- A practice's head is created only by the append trigger (trigger depth 2), at 0 with the legacy
-- head's hash, and moves only from it, one entry at a time; it is never deleted or truncated.
CREATE FUNCTION audit_practice_chain_head_guard() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    IF TG_OP = 'INSERT' AND NEW.last_sequence = 0 AND NEW.last_hash = (SELECT last_hash FROM audit_chain_head WHERE id = 1) THEN
      RETURN NEW;
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.practice_id = OLD.practice_id AND NEW.last_sequence = OLD.last_sequence + 1 THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_practice_chain_head moves only when an audit entry is appended: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER audit_practice_chain_head_guard
BEFORE INSERT OR UPDATE OR DELETE ON "audit_practice_chain_head"
FOR EACH ROW EXECUTE FUNCTION audit_practice_chain_head_guard();

CREATE TRIGGER audit_practice_chain_head_no_truncate
BEFORE TRUNCATE ON "audit_practice_chain_head"
FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();

-- The legacy head is frozen: nothing moves it any more (the append trigger no longer does).
CREATE OR REPLACE FUNCTION audit_chain_head_guard() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'audit_chain_head is the frozen head of the legacy audit chain: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

-- Row-level security like every table with a practice_id; the server reads its practice's head and
-- never writes one (the append trigger runs as the owner).
ALTER TABLE "audit_practice_chain_head" ENABLE ROW LEVEL SECURITY;
CREATE POLICY practice_rows ON "audit_practice_chain_head" USING (practice_id = app_practice_id()) WITH CHECK (practice_id = app_practice_id());
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'wellspring_app') THEN
    REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "audit_practice_chain_head" FROM wellspring_app;
    GRANT SELECT ON "audit_practice_chain_head" TO wellspring_app;
  END IF;
END $$;

-- The sealer (apps/server/src/audit/audit-seal.ts) runs as the serving role and must see every
-- practice's head to find the chains with entries to seal; like audit_chain_for_sealing, an
-- owner-run view gives it them read-only. The entries' view gains chain_sequence.
CREATE VIEW audit_chain_heads_for_sealing AS
  SELECT practice_id, last_sequence, last_hash FROM audit_practice_chain_head;
CREATE OR REPLACE VIEW audit_chain_for_sealing AS
  SELECT sequence, id, occurred_at, actor_user_id, practice_id, record_type, record_id, patient_id, action, request_id,
         source_address, detail, prev_hash, hash, chain_sequence
  FROM audit_entry;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'wellspring_app') THEN
    REVOKE ALL ON audit_chain_heads_for_sealing FROM wellspring_app;
    GRANT SELECT ON audit_chain_heads_for_sealing TO wellspring_app;
  END IF;
END $$;
