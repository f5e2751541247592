import type { Sql } from "./database.ts";
import { log } from "../log.ts";

export const MIGRATIONS_DIR = new URL("../../migrations/", import.meta.url);
// Arbitrary constant shared by every instance, so concurrent starts migrate one at a time.
const LOCK_KEY = 7_202_611;

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir: URL = MIGRATIONS_DIR): Promise<Migration[]> {
  const list: Migration[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const m = /^(\d+)_([\w-]+)\.sql$/.exec(entry.name);
    if (!entry.isFile || !m) continue;
    const sql = await Deno.readTextFile(new URL(entry.name, dir));
    list.push({ version: Number(m[1]), name: m[2], sql, checksum: await sha256(sql) });
  }
  list.sort((a, b) => a.version - b.version);
  const dupe = list.find((m, i) => i > 0 && list[i - 1].version === m.version);
  if (dupe) throw new Error(`two migrations share version ${dupe.version}`);
  return list;
}

async function sha256(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Applies pending migrations in order, each in its own transaction, under a session advisory
 * lock. A failing migration rolls back and throws: the database stays as it was before it.
 */
export async function migrate(
  sql: Sql,
  opts: { migrations?: Migration[]; table?: string } = {},
): Promise<number[]> {
  const all = opts.migrations ?? await readMigrations();
  const table = sql(opts.table ?? "schema_migrations");
  const conn = await sql.reserve();
  try {
    await conn`select pg_advisory_lock(${LOCK_KEY})`;
    await conn`create table if not exists ${table} (
      version integer primary key,
      name text not null,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`;
    const applied = new Map<number, string>();
    for (const r of await conn`select version, checksum from ${table}`) {
      applied.set(r.version, r.checksum);
    }
    const done: number[] = [];
    for (const m of all) {
      const known = applied.get(m.version);
      if (known !== undefined) {
        if (known !== m.checksum) {
          throw new Error(`migration ${m.version}_${m.name} was changed after it was applied`);
        }
        continue;
      }
      await conn.unsafe("begin");
      try {
        await conn.unsafe(m.sql);
        await conn`insert into ${table} (version, name, checksum)
                   values (${m.version}, ${m.name}, ${m.checksum})`;
        await conn.unsafe("commit");
      } catch (err) {
        await conn.unsafe("rollback");
        throw new Error(`migration ${m.version}_${m.name} failed: ${(err as Error).message}`);
      }
      log.info("migration applied", { version: m.version, name: m.name });
      done.push(m.version);
    }
    return done;
  } finally {
    await conn`select pg_advisory_unlock(${LOCK_KEY})`.catch(() => {});
    conn.release();
  }
}
