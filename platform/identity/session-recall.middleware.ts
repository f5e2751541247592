import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import type { Sql } from "../../shared/db/database.ts";
import type { Scope } from "../../shared/db/scope.ts";
import type { KnownSession } from "./known-sessions.lib.ts";
import { checkedScopeSetup } from "./session.repo.ts";

/**
 * Session recall: a read whose token this instance has seen skips the session query
 * (known-sessions.lib.ts); the statement that opens its scope checks the session is unchanged
 * instead. When it changed, the attempt fails and the request is served again, read afresh.
 */

/** Requests whose statements failed because their remembered session was stale. */
const staleAttempts = new WeakSet<Context>();
/** The request to serve again, by the context of the attempt that found its session stale. */
const replays = new WeakMap<Context, Request>();

const STALE = "PLS01"; // raised by identity_session_unchanged (migration 0033)
const ABORTED = "25P02"; // what the statements after it answer
export const isStale = (err: unknown) => (err as { code?: string })?.code === STALE;

/**
 * Whether err is the expected failure of a request whose remembered session was stale (it is
 * answered again, so there is nothing to log). Anything else is still an error.
 */
export function isStaleAttempt(c: Context, err: unknown) {
  const code = (err as { code?: string })?.code;
  return staleAttempts.has(c) && (code === STALE || code === ABORTED);
}

/** The scope's setup statement for a remembered session (it checks the session's stamp). */
export function checkedSetup(c: Context, tx: Sql, scope: Scope, known: KnownSession) {
  const query = checkedScopeSetup(tx, scope, { ...known.session, stamp: known.stamp });
  // Registered before the handler's own statements: set before their failures are seen.
  query.catch((err) => isStale(err) && staleAttempts.add(c));
  return query;
}

/** The session step found the remembered session stale: serve `request` again (below). */
export function replayLater(c: Context, request: Request) {
  replays.set(c, request);
}

/**
 * A read that used a remembered session which had changed is served again, read afresh. The
 * failed attempt's answer is dropped: its body cancelled (an event stream would otherwise hold
 * its slot and subscription until the token expires), its headers not merged into the new one.
 */
export function replayStaleSession(
  app: { fetch: (req: Request, env?: unknown) => Response | Promise<Response> },
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const again = replays.get(c);
    if (!again) return;
    const dropped = c.res;
    c.error = undefined;
    c.res = undefined;
    await dropped.body?.cancel().catch(() => {});
    c.res = await app.fetch(again, c.env);
  };
}
