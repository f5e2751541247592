/**
 * The events bus: how a domain event is published and who handles it. Publishing writes one row
 * to the tenant's event log in the publisher's transaction (migration 0080), so handlers see it
 * only once the change committed, in the tenant's commit order. Each subscriber — every module
 * with `onEvent`, then every platform feature with one (the notification rules) — reads the log
 * from its own cursor (events.reader.service.ts); `eventSubscribers` is the one place that says
 * who handles events.
 */
import type { z } from "@hono/zod-openapi";
import type { Sql } from "../../shared/db/database.ts";
import { afterCommit } from "../../shared/db/scope.ts";
import type {
  DomainEvent,
  EventCatalog,
  ModuleManifest,
  PlatformFeature,
} from "../../shared/modules.ts";
import { insertEvent } from "./events.repo.ts";

/** The NOTIFY channel the numbering trigger wakes readers on (other instances). */
export const EVENTS_CHANNEL = "platform_events";

/** This process's readers, woken when one of its transactions publishes. */
const wakers = new Set<() => void>();
export function onPublish(fn: () => void) {
  wakers.add(fn);
  return () => wakers.delete(fn);
}

/** Transactions that already asked for a wake-up (one per commit, however many events). */
const waking = new WeakSet<Sql>();

/**
 * Publishes a domain event (e.g. `support.ticket.created`) from the caller's transaction: one
 * row in the tenant's log, numbered at commit; nothing happens if the transaction rolls back.
 */
export async function publish(sql: Sql, event: string, data: Record<string, unknown>) {
  await insertEvent(sql, event, data);
  if (waking.has(sql)) return;
  waking.add(sql);
  try {
    afterCommit(sql, () => {
      waking.delete(sql);
      wakers.forEach((w) => w());
    });
  } catch {
    // A savepoint cannot know when its transaction commits: readers are woken by NOTIFY or poll.
    waking.delete(sql);
  }
}

/** Publishes one of the catalog's events: its name is checked by the compiler, its payload by zod. */
export type Publish<C extends EventCatalog> = <K extends keyof C & string>(
  sql: Sql,
  event: K,
  payload: z.input<C[K]>,
) => Promise<void>;

/**
 * A unit's publisher for the events its manifest declares. The event is logged in the caller's
 * transaction (handlers see it once that commits); an undeclared name or a payload that breaks
 * its schema is a programming error and throws.
 */
export function eventPublisher<C extends EventCatalog>(catalog: C): Publish<C> {
  return async (sql, event, payload) => {
    const schema = catalog[event];
    if (!schema) throw new Error(`event ${event} is not declared in its module's manifest`);
    await publish(sql, event, schema.parse(payload));
  };
}

/** One reader of the event log: a unit that handles events, with its own cursor per tenant. */
export interface EventSubscriber {
  /** The module or platform feature (also the cursor's name). */
  name: string;
  /** Sees every event of its tenant, in order, inside the transaction that moves its cursor. */
  handle: (event: DomainEvent) => Promise<void>;
}

/**
 * Who handles published events: every module whose manifest has `onEvent`, then every platform
 * feature with one (the notification rules). Each reads on its own: a failing subscriber is
 * retried alone and never repeats another's work.
 */
export function eventSubscribers(
  modules: Pick<ModuleManifest, "name" | "onEvent">[],
  features: Pick<PlatformFeature, "name" | "onEvent">[],
): EventSubscriber[] {
  return [...modules, ...features].flatMap((u) =>
    u.onEvent ? [{ name: u.name, handle: u.onEvent }] : []
  );
}
