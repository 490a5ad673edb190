-- Invoices (issue 26; docs/decisions/0037-invoices.md). Practice data: row-level security like the
-- payments they are paid by. The server's role has the default privileges on both tables.

CREATE TABLE "invoice" (
    "id" TEXT NOT NULL,
    "practice_id" TEXT NOT NULL,
    "patient_id" TEXT NOT NULL,
    "appointment_id" TEXT,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "number" TEXT,
    "issued_on" DATE,
    "currency" TEXT NOT NULL,
    "lines" JSONB NOT NULL,
    "tax_rate_basis_points" INTEGER NOT NULL DEFAULT 0,
    "subtotal_minor" BIGINT NOT NULL,
    "tax_minor" BIGINT NOT NULL,
    "total_minor" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "invoice_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "invoice_practice_id_id_key" ON "invoice"("practice_id", "id");
CREATE UNIQUE INDEX "invoice_practice_id_number_key" ON "invoice"("practice_id", "number");
CREATE INDEX "invoice_practice_id_created_at_id_idx" ON "invoice"("practice_id", "created_at", "id");
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practice"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_practice_id_patient_id_fkey" FOREIGN KEY ("practice_id", "patient_id") REFERENCES "patient"("practice_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_practice_id_appointment_id_fkey" FOREIGN KEY ("practice_id", "appointment_id") REFERENCES "appointment"("practice_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;
ALTER TABLE "invoice" ENABLE ROW LEVEL SECURITY;
CREATE POLICY practice_rows ON "invoice" USING (practice_id = app_practice_id()) WITH CHECK (practice_id = app_practice_id());

CREATE TABLE "invoice_counter" (
    "practice_id" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "last_number" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "invoice_counter_pkey" PRIMARY KEY ("practice_id", "year")
);
ALTER TABLE "invoice_counter" ADD CONSTRAINT "invoice_counter_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practice"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "invoice_counter" ENABLE ROW LEVEL SECURITY;
CREATE POLICY practice_rows ON "invoice_counter" USING (practice_id = app_practice_id()) WITH CHECK (practice_id = app_practice_id());
-- A counter only counts up; it is never removed but with its practice.
REVOKE DELETE, TRUNCATE ON "invoice_counter" FROM wellspring_app;

-- The payment that pays an invoice: one at most, of the same practice.
ALTER TABLE "payment" ADD COLUMN "invoice_id" TEXT;
CREATE UNIQUE INDEX "payment_practice_id_invoice_id_key" ON "payment"("practice_id", "invoice_id");
ALTER TABLE "payment" ADD CONSTRAINT "payment_practice_id_invoice_id_fkey" FOREIGN KEY ("practice_id", "invoice_id") REFERENCES "invoice"("practice_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- By hand: the invoice's rules a CHECK constraint would state, as a trigger raising check_violation
-- (Prisma's schema describer cannot read a CHECK constraint; see 20261124191000_audit_entry). A
-- status is one of four; an issued or paid invoice has its number and day of issue; once issued,
-- the content, the number and the day are fixed, a void or paid invoice changes no more, and only
-- draft → issued → paid, draft → void and issued → void move the status.
CREATE FUNCTION invoice_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status NOT IN ('draft', 'issued', 'paid', 'void') THEN
    RAISE EXCEPTION 'invoice status % is not one of draft, issued, paid, void', NEW.status USING ERRCODE = 'check_violation', CONSTRAINT = 'invoice_status_check';
  END IF;
  IF NEW.status IN ('issued', 'paid') AND (NEW.number IS NULL OR NEW.issued_on IS NULL) THEN
    RAISE EXCEPTION 'an issued invoice has a number and a day of issue' USING ERRCODE = 'check_violation', CONSTRAINT = 'invoice_number_check';
  END IF;
  IF NEW.status = 'draft' AND NEW.number IS NOT NULL THEN
    RAISE EXCEPTION 'a draft invoice has no number' USING ERRCODE = 'check_violation', CONSTRAINT = 'invoice_number_check';
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status <> 'draft' THEN
    IF NEW.lines IS DISTINCT FROM OLD.lines OR NEW.tax_rate_basis_points <> OLD.tax_rate_basis_points OR NEW.total_minor <> OLD.total_minor
       OR NEW.subtotal_minor <> OLD.subtotal_minor OR NEW.tax_minor <> OLD.tax_minor OR NEW.currency <> OLD.currency
       OR NEW.number IS DISTINCT FROM OLD.number OR NEW.issued_on IS DISTINCT FROM OLD.issued_on
       OR NEW.patient_id <> OLD.patient_id OR NEW.practice_id <> OLD.practice_id
       OR OLD.status IN ('paid', 'void') AND NEW.status <> OLD.status
       OR OLD.status = 'issued' AND NEW.status NOT IN ('issued', 'paid', 'void') THEN
      RAISE EXCEPTION 'an issued invoice is not changed, only paid or voided' USING ERRCODE = 'check_violation', CONSTRAINT = 'invoice_issued_lock';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER invoice_guard BEFORE INSERT OR UPDATE ON "invoice" FOR EACH ROW EXECUTE FUNCTION invoice_guard();

-- Which practice owns an invoice the outbox relay e-mails at send time.
CREATE FUNCTION practice_of_invoice(invoice_id text) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$ SELECT practice_id FROM invoice WHERE id = invoice_id $$;
