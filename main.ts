import { log } from "./shared/log.ts";
import { startPlatform } from "./app/start.ts";
import { createApp } from "./app/app.tsx";
import { startJobs } from "./shared/jobs/runtime.ts";
import { Scheduler, startHeartbeat } from "./shared/jobs/scheduler.ts";
import { MODULES } from "./app/registry.ts";

const platform = await startPlatform(MODULES);
const { config } = platform;
const app = createApp(platform);
const server = Deno.serve({
  port: config.PORT,
  hostname: config.HOST,
  onListen: ({ hostname, port }) =>
    log.info("listening", {
      url: `http://${hostname}:${port}`,
      database: platform.db.mode,
      ...(config.EDGE ? { profile: "edge" } : {}),
    }),
}, app.fetch);
const stopJobs = config.EDGE ? startEdgeHeartbeat() : startJobs(platform);

/**
 * Edge profile: no dispatcher here (agents need subprocesses; `deno task worker` processes run
 * every job), only the schedule heartbeat — Deno.cron, which Deno Deploy keeps alive — so timed
 * jobs are still queued when no worker's own heartbeat is running.
 */
function startEdgeHeartbeat() {
  const scheduler = new Scheduler(platform.db, () => platform.schedules);
  const stop = startHeartbeat(() => scheduler.tick());
  log.info("edge profile: jobs and agents run in separate worker processes");
  return () => Promise.resolve(stop());
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, async () => {
    // Open event streams never finish on their own: give requests 5 s, then stop anyway.
    await Promise.race([server.shutdown(), new Promise((r) => setTimeout(r, 5000))]);
    await stopJobs();
    await platform.bus.close();
    await platform.db.close();
    Deno.exit(0);
  });
}
