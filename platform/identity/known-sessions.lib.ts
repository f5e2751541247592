import type { Session } from "../../shared/http/env.ts";

/**
 * Sessions this instance has read, by token, with the tenant's session stamp they were read at
 * (migration 0033). A read request whose token is here skips the session query: the statement
 * that sets its scope checks the stamp and the token's revocation instead, and aborts the
 * transaction when either changed, so a remembered session is never used once it is stale.
 */
export interface KnownSession {
  session: Readonly<Omit<Session, "via">>;
  timeZone: string;
  profileLocale: string | null;
  tenantLocale: string;
  /** The tenant's and the account's stamps, as identity_session_stamp() returns them. */
  stamp: string;
}

const MAX_KNOWN = 10_000;
/** Per database (tests run many apps in one process; a token means nothing to another one). */
const byDatabase = new WeakMap<object, Map<string, KnownSession>>();
/** Requests re-sent after a stale session: they read the session afresh. */
const reloads = new WeakSet<Request>();
let stats = { hits: 0, reads: 0, stale: 0 };

function known(db: object) {
  let map = byDatabase.get(db);
  if (!map) byDatabase.set(db, map = new Map());
  return map;
}

export function recall(db: object, token: string, request: Request): KnownSession | undefined {
  const hit = reloads.has(request) ? undefined : known(db).get(token);
  if (hit) stats.hits++;
  return hit;
}

export function remember(db: object, token: string, entry: KnownSession) {
  stats.reads++;
  const map = known(db);
  map.delete(token); // re-insert: Map order is the eviction order
  map.set(token, Object.freeze(entry));
  if (map.size > MAX_KNOWN) map.delete(map.keys().next().value!);
}

/**
 * Drops a stale session and returns the request to send again (read afresh), under the same
 * request id, so that its log line and activity records name the request the client sent.
 */
export function forget(db: object, token: string, request: Request, requestId: string): Request {
  stats.stale++;
  known(db).delete(token);
  const again = new Request(request);
  again.headers.set("X-Request-Id", requestId);
  reloads.add(again);
  return again;
}

/** How often sessions were recalled, read by the session query and found stale (tests). */
export function knownSessionStats(reset = false) {
  const now = { ...stats };
  if (reset) stats = { hits: 0, reads: 0, stale: 0 };
  return now;
}
