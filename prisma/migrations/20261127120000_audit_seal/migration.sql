-- CreateTable
CREATE TABLE "audit_seal" (
    "sequence" BIGINT NOT NULL,
    "mac" TEXT NOT NULL,
    "sealed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_seal_pkey" PRIMARY KEY ("sequence")
);

-- Hand-written from here (docs/decisions/0030-audit-hmac-seal.md). No foreign key to audit_entry: it
-- would refuse TRUNCATE audit_entry before that table's own append-only trigger could (with a less
-- clear message), and verification finds a seal without its entry anyway.

-- The seals are append-only like the entries they seal, for the table's owner too (a REVOKE would
-- not bind the owner). audit_refuse_change() is migration 20261124191000_audit_entry's.
CREATE TRIGGER audit_seal_append_only
BEFORE UPDATE OR DELETE ON "audit_seal"
FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();

CREATE TRIGGER audit_seal_no_truncate
BEFORE TRUNCATE ON "audit_seal"
FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();

-- The application role (when the cluster has one) seals and reads; it never changes a seal.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'wellspring_app') THEN
    GRANT SELECT, INSERT ON audit_seal TO wellspring_app;
    REVOKE UPDATE, DELETE, TRUNCATE ON audit_seal FROM wellspring_app;
  END IF;
END $$;
