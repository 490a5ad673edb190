-- CreateTable
CREATE TABLE "profile_photo" (
    "id" UUID NOT NULL,
    "practice_id" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "sha256" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "profile_photo_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "profile_photo_practice_id_created_at_idx" ON "profile_photo"("practice_id", "created_at");

-- AddForeignKey
ALTER TABLE "profile_photo" ADD CONSTRAINT "profile_photo_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: WebP is already compressed, so PostgreSQL stores the bytes out of line without
-- trying to compress them again.
ALTER TABLE "profile_photo" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
