-- CreateTable
CREATE TABLE "community_resource" (
    "id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "author" TEXT NOT NULL,
    "date_added" DATE NOT NULL,
    "tags" TEXT[],
    "views" INTEGER NOT NULL DEFAULT 0,
    "seeded_likes" INTEGER NOT NULL DEFAULT 0,
    "downloads" INTEGER NOT NULL DEFAULT 0,
    "description" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "file_content_type" TEXT NOT NULL,
    "file_content" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "community_resource_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "resource_like" (
    "resource_id" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "resource_like_pkey" PRIMARY KEY ("resource_id","user_id")
);

-- CreateIndex
CREATE INDEX "community_resource_date_added_id_idx" ON "community_resource"("date_added" DESC, "id");

-- CreateIndex
CREATE INDEX "resource_like_user_id_idx" ON "resource_like"("user_id");

-- AddForeignKey
ALTER TABLE "resource_like" ADD CONSTRAINT "resource_like_resource_id_fkey" FOREIGN KEY ("resource_id") REFERENCES "community_resource"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "resource_like" ADD CONSTRAINT "resource_like_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
