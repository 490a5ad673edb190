-- The role the app serves as: no superuser, no BYPASSRLS, owner of nothing. The migrations (run as
-- the owner, POSTGRES_USER) grant it the tables; row-level security binds it.
CREATE ROLE wellspring_app LOGIN PASSWORD 'wellspring_app' NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
