/** PostgreSQL sources through postgres.js, connected to the pinned address. */
import postgres from "postgres";
import { Problem, problems } from "../../../shared/http/problem.ts";
import {
  cancelAfter,
  capped,
  type Connection,
  type Limits,
  type RunColumn,
  type Target,
} from "./sources.engine.lib.ts";
import {
  PG_PRIVILEGES_SQL,
  type PgRoleFacts,
  pgRoleFaults,
  refuseWriter,
} from "./sources.privileges.lib.ts";

const NUMBER_OIDS = new Set([20, 21, 23, 700, 701, 1700, 26]);
function typeOf(oid: number): RunColumn["type"] {
  if (NUMBER_OIDS.has(oid)) return "number";
  if (oid === 16) return "boolean";
  if (oid === 1082) return "date";
  if (oid === 1114 || oid === 1184) return "datetime";
  return "text";
}

/** The server's error as a 422 the tenant can act on (never a 500). */
export function pgProblem(err: unknown): Error {
  const e = err as { code?: string; message?: string };
  const code = e.code ?? "";
  if (code === "57014") return problems.unprocessable("The query was cancelled at the time limit.");
  if (code === "25006") {
    return problems.unprocessable("The source is read-only; the statement was refused.");
  }
  if (code === "42501") return problems.unprocessable(`Not allowed on the source: ${e.message}`);
  if (/^(42|22|0A|21|23|54)/.test(code)) {
    return problems.unprocessable(`The source refused the statement: ${e.message}`);
  }
  if (code === "28P01" || code === "28000" || code === "3D000") {
    return problems.unprocessable("The source refused the sign-in (user, password or database).");
  }
  if (err instanceof Problem) return err;
  return problems.unprocessable("The source cannot be reached.");
}

export async function openPostgres(t: Target, address: string): Promise<Connection> {
  const pg = postgres({
    host: address,
    port: t.port,
    database: t.database,
    username: t.username,
    password: t.password,
    max: 2,
    prepare: false,
    connect_timeout: 10,
    idle_timeout: 5,
    ssl: t.ssl ? { servername: t.host } : false,
    connection: { application_name: "platform-analytics" },
    onnotice: () => {},
  });
  const close = () => pg.end({ timeout: 1 }).catch(() => {});
  try {
    const [facts] = await pg.unsafe(PG_PRIVILEGES_SQL).catch((e) => {
      throw pgProblem(e);
    });
    refuseWriter(facts ? pgRoleFaults(toFacts(facts)) : ["its role cannot be read"]);
  } catch (err) {
    await close();
    throw err;
  }
  return {
    engine: "postgres",
    async run(text: string, params: unknown[], limits: Limits, wrap: boolean) {
      const body = wrap ? capped(text, limits.rowCap) : text;
      try {
        return await pg.begin("read only", async (tx) => {
          await tx.unsafe(
            `set local statement_timeout = ${Math.max(1, Math.floor(limits.timeoutMs))}`,
          );
          // deno-lint-ignore no-explicit-any
          const q = tx.unsafe(body, params as any[]);
          const timer = setTimeout(() => q.cancel(), cancelAfter(limits));
          try {
            const rows = await q;
            const columns = (rows.columns ?? []).map((c) => ({
              name: c.name,
              type: typeOf(c.type),
            }));
            const nums = columns.filter((c) => c.type === "number").map((c) => c.name);
            const out = rows.slice(0, limits.rowCap).map((r) => {
              const row: Record<string, unknown> = { ...r };
              for (const n of nums) if (typeof row[n] === "string") row[n] = Number(row[n]);
              return row;
            });
            return { columns, rows: out, truncated: rows.length > limits.rowCap };
          } finally {
            clearTimeout(timer);
          }
        });
      } catch (err) {
        throw pgProblem(err);
      }
    },
    async info() {
      const [r] = await pg`select current_setting('server_version') as version,
        pg_database_size(current_database())::bigint::text as size`;
      return { version: String(r.version), sizeBytes: r.size === null ? null : Number(r.size) };
    },
    async columns() {
      return await pg<{ schema: string; table: string; column: string; dataType: string }[]>`
        select table_schema as schema, table_name as table, column_name as column,
          data_type as "dataType"
        from information_schema.columns
        where table_schema not in ('pg_catalog', 'information_schema')
        order by table_schema, table_name, ordinal_position limit 5000`;
    },
    close,
  };
}

// postgres.js is configured without a column transform here, so the raw names come back.
function toFacts(r: Record<string, unknown>): PgRoleFacts {
  return {
    superuser: !!r.superuser,
    createRole: !!r.create_role,
    createDb: !!r.create_db,
    replication: !!r.replication,
    bypassRls: !!r.bypass_rls,
    dbCreate: !!r.db_create,
    schemaCreate: Number(r.schema_create),
    writableTables: Number(r.writable_tables),
    writerRoles: Number(r.writer_roles),
  };
}
