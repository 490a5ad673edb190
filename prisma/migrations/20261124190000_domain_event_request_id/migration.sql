-- Every event records the request that caused it (the x-request-id header), beside its actor.
-- Events appended before this migration have none.
-- AlterTable
ALTER TABLE "domain_event" ADD COLUMN     "request_id" TEXT;
