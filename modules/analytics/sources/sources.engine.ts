/**
 * A connection to an external source, opened only through openSource: the host pinned by the
 * SSRF guard and the role checked SELECT-only before anything runs. Each opening is a fresh
 * pool of at most two connections (one runs, one can cancel), closed after use, so every pool
 * is checked again.
 */
import type { Allowlist } from "./sources.guard.ts";
import { pinHost } from "./sources.guard.ts";
import { openPostgres } from "./sources.engine.pg.ts";
import { openMysql } from "./sources.engine.mysql.ts";

export {
  cancelAfter,
  capped,
  type Connection,
  type Limits,
  type RunColumn,
  type RunResult,
  type SourceColumn,
  type Target,
} from "./sources.engine.types.ts";
import type { Connection, Target } from "./sources.engine.types.ts";

/** Opens a checked connection; the caller closes it (use withSource). */
export async function openSource(target: Target, allow: Allowlist): Promise<Connection> {
  const address = await pinHost(target.host, allow);
  return target.engine === "postgres"
    ? await openPostgres(target, address)
    : await openMysql(target, address);
}

export async function withSource<T>(
  target: Target,
  allow: Allowlist,
  fn: (c: Connection) => Promise<T>,
): Promise<T> {
  const conn = await openSource(target, allow);
  try {
    return await fn(conn);
  } finally {
    await conn.close();
  }
}
