/** MySQL / MariaDB sources through mysql2, connected to the pinned address. */
import { Problem, problems } from "../../../shared/http/problem.ts";
import { lazy } from "../../../shared/lazy.ts";
import {
  cancelAfter,
  capped,
  type Connection,
  type Limits,
  type RunColumn,
  type Target,
} from "./sources.engine.lib.ts";
import { mysqlGrantFaults, refuseWriter } from "./sources.privileges.lib.ts";

/** mysql2 (about 5 MB of heap), loaded when a MySQL source is first queried. */
const driver = lazy(async () => (await import("mysql2/promise")).default);

// mysql2 column type codes (mysql2 Types): numbers, dates, datetimes.
const NUMBERS = new Set([0, 1, 2, 3, 4, 5, 8, 9, 13, 246]);
function typeOf(code: number | undefined): RunColumn["type"] {
  if (code !== undefined && NUMBERS.has(code)) return "number";
  if (code === 10 || code === 14) return "date";
  if (code === 7 || code === 12) return "datetime";
  return "text";
}

export function mysqlProblem(err: unknown): Error {
  if (err instanceof Problem) return err;
  const e = err as { errno?: number; code?: string; message?: string };
  if (
    e.errno === 3024 || e.errno === 1969 || e.errno === 1317 ||
    e.code === "PROTOCOL_CONNECTION_LOST"
  ) {
    return problems.unprocessable("The query was cancelled at the time limit.");
  }
  if (e.errno === 1792) {
    return problems.unprocessable("The source is read-only; the statement was refused.");
  }
  if (e.errno === 1045 || e.errno === 1044 || e.errno === 1049) {
    return problems.unprocessable("The source refused the sign-in (user, password or database).");
  }
  if (e.errno && e.errno >= 1000 && e.errno < 4000) {
    return problems.unprocessable(`The source refused the statement: ${e.message}`);
  }
  return problems.unprocessable("The source cannot be reached.");
}

export async function openMysql(t: Target, address: string): Promise<Connection> {
  const pool = (await driver()).createPool({
    host: address,
    port: t.port,
    user: t.username,
    password: t.password,
    database: t.database,
    connectionLimit: 2,
    // Never more than one statement per call, whatever the text says.
    multipleStatements: false,
    connectTimeout: 10_000,
    supportBigNumbers: true,
    decimalNumbers: true,
    // TLS checks the certificate against the name, though the socket goes to the pinned address.
    ssl: t.ssl ? ({ servername: t.host } as { rejectUnauthorized?: boolean }) : undefined,
  });
  const close = () => pool.end().catch(() => {});
  let maria = false;
  try {
    const [grants] = await pool.query("SHOW GRANTS").catch((e) => {
      throw mysqlProblem(e);
    });
    const lines = (grants as Record<string, string>[]).map((r) => String(Object.values(r)[0]));
    refuseWriter(mysqlGrantFaults(lines));
    const [v] = await pool.query("select version() as v");
    maria = /mariadb/i.test(String((v as { v: string }[])[0].v));
  } catch (err) {
    await close();
    throw mysqlProblem(err);
  }
  return {
    engine: "mysql",
    async run(text: string, params: unknown[], limits: Limits, wrap: boolean) {
      const body = wrap ? capped(text, limits.rowCap) : text;
      const conn = await pool.getConnection().catch((e) => {
        throw mysqlProblem(e);
      });
      const ms = Math.max(1, Math.floor(limits.timeoutMs));
      const timer = setTimeout(async () => {
        // KILL QUERY from the pool's second connection; if that fails, drop the connection.
        try {
          await pool.query(`KILL QUERY ${Number(conn.threadId)}`);
        } catch {
          conn.destroy();
        }
      }, cancelAfter(limits));
      try {
        await conn.query(
          maria
            ? `SET SESSION max_statement_time = ${ms / 1000}`
            : `SET SESSION max_execution_time = ${ms}`,
        );
        await conn.query("START TRANSACTION READ ONLY");
        const [rows, fields] = params.length
          ? await conn.execute(body, params as never[])
          : await conn.query(body);
        await conn.query("ROLLBACK");
        const list = Array.isArray(rows) ? rows as Record<string, unknown>[] : [];
        const columns = (fields ?? []).map((f) => ({ name: f.name, type: typeOf(f.columnType) }));
        return {
          columns,
          rows: list.slice(0, limits.rowCap).map((r) => ({ ...r })),
          truncated: list.length > limits.rowCap,
        };
      } catch (err) {
        throw mysqlProblem(err);
      } finally {
        clearTimeout(timer);
        // A connection that ran tenant SQL is never reused.
        conn.destroy();
      }
    },
    async info() {
      const [r] = await pool.query(`select version() as v, (select sum(data_length + index_length)
        from information_schema.tables where table_schema = database()) as s`);
      const row = (r as { v: string; s: number | null }[])[0];
      return { version: String(row.v), sizeBytes: row.s === null ? null : Number(row.s) };
    },
    async columns() {
      const [r] = await pool.query(`select table_schema as \`schema\`, table_name as \`table\`,
        column_name as \`column\`, data_type as dataType from information_schema.columns
        where table_schema = database() order by table_schema, table_name, ordinal_position
        limit 5000`);
      return r as { schema: string; table: string; column: string; dataType: string }[];
    },
    close,
  };
}
