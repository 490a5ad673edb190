-- Each rate-limit counter knows when its window closes (Retry-After, and rows deleted with their window).
-- Existing counters close one day after they opened, the longest window any rule uses today.
ALTER TABLE "rate_limit" ADD COLUMN "expires_at" TIMESTAMPTZ(3) NOT NULL DEFAULT (now() + interval '1 day');
ALTER TABLE "rate_limit" ALTER COLUMN "expires_at" DROP DEFAULT;

-- CreateIndex
CREATE INDEX "rate_limit_expires_at_idx" ON "rate_limit"("expires_at");
