/**
 * `deno task worker`: dispatchers, schedules and agent sandboxes only — no HTTP. Run any number
 * of these beside the web instances (`deno task start`, which runs both) on one PostgreSQL.
 */
import { log } from "./shared/log.ts";
import { startPlatform } from "./app/start.ts";
import { startJobs } from "./shared/jobs/runtime.ts";
import { MODULES } from "./app/registry.ts";

if (!Deno.env.get("DATABASE_URL")) {
  // The embedded database is one process's; a separate worker needs a shared PostgreSQL.
  console.error("deno task worker needs DATABASE_URL (PostgreSQL shared with the web instances)");
  Deno.exit(1);
}
const platform = await startPlatform(MODULES);
if (platform.config.EDGE) {
  // A worker is where agents run: it needs the subprocesses the edge profile has not got.
  console.error(
    "deno task worker cannot run in the edge profile (EDGE=1, Deno Deploy or --deny-write)",
  );
  await platform.db.close();
  Deno.exit(1);
}
const stopJobs = startJobs(platform);
log.info("worker started", { database: platform.db.mode });

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, async () => {
    await stopJobs();
    await platform.bus.close();
    await platform.db.close();
    Deno.exit(0);
  });
}
