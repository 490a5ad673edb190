-- A visit's billing codes (issue 26): CPT procedure codes and ICD-10-CM diagnosis codes, printed
-- on the superbill. The domain reads what is typed into codes (visit-codes.schema.ts). The table's
-- row-level security and grants already cover new columns. The NPI, tax id and billing address
-- live in practice.profile (the profile editor's JSON), so they need no column.
ALTER TABLE "appointment" ADD COLUMN "cpt_codes" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
ADD COLUMN "icd10_codes" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];

-- By hand: the database refuses anything but codes, at most 12 a list, from any writer. A trigger
-- rather than a CHECK constraint: Prisma's schema describer cannot read one (see 20261124191000_audit_entry).
CREATE FUNCTION appointment_codes_are_codes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(NEW.cpt_codes) > 12
     OR array_to_string(NEW.cpt_codes, ',') !~ '^([0-9]{4}[0-9FT](,[0-9]{4}[0-9FT])*)?$' THEN
    RAISE EXCEPTION 'appointment_cpt_codes_check: not CPT codes' USING ERRCODE = 'check_violation';
  END IF;
  IF cardinality(NEW.icd10_codes) > 12
     OR array_to_string(NEW.icd10_codes, ',') !~ '^([A-Z][0-9][A-Z0-9](\.[A-Z0-9]{1,4})?(,[A-Z][0-9][A-Z0-9](\.[A-Z0-9]{1,4})?)*)?$' THEN
    RAISE EXCEPTION 'appointment_icd10_codes_check: not ICD-10-CM codes' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER appointment_codes_are_codes
  BEFORE INSERT OR UPDATE OF cpt_codes, icd10_codes ON "appointment"
  FOR EACH ROW EXECUTE FUNCTION appointment_codes_are_codes();
