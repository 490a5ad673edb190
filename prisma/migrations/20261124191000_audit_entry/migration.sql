-- CreateTable
CREATE TABLE "audit_entry" (
    "sequence" BIGINT NOT NULL,
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_user_id" UUID NOT NULL,
    "practice_id" TEXT NOT NULL,
    "record_type" TEXT NOT NULL,
    "record_id" TEXT,
    "patient_id" TEXT,
    "action" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "source_address" TEXT,
    "detail" JSONB,
    "prev_hash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "audit_entry_pkey" PRIMARY KEY ("sequence")
);

-- CreateTable
CREATE TABLE "audit_chain_head" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "last_sequence" BIGINT NOT NULL,
    "last_hash" TEXT NOT NULL,

    CONSTRAINT "audit_chain_head_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_entry_practice_id_patient_id_sequence_idx" ON "audit_entry"("practice_id", "patient_id", "sequence");

-- Hand-written from here (Prisma cannot express it; docs/decisions/0015-audit-log.md).

-- The chain starts empty: sequence 0, the genesis hash. The guard trigger below refuses any other
-- row (a CHECK constraint would do it too, but Prisma's schema describer cannot read one here).
INSERT INTO "audit_chain_head" ("id", "last_sequence", "last_hash") VALUES (1, 0, repeat('0', 64));

-- One field of the hashed text: '-' for NULL, else its length in UTF-8 bytes, ':' and the value, so
-- no value can pass for another however it is cut. apps/server/src/audit/audit-log.ts computes the
-- same text to verify the chain.
CREATE FUNCTION audit_hash_field(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN value IS NULL THEN '-' ELSE octet_length(convert_to(value, 'UTF8'))::text || ':' || value END
$$;

-- Appends the entry to the chain: under the head row's lock (held to the end of the inserting
-- transaction, so concurrent appends queue and never fork), the next sequence, the time, the
-- previous hash and the entry's own hash replace whatever the INSERT supplied.
CREATE FUNCTION audit_entry_append() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  head audit_chain_head%ROWTYPE;
BEGIN
  SELECT * INTO STRICT head FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  NEW.sequence := head.last_sequence + 1;
  NEW.occurred_at := date_trunc('milliseconds', clock_timestamp());
  NEW.prev_hash := head.last_hash;
  NEW.hash := encode(sha256(convert_to(concat_ws('|',
    'wellspring-audit-v1',
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
  UPDATE audit_chain_head SET last_sequence = NEW.sequence, last_hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END
$$;

CREATE TRIGGER audit_entry_append
BEFORE INSERT ON "audit_entry"
FOR EACH ROW EXECUTE FUNCTION audit_entry_append();

-- Append-only, for the table's owner too (a REVOKE would not bind the owner).
CREATE FUNCTION audit_refuse_change() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER audit_entry_append_only
BEFORE UPDATE OR DELETE ON "audit_entry"
FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();

CREATE TRIGGER audit_entry_no_truncate
BEFORE TRUNCATE ON "audit_entry"
FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();

-- The head moves only from audit_entry_append (trigger depth 2: the append trigger's UPDATE firing
-- this one), one entry at a time; it is never inserted, deleted or truncated.
CREATE FUNCTION audit_chain_head_guard() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 AND NEW.id = OLD.id AND NEW.last_sequence = OLD.last_sequence + 1 THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_chain_head moves only when an audit entry is appended: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER audit_chain_head_guard
BEFORE INSERT OR UPDATE OR DELETE ON "audit_chain_head"
FOR EACH ROW EXECUTE FUNCTION audit_chain_head_guard();

CREATE TRIGGER audit_chain_head_no_truncate
BEFORE TRUNCATE ON "audit_chain_head"
FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
