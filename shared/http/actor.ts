import type { Context } from "hono";
import type { Sql } from "../db/database.ts";
import type { Bus } from "../realtime/bus.ts";
import type { AppEnv, Session } from "../modules.ts";

/**
 * Who acts and through what: the tenant-scoped transaction, the caller's session and the
 * real-time bus. Every module service takes `(actor, input)`.
 */
export interface Actor {
  sql: Sql;
  session: Session;
  bus: Bus;
}

/**
 * The request's actor. On streaming routes (no request-wide transaction) pass the short
 * transaction opened with `c.var.scope`.
 */
export function actorOf(c: Context<AppEnv>, sql: Sql = c.var.sql): Actor {
  return { sql, session: c.var.session, bus: c.var.platform.bus };
}

/**
 * The platform acting on its own (a job, an event reaction, a schedule): a tenant-scoped
 * transaction and the bus, no signed-in user. A service that needs no user takes this; an
 * Actor is one too.
 */
export type SystemActor = Omit<Actor, "session">;
