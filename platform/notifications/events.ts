import type { z } from "@hono/zod-openapi";
import type { Sql } from "../../shared/db/database.ts";
import type { EventCatalog } from "../../shared/modules.ts";
import { publish as dispatch } from "./rules.ts";

/** Publishes one of the catalog's events: its name is checked by the compiler, its payload by zod. */
export type Publish<C extends EventCatalog> = <K extends keyof C & string>(
  sql: Sql,
  event: K,
  payload: z.input<C[K]>,
) => Promise<void>;

/**
 * A module's publisher for the events its manifest declares. The event is dispatched from the
 * caller's transaction (notification rules and subscribers see it once that commits); an
 * undeclared name or a payload that breaks its schema is a programming error and throws.
 */
export function eventPublisher<C extends EventCatalog>(catalog: C): Publish<C> {
  return async (sql, event, payload) => {
    const schema = catalog[event];
    if (!schema) throw new Error(`event ${event} is not declared in its module's manifest`);
    await dispatch(sql, event, schema.parse(payload));
  };
}
