import postgres from "postgres";
import type { Config } from "../config.ts";
import { log } from "../log.ts";
import { registerPool } from "./scope.ts";
import { lockDataDir } from "./datadir-lock.ts";
import { parseTimestamp } from "./timestamps.ts";

import type { Sql } from "./sql.ts";
export type { Sql };

export interface Database {
  /** Connection as the schema owner: migrations and the scoped transactions below start here. */
  sql: Sql;
  mode: "embedded" | "postgres";
  close(): Promise<void>;
  /**
   * Embedded mode: a consistent copy of the whole database (a gzipped tar of its data
   * directory), taken while the only connection is held idle, so no transaction is half in it.
   */
  dump?: () => Promise<Blob>;
}

// Timestamps travel as ISO 8601 strings (the API's format), dates as YYYY-MM-DD.
const TIMESTAMP_OIDS = [1114, 1184];
const options = {
  transform: postgres.camel,
  onnotice: () => {},
  types: {
    timestamp: {
      to: 1184,
      from: TIMESTAMP_OIDS,
      serialize: (v: Date | string) => (v instanceof Date ? v.toISOString() : v),
      parse: parseTimestamp,
    },
    date: { to: 1082, from: [1082], serialize: (v: string) => v, parse: (v: string) => v },
  },
};

export interface OpenOptions {
  /** Embedded mode only: keep the database in memory (tests). */
  inMemory?: boolean;
  /**
   * Embedded mode only: start from this dump (`dump()` of a migrated database) instead of an
   * empty one; the test runner makes one per run so each test file skips the migrations.
   */
  template?: Blob;
}

export async function openDatabase(config: Config, opts: OpenOptions = {}): Promise<Database> {
  if (config.DATABASE_URL) {
    const sql = postgres(config.DATABASE_URL, { ...options, max: config.DATABASE_POOL_SIZE });
    registerPool(sql);
    await sql`select 1`;
    return { sql, mode: "postgres", close: () => sql.end({ timeout: 5 }) };
  }
  return await openEmbedded(config, opts);
}

/**
 * PGlite is one database session, so it sits behind pglite-socket and the pool is exactly one
 * connection: several connections would interleave their transactions in that one session.
 */
async function openEmbedded(config: Config, opts: OpenOptions): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  const dataDir = opts.inMemory ? undefined : `${config.DATA_DIR}/pgdata`;
  if (dataDir) await Deno.mkdir(dataDir, { recursive: true });
  // One process per data directory: a second one would corrupt it (backup/restore check this).
  const releaseLock = dataDir ? await lockDataDir(config.DATA_DIR) : () => Promise.resolve();
  const pglite = await PGlite.create({
    dataDir,
    extensions: { pg_trgm, unaccent },
    loadDataDir: opts.template,
  });
  const server = new PGLiteSocketServer({ db: pglite, host: "127.0.0.1", port: 0 });
  await server.start();
  const [host, port] = server.getServerConn().split(":");
  const sql = postgres({
    ...options,
    host,
    port: Number(port),
    user: "postgres",
    database: "postgres",
    max: 1,
  });
  registerPool(sql);
  log.debug("embedded database started", { dataDir: dataDir ?? "memory" });
  return {
    sql,
    mode: "embedded",
    async close() {
      await sql.end({ timeout: 5 });
      await server.stop();
      await pglite.close();
      await releaseLock();
    },
    async dump() {
      // Holding the pool's only connection (idle: reserve waits for any transaction to end)
      // keeps every request out while the files are copied.
      const reserved = await sql.reserve();
      try {
        return await pglite.dumpDataDir("gzip");
      } finally {
        reserved.release();
      }
    },
  };
}
