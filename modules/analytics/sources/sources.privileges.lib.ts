/**
 * The SELECT-only rule, checked every time a connection pool is opened: a read-only session
 * alone can be switched off, so the role itself must be unable to write.
 */
import { problems } from "../../../shared/http/problem.ts";

/** What the PostgreSQL catalog says about the connected role (see PG_PRIVILEGES_SQL). */
export interface PgRoleFacts {
  superuser: boolean;
  createRole: boolean;
  createDb: boolean;
  replication: boolean;
  bypassRls: boolean;
  dbCreate: boolean;
  schemaCreate: number;
  writableTables: number;
  writerRoles: number;
}

export const PG_PRIVILEGES_SQL = `select r.rolsuper as superuser, r.rolcreaterole as create_role,
  r.rolcreatedb as create_db, r.rolreplication as replication, r.rolbypassrls as bypass_rls,
  has_database_privilege(current_database(), 'CREATE') as db_create,
  (select count(*)::int from pg_namespace n where n.nspname not like 'pg\\_%'
     and n.nspname <> 'information_schema' and has_schema_privilege(n.oid, 'CREATE'))
    as schema_create,
  (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm', 'f') and n.nspname not like 'pg\\_%'
       and n.nspname <> 'information_schema'
       and (has_table_privilege(c.oid, 'INSERT') or has_table_privilege(c.oid, 'UPDATE')
         or has_table_privilege(c.oid, 'DELETE') or has_table_privilege(c.oid, 'TRUNCATE')))
    as writable_tables,
  (select count(*)::int from pg_roles g where g.oid <> r.oid
     and pg_has_role(r.oid, g.oid, 'MEMBER') and (g.rolsuper or g.rolname in
       ('pg_write_all_data', 'pg_write_server_files', 'pg_execute_server_program',
        'pg_read_server_files', 'pg_signal_backend', 'pg_database_owner'))) as writer_roles
  from pg_roles r where r.rolname = current_user`;

/** The reasons a PostgreSQL role is not SELECT-only (empty: accepted). */
export function pgRoleFaults(f: PgRoleFacts): string[] {
  const out: string[] = [];
  if (f.superuser) out.push("it is a superuser");
  if (f.createRole || f.createDb || f.replication || f.bypassRls) {
    out.push("it may create roles or databases, replicate or bypass row security");
  }
  if (f.dbCreate || f.schemaCreate > 0) out.push("it may create objects");
  if (f.writableTables > 0) out.push(`it may change ${f.writableTables} table(s)`);
  if (f.writerRoles > 0) out.push("it belongs to a role that may write");
  return out;
}

/**
 * The reasons a MySQL/MariaDB account is not SELECT-only, from its SHOW GRANTS lines: every
 * line must grant only SELECT and/or USAGE, without the grant option; role grants and proxies
 * are refused because what they give is not visible here.
 */
export function mysqlGrantFaults(grants: string[]): string[] {
  const out: string[] = [];
  for (const line of grants) {
    const m = line.match(/^GRANT (.+?) ON (.+?) TO (.+)$/i);
    if (!m || /^PROXY$/i.test(m[1])) {
      out.push(`an unsupported grant (${line.slice(0, 80)})`);
      continue;
    }
    const privileges = m[1].split(",").map((p) => p.trim().toUpperCase());
    const extra = privileges.filter((p) => p !== "SELECT" && p !== "USAGE");
    if (extra.length) out.push(`it has ${extra.join(", ")} on ${m[2]}`);
    if (/WITH GRANT OPTION/i.test(m[3])) out.push(`it may grant on ${m[2]}`);
  }
  return out;
}

/** Throws the 422 that tells the tenant to use a read-only account. */
export function refuseWriter(faults: string[]) {
  if (!faults.length) return;
  throw problems.unprocessable(
    `The account is not read-only: ${faults.join("; ")}. Connect with a user that can only read.`,
  );
}
