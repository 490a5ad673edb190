-- Hand-written (Prisma cannot express it): every statement that writes the directory NOTIFYs
-- `directory_changed`, delivered at commit to every server LISTENing on it, which then drops its
-- cache of directory reads (apps/server/src/cache/, docs/decisions/0010-directory-read-cache.md).
-- Statement-level, so a bulk load sends one notice, and notices of one transaction fold into one.
CREATE FUNCTION notify_directory_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_notify('directory_changed', TG_OP);
  RETURN NULL;
END
$$;

CREATE TRIGGER practitioner_directory_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "practitioner"
FOR EACH STATEMENT EXECUTE FUNCTION notify_directory_changed();
