-- Accounts a practice can trust (issue 25; docs/decisions/0035-account-security.md): e-mail
-- verification, password reset, change of e-mail, 2-step verification (TOTP) with recovery codes,
-- and sessions a user can see and end.

-- Accounts made before verification existed proved nothing, but they are the practices already
-- running: they count as verified from their creation, so no published listing disappears.
ALTER TABLE "app_user"
    ADD COLUMN "email_verified_at" TIMESTAMPTZ(3),
    -- The TOTP secret, sealed (AES-256-GCM under a key derived from the server's audit key): a copy of
    -- the table alone cannot produce codes. `totp_pending_secret` holds one being set up.
    ADD COLUMN "totp_secret" TEXT,
    ADD COLUMN "totp_pending_secret" TEXT,
    ADD COLUMN "totp_enabled_at" TIMESTAMPTZ(3),
    -- The last 30-second step whose code was accepted: a code is never accepted twice.
    ADD COLUMN "totp_last_step" BIGINT,
    ADD COLUMN "password_changed_at" TIMESTAMPTZ(3),
    -- A referral code given at sign-up, redeemed when the address is verified.
    ADD COLUMN "pending_referral_code" TEXT,
    -- Which e-mails the practitioner gets (the domain's NotificationSettings); {} = the defaults.
    ADD COLUMN "notification_settings" JSONB NOT NULL DEFAULT '{}';
UPDATE "app_user" SET "email_verified_at" = "created_at";

-- Single-use links: password reset, e-mail verification, change of e-mail. The token itself is an
-- HMAC of the row's id (auth/link-tokens.ts): only its SHA-256 is stored.
CREATE TABLE "account_token" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    -- password-reset | email-verification | email-change
    "purpose" TEXT NOT NULL,
    "token_hash" BYTEA NOT NULL,
    -- The new address of a change of e-mail; the old one once it is made (to tell it).
    "email" TEXT,
    "previous_email" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_token_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "account_token_token_hash_key" ON "account_token"("token_hash");
CREATE INDEX "account_token_user_id_purpose_idx" ON "account_token"("user_id", "purpose");
ALTER TABLE "account_token" ADD CONSTRAINT "account_token_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- 2-step recovery codes, stored as SHA-256 (each is 50 random bits, shown once).
CREATE TABLE "recovery_code" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "code_hash" BYTEA NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recovery_code_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "recovery_code_user_id_code_hash_key" ON "recovery_code"("user_id", "code_hash");
ALTER TABLE "recovery_code" ADD CONSTRAINT "recovery_code_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Sessions a user can list and end: a public id (never the token's hash), the browser, a shortened
-- address, whether the second step is still owed, and when the password was last entered.
ALTER TABLE "session"
    ADD COLUMN "public_id" UUID NOT NULL DEFAULT gen_random_uuid(),
    ADD COLUMN "user_agent" TEXT,
    ADD COLUMN "address" TEXT,
    ADD COLUMN "second_factor_pending" BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN "authenticated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
CREATE UNIQUE INDEX "session_public_id_key" ON "session"("public_id");
