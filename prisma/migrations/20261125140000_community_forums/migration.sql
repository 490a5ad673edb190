-- CreateTable
CREATE TABLE "forum_topic" (
    "id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "author" TEXT NOT NULL,
    "author_avatar" TEXT NOT NULL,
    "author_image" TEXT,
    "category" TEXT NOT NULL,
    "replies" INTEGER NOT NULL DEFAULT 0,
    "views" INTEGER NOT NULL DEFAULT 0,
    "preview" TEXT NOT NULL,
    "seeded_likes" INTEGER NOT NULL DEFAULT 0,
    "last_active_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "forum_topic_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "forum_topic_like" (
    "topic_id" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "forum_topic_like_pkey" PRIMARY KEY ("topic_id","user_id")
);

-- CreateIndex
CREATE INDEX "forum_topic_last_active_at_id_idx" ON "forum_topic"("last_active_at" DESC, "id");

-- CreateIndex
CREATE INDEX "forum_topic_like_user_id_idx" ON "forum_topic_like"("user_id");

-- AddForeignKey
ALTER TABLE "forum_topic_like" ADD CONSTRAINT "forum_topic_like_topic_id_fkey" FOREIGN KEY ("topic_id") REFERENCES "forum_topic"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forum_topic_like" ADD CONSTRAINT "forum_topic_like_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
