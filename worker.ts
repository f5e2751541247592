/**
 * `deno task worker`: dispatchers, schedules and agent sandboxes only — no HTTP. Run any number
 * of these beside the web instances (`deno task start`, which runs both) on one PostgreSQL.
 */
import { ConfigError, loadConfig } from "./shared/config.ts";
import { log, setLogLevel } from "./shared/log.ts";
import { preparePlatform } from "./app/start.ts";
import { startJobs } from "./shared/jobs/runtime.ts";
import { MODULES } from "./app/registry.ts";

let config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  Deno.exit(1);
}
setLogLevel(config.LOG_LEVEL);
if (!config.DATABASE_URL) {
  // The embedded database is one process's; a separate worker needs a shared PostgreSQL.
  console.error("deno task worker needs DATABASE_URL (PostgreSQL shared with the web instances)");
  Deno.exit(1);
}

const platform = await preparePlatform(config, MODULES).catch((err: Error) => {
  console.error(`start failed: ${err.message}`);
  Deno.exit(1);
});
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
