-- CreateTable
CREATE TABLE "community_member" (
    "id" TEXT NOT NULL,
    "user_id" UUID,
    "name" TEXT,
    "avatar" TEXT,
    "avatar_image" TEXT,
    "role" TEXT,
    "location" TEXT,
    "specialties" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "member_since" TEXT,
    "is_featured" BOOLEAN NOT NULL DEFAULT false,
    "achievement" TEXT,
    "bio" TEXT,
    "accepts_at_once" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "community_member_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_connection" (
    "member_a_id" TEXT NOT NULL,
    "member_b_id" TEXT NOT NULL,
    "requester_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "requested_at" TIMESTAMPTZ(3) NOT NULL,
    "answered_at" TIMESTAMPTZ(3),

    CONSTRAINT "member_connection_pkey" PRIMARY KEY ("member_a_id","member_b_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "community_member_user_id_key" ON "community_member"("user_id");

-- CreateIndex
CREATE INDEX "member_connection_member_b_id_idx" ON "member_connection"("member_b_id");

-- AddForeignKey
ALTER TABLE "community_member" ADD CONSTRAINT "community_member_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_connection" ADD CONSTRAINT "member_connection_member_a_id_fkey" FOREIGN KEY ("member_a_id") REFERENCES "community_member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_connection" ADD CONSTRAINT "member_connection_member_b_id_fkey" FOREIGN KEY ("member_b_id") REFERENCES "community_member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- By hand: the rules a CHECK constraint would state, as triggers raising check_violation (Prisma's
-- schema describer cannot read a CHECK constraint; see 20261124191000_audit_entry).

-- One row per unordered pair, the lesser id first (byte order, whatever the database's collation),
-- which also refuses a connection of a member with themself; the requester is one of the two.
CREATE FUNCTION member_connection_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT (NEW.member_a_id COLLATE "C" < NEW.member_b_id COLLATE "C") THEN
    RAISE EXCEPTION 'member_connection (%, %): a connection is stored once per pair, lesser id first, and never with oneself', NEW.member_a_id, NEW.member_b_id
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.requester_id NOT IN (NEW.member_a_id, NEW.member_b_id) OR NEW.status NOT IN ('pending', 'connected', 'declined') THEN
    RAISE EXCEPTION 'member_connection (%, %): requester % or status % outside the pair''s rules', NEW.member_a_id, NEW.member_b_id, NEW.requester_id, NEW.status
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER member_connection_check BEFORE INSERT OR UPDATE ON "member_connection"
  FOR EACH ROW EXECUTE FUNCTION member_connection_check();

-- A sample member carries its card; a practitioner's row is their account (its id), their card
-- being their published profile.
CREATE FUNCTION community_member_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.user_id IS NULL AND (NEW.name IS NULL OR NEW.avatar IS NULL OR NEW.role IS NULL OR NEW.location IS NULL OR NEW.member_since IS NULL OR NEW.bio IS NULL))
     OR (NEW.user_id IS NOT NULL AND NEW.id <> NEW.user_id::text) THEN
    RAISE EXCEPTION 'community_member %: a sample member needs its card, an account''s row its account''s id', NEW.id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER community_member_check BEFORE INSERT OR UPDATE ON "community_member"
  FOR EACH ROW EXECUTE FUNCTION community_member_check();
