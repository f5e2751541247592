import type { JobHandler } from "../shared/jobs/dispatcher.ts";
import { enqueue } from "../shared/jobs/queue.ts";
import type { ModuleManifest, SystemJob } from "../shared/modules.ts";

export const DELIVER_EVENT_JOB = "platform.events.deliver";

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
