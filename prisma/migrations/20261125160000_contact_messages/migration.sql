-- CreateTable
CREATE TABLE "contact_message" (
    "id" TEXT NOT NULL,
    "practitioner_id" TEXT,
    "practice_id" TEXT,
    "sender_name" TEXT NOT NULL,
    "sender_email" TEXT NOT NULL,
    "sender_phone" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "consented_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "read_at" TIMESTAMPTZ(3),

    CONSTRAINT "contact_message_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "contact_message_practice_id_created_at_idx" ON "contact_message"("practice_id", "created_at");

-- CreateIndex
CREATE INDEX "contact_message_practitioner_id_idx" ON "contact_message"("practitioner_id");

-- AddForeignKey
ALTER TABLE "contact_message" ADD CONSTRAINT "contact_message_practitioner_id_fkey" FOREIGN KEY ("practitioner_id") REFERENCES "practitioner"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_message" ADD CONSTRAINT "contact_message_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practice"("id") ON DELETE CASCADE ON UPDATE CASCADE;
