/**
 * The events bus: how a domain event is published and who handles it. Publishing queues the
 * event's dispatch job in the publisher's transaction, so handlers see it only once the change
 * committed (and even if this instance stops right after). That job then hands the event to
 * every handler `eventHandlers` lists — the one place that says who handles which event.
 */
import type { z } from "@hono/zod-openapi";
import type { Sql } from "../../shared/db/database.ts";
import type { JobHandler } from "../../shared/jobs/dispatcher.ts";
import { enqueue } from "../../shared/jobs/queue.ts";
import type {
  EventCatalog,
  ModuleManifest,
  PlatformFeature,
  SystemJob,
} from "../../shared/modules.ts";

/** The job that carries a published event (named for the rules, which it first ran alone). */
export const RULES_DISPATCH_JOB = "platform.rules.dispatch";
/** The job that hands one event to one module subscriber. */
export const DELIVER_EVENT_JOB = "platform.events.deliver";

/**
 * Publishes a domain event (e.g. `support.ticket.created`) from the caller's transaction: it is
 * dispatched in a job, so its handlers see it only once the change has committed, and run even
 * if this instance stops right after.
 */
export async function publish(sql: Sql, event: string, data: Record<string, unknown>) {
  await enqueue(sql, RULES_DISPATCH_JOB, { payload: { event, data }, maxAttempts: 3 });
}

/** Publishes one of the catalog's events: its name is checked by the compiler, its payload by zod. */
export type Publish<C extends EventCatalog> = <K extends keyof C & string>(
  sql: Sql,
  event: K,
  payload: z.input<C[K]>,
) => Promise<void>;

/**
 * A unit's publisher for the events its manifest declares. The event is dispatched from the
 * caller's transaction (handlers see it once that commits); an undeclared name or a payload that
 * breaks its schema is a programming error and throws.
 */
export function eventPublisher<C extends EventCatalog>(catalog: C): Publish<C> {
  return async (sql, event, payload) => {
    const schema = catalog[event];
    if (!schema) throw new Error(`event ${event} is not declared in its module's manifest`);
    await publish(sql, event, schema.parse(payload));
  };
}

/** One handler of published events, as `eventHandlers` lists them. */
export interface EventHandlerEntry {
  /** The module or platform feature that handles. */
  unit: string;
  /** Which events: every handler sees every event of its tenant and picks what it needs. */
  events: "all";
  /**
   * `delivery`: in a job of its own (DELIVER_EVENT_JOB), retried alone; `dispatch`: inside the
   * event's dispatch job itself, after the deliveries are queued.
   */
  runs: "delivery" | "dispatch";
}

/**
 * Who handles a published event, in order: every module whose manifest has `onEvent` (each in
 * a delivery job of its own), then every platform feature with `onDispatch` (the notification
 * rules), inside the dispatch job.
 */
export function eventHandlers(
  modules: Pick<ModuleManifest, "name" | "onEvent">[],
  features: Pick<PlatformFeature, "name" | "onDispatch">[],
): EventHandlerEntry[] {
  return [
    ...modules.filter((m) => m.onEvent).map((m) => ({
      unit: m.name,
      events: "all" as const,
      runs: "delivery" as const,
    })),
    ...features.filter((f) => f.onDispatch).map((f) => ({
      unit: f.name,
      events: "all" as const,
      runs: "dispatch" as const,
    })),
  ];
}

/**
 * The dispatch job (with every feature's `onDispatch`, in order) and, when a module subscribes,
 * the delivery job: what the events bus adds to the platform's jobs.
 */
export function eventJobs(
  modules: Pick<ModuleManifest, "name" | "onEvent">[],
  features: Pick<PlatformFeature, "name" | "onDispatch">[],
): SystemJob[] {
  const inline = features.flatMap((f) => f.onDispatch ? [f.onDispatch] : []);
  const dispatch: SystemJob = {
    name: RULES_DISPATCH_JOB,
    handler: async (ctx) => {
      for (const handle of inline) await handle(ctx);
    },
  };
  return withEventDelivery([dispatch], modules as ModuleManifest[], RULES_DISPATCH_JOB);
}

/**
 * Hands each published event to the modules that subscribe (manifest `onEvent`), one job per
 * subscriber, so a failing subscriber is retried alone and never repeats the notification rules
 * or another module's work. The hand-off runs first, with dedupe keys, inside the event's own
 * dispatch job: a retry of that job does not hand the event over twice.
 */
export function withEventDelivery(
  jobs: SystemJob[],
  modules: ModuleManifest[],
  dispatchJob: string,
) {
  const subscribers = modules.filter((m) => m.onEvent);
  if (!subscribers.length) return jobs;
  const wrap = (inner: JobHandler): JobHandler => async (ctx) => {
    await ctx.scoped(async (tx) => {
      for (const m of subscribers) {
        await enqueue(tx, DELIVER_EVENT_JOB, {
          payload: { module: m.name, ...(ctx.payload as object) },
          dedupeKey: `event:${ctx.job.id}:${m.name}`,
          maxAttempts: 5,
        });
      }
    });
    await inner(ctx);
  };
  const deliver: SystemJob = {
    name: DELIVER_EVENT_JOB,
    handler: (ctx) => {
      const { module, event, data } = ctx.payload as {
        module: string;
        event: string;
        data: Record<string, unknown>;
      };
      const target = subscribers.find((m) => m.name === module);
      if (!target) return Promise.resolve();
      return ctx.scoped((sql) => target.onEvent!({ sql, bus: ctx.bus, name: event, data }));
    },
  };
  return [
    ...jobs.map((j) => j.name === dispatchJob ? { ...j, handler: wrap(j.handler) } : j),
    deliver,
  ];
}
