-- CreateIndex
CREATE INDEX "patient_name_trgm_idx" ON "patient" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "patient_email_trgm_idx" ON "patient" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "patient_phone_trgm_idx" ON "patient" USING GIN ("phone" gin_trgm_ops);
