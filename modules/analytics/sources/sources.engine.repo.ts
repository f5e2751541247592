/**
 * A connection to an external source, opened only through openSource: the host pinned by the
 * SSRF guard and the role checked SELECT-only before anything runs. Each opening is a fresh
 * pool of at most two connections (one runs, one can cancel), closed after use, so every pool
 * is checked again.
 */
import ipaddr from "ipaddr.js";
import { lookup } from "node:dns/promises";
import { problems } from "../../../shared/http/problem.ts";
import { type Allowlist, isForbiddenAddress } from "./sources.guard.lib.ts";
import { openPostgres } from "./sources.engine.pg.repo.ts";
import { openMysql } from "./sources.engine.mysql.repo.ts";

export {
  cancelAfter,
  capped,
  type Connection,
  type Limits,
  type RunColumn,
  type RunResult,
  type SourceColumn,
  type Target,
} from "./sources.engine.lib.ts";
import type { Connection, Target } from "./sources.engine.lib.ts";

/** Resolves the host (hosts file and DNS, like the driver would) to every address. */
export async function resolveHost(host: string): Promise<string[]> {
  if (ipaddr.isValid(host)) return [host];
  try {
    return (await lookup(host, { all: true, verbatim: true })).map((r) => r.address);
  } catch {
    throw problems.unprocessable(`The host ${host} cannot be resolved.`);
  }
}

/** The address to connect to; refused (422) when any address the host resolves to is private. */
export async function pinHost(host: string, allow: Allowlist): Promise<string> {
  const addresses = await resolveHost(host);
  const bad = addresses.find((ip) => isForbiddenAddress(ip, allow));
  if (bad !== undefined || addresses.length === 0) {
    throw problems.unprocessable(
      `The host ${host} points to a private, loopback or link-local address; only public hosts can be used unless the operator allows the network.`,
    );
  }
  return addresses[0];
}

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
