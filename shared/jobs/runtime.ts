import type { Platform } from "../modules.ts";
import { Dispatcher } from "./dispatcher.ts";
import { Scheduler, startHeartbeat } from "./scheduler.ts";

/**
 * Starts this instance's dispatcher, the schedule heartbeat and the features' and modules'
 * background loops (the event log's readers among them);
 * returns a stop function.
 */
export function startJobs(platform: Platform) {
  const { config } = platform;
  const dispatcher = new Dispatcher(platform.db, platform.jobs, {
    concurrency: config.JOB_CONCURRENCY,
    perTenantLimit: config.JOB_TENANT_CONCURRENCY,
    leaseSeconds: config.JOB_LEASE_SECONDS,
    maxRunSeconds: config.JOB_MAX_RUN_SECONDS,
    bus: platform.bus,
  });
  dispatcher.start();
  const scheduler = new Scheduler(platform.db, () => platform.schedules);
  const stopHeartbeat = startHeartbeat(() => scheduler.tick());
  const loops = [...platform.features, ...platform.modules].flatMap((u) =>
    u.background ? [u.background(platform)] : []
  );
  return async () => {
    stopHeartbeat();
    await Promise.all(loops.map((stop) => stop()));
    await dispatcher.stop();
  };
}
