-- CreateTable
CREATE TABLE "referral_code" (
    "id" TEXT NOT NULL,
    "practice_id" TEXT NOT NULL,
    "owner_user_id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "reward_minor" INTEGER NOT NULL,
    "max_usage" INTEGER,
    "usage_count" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3),
    "status" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "referral_code_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "referral" (
    "id" TEXT NOT NULL,
    "practice_id" TEXT NOT NULL,
    "sender_user_id" UUID NOT NULL,
    "referrer_name" TEXT NOT NULL,
    "referee_name" TEXT NOT NULL,
    "referee_email" TEXT NOT NULL,
    "referee_type" TEXT NOT NULL,
    "referee_user_id" UUID,
    "code_id" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "resend_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),
    "referrer_reward_minor" INTEGER,
    "referee_reward_minor" INTEGER,

    CONSTRAINT "referral_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "referral_redemption" (
    "id" TEXT NOT NULL,
    "code_id" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "referral_id" TEXT,
    "referrer_reward_minor" INTEGER NOT NULL,
    "referee_reward_minor" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "referral_redemption_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "referral_code_code_key" ON "referral_code"("code");

-- CreateIndex
CREATE INDEX "referral_code_practice_id_created_at_idx" ON "referral_code"("practice_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "referral_code_practice_id_id_key" ON "referral_code"("practice_id", "id");

-- CreateIndex
CREATE INDEX "referral_practice_id_created_at_idx" ON "referral"("practice_id", "created_at");

-- CreateIndex
CREATE INDEX "referral_referee_email_idx" ON "referral"("referee_email");

-- CreateIndex
CREATE UNIQUE INDEX "referral_practice_id_id_key" ON "referral"("practice_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "referral_redemption_referral_id_key" ON "referral_redemption"("referral_id");

-- CreateIndex
CREATE UNIQUE INDEX "referral_redemption_code_id_user_id_key" ON "referral_redemption"("code_id", "user_id");

-- AddForeignKey
ALTER TABLE "referral_code" ADD CONSTRAINT "referral_code_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "referral" ADD CONSTRAINT "referral_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "referral" ADD CONSTRAINT "referral_practice_id_code_id_fkey" FOREIGN KEY ("practice_id", "code_id") REFERENCES "referral_code"("practice_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "referral_redemption" ADD CONSTRAINT "referral_redemption_code_id_fkey" FOREIGN KEY ("code_id") REFERENCES "referral_code"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- By hand: a code is never used more often than its limit, whatever the application does (the
-- redemption also locks the row and decides with the referral-code machine). A trigger rather than
-- a CHECK constraint: Prisma's schema describer cannot read one (see 20261124191000_audit_entry).
CREATE FUNCTION referral_code_usage_within_limit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.usage_count < 0 OR (NEW.max_usage IS NOT NULL AND NEW.usage_count > NEW.max_usage) THEN
    RAISE EXCEPTION 'referral code % used % times, over its limit of %', NEW.code, NEW.usage_count, NEW.max_usage
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER referral_code_usage_within_limit BEFORE INSERT OR UPDATE ON "referral_code"
  FOR EACH ROW EXECUTE FUNCTION referral_code_usage_within_limit();
