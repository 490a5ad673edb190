/**
 * The two database roles (docs/decisions/0029-database-roles-and-row-level-security.md): the owner,
 * who runs the migrations and owns every table, and the application role the server's pool serves
 * as — no superuser, no BYPASSRLS, owner of nothing, so row-level security binds it and the audit log
 * is insert-only for it. The migrations grant to the group role `wellspring_app`; a login role
 * serves as it by being it, or a member of it.
 */
import pg from 'pg';

/** The role the migrations grant the tables to (and the embedded cluster's login for the server). */
export const APP_ROLE = 'wellspring_app';
/** The embedded cluster's owner of the database and every table in it. */
export const OWNER_ROLE = 'wellspring_owner';

export interface RoleLogins {
  /** Password of the server's login role `wellspring_app`. */
  readonly appPassword: string;
  /** Password of `wellspring_owner`; only when the database is to be handed to it (the embedded cluster). */
  readonly ownerPassword?: string;
}

const DUPLICATE_OBJECT = '42710';
const UNIQUE_VIOLATION = '23505';

/** CREATE ROLE, or ALTER ROLE when it exists (also when another process creates it at the same instant). */
async function upsertRole(client: pg.Client, role: string, attributes: string, password: string): Promise<void> {
  const id = client.escapeIdentifier(role);
  const secret = client.escapeLiteral(password);
  const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  if (exists.rowCount === 0) {
    try {
      await client.query(`CREATE ROLE ${id} ${attributes} PASSWORD ${secret}`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== DUPLICATE_OBJECT && code !== UNIQUE_VIOLATION) throw error;
    }
  }
  await client.query(`ALTER ROLE ${id} ${attributes} PASSWORD ${secret}`);
}

/** Every object in schema `public` that is not the owner's (nor an extension's) becomes the owner's. */
const HAND_OVER_PUBLIC_OBJECTS = `
DO $$
DECLARE
  item record;
BEGIN
  FOR item IN
    SELECT c.oid::regclass AS name, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm') AND pg_get_userbyid(c.relowner) <> '${OWNER_ROLE}'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER %s %s OWNER TO ${OWNER_ROLE}', CASE item.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END, item.name);
  END LOOP;
  -- Sequences a table owns moved with it; the others now.
  FOR item IN
    SELECT c.oid::regclass AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'S' AND pg_get_userbyid(c.relowner) <> '${OWNER_ROLE}'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'e', 'i'))
  LOOP
    EXECUTE format('ALTER SEQUENCE %s OWNER TO ${OWNER_ROLE}', item.name);
  END LOOP;
  FOR item IN
    SELECT p.oid::regprocedure AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND pg_get_userbyid(p.proowner) <> '${OWNER_ROLE}'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO ${OWNER_ROLE}', item.name);
  END LOOP;
  FOR item IN
    SELECT t.oid::regtype AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd') AND pg_get_userbyid(t.typowner) <> '${OWNER_ROLE}'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER TYPE %s OWNER TO ${OWNER_ROLE}', item.name);
  END LOOP;
END
$$`;

/**
 * As a superuser connected to `databaseUrl`: makes (or updates) the login role `wellspring_app` with
 * `appPassword`, never superuser, never BYPASSRLS; with `ownerPassword`, also `wellspring_owner`,
 * hands it the database and every object of schema `public` (so an existing data directory is
 * upgraded in place). Safe to run at every start and from several processes at once.
 */
export async function provisionDatabaseRoles(databaseUrl: string, logins: RoleLogins): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await upsertRole(client, APP_ROLE, 'LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOREPLICATION', logins.appPassword);
    if (logins.ownerPassword !== undefined) {
      await upsertRole(client, OWNER_ROLE, 'LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOREPLICATION', logins.ownerPassword);
      const { rows } = await client.query<{ database: string }>('SELECT current_database() AS database');
      const database = client.escapeIdentifier(rows[0]?.database ?? '');
      await client.query(`ALTER DATABASE ${database} OWNER TO ${client.escapeIdentifier(OWNER_ROLE)}`);
      await client.query(HAND_OVER_PUBLIC_OBJECTS);
    }
  } finally {
    await client.end();
  }
}

/** What the serving role may do that row-level security or the audit log's guards cannot stop. */
export interface RolePrivileges {
  readonly role: string;
  readonly superuser: boolean;
  readonly bypassRls: boolean;
  /** Tables of schema public it owns (an owner is not bound by its tables' policies and can disable their triggers). */
  readonly ownedTables: number;
}

export async function servingRolePrivileges(client: Pick<pg.Pool, 'query'>): Promise<RolePrivileges> {
  const { rows } = await client.query<{ role: string; superuser: boolean; bypass_rls: boolean; owned_tables: string }>(`
    SELECT r.rolname AS role, r.rolsuper AS superuser, r.rolbypassrls AS bypass_rls,
      (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND pg_has_role(current_user, c.relowner, 'USAGE'))::text AS owned_tables
    FROM pg_roles r WHERE r.rolname = current_user`);
  const row = rows[0];
  if (!row) throw new Error('the serving role is not in pg_roles');
  return { role: row.role, superuser: row.superuser, bypassRls: row.bypass_rls, ownedTables: Number(row.owned_tables) };
}

/** Why serving as this role would defeat row-level security or the audit log's guards; null when it would not. */
export function privilegedRoleProblem(privileges: RolePrivileges): string | null {
  if (privileges.superuser) return `role "${privileges.role}" is a superuser`;
  if (privileges.bypassRls) return `role "${privileges.role}" has BYPASSRLS`;
  if (privileges.ownedTables > 0) return `role "${privileges.role}" owns ${privileges.ownedTables} table(s) (or is a member of their owner)`;
  return null;
}

/** `url` with its user and password replaced. */
export function withLogin(url: string, user: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(user);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}
