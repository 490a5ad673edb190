-- A payment names its patient (issue 26): "No appointment" in the payments list left a payment
-- recorded without a visit tied to nobody. The patient is one of the payment's own practice (the
-- composite key, as for appointments); a payment of an appointment is its patient's.
ALTER TABLE "payment" ADD COLUMN "patient_id" TEXT;

UPDATE "payment" pm SET "patient_id" = a."patient_id"
  FROM "appointment" a
 WHERE a."practice_id" = pm."practice_id" AND a."id" = pm."appointment_id";

ALTER TABLE "payment"
  ADD CONSTRAINT "payment_practice_id_patient_id_fkey" FOREIGN KEY ("practice_id", "patient_id") REFERENCES "patient"("practice_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

CREATE INDEX "payment_practice_id_patient_id_idx" ON "payment"("practice_id", "patient_id");
