-- Sessions end after an idle limit (SESSION_IDLE_MINUTES) since their last recorded activity.
-- Sessions open at migration time count as active now.
-- AlterTable
ALTER TABLE "session" ADD COLUMN     "last_active_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
