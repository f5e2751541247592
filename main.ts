import { ConfigError, loadConfig } from "./shared/config.ts";
import { log, setLogLevel } from "./shared/log.ts";
import { preparePlatform } from "./app/start.ts";
import { createApp } from "./app/app.tsx";
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

const platform = await preparePlatform(config, MODULES).catch((err: Error) => {
  // A failed migration or an unreachable database: say so and stop, nothing half-started.
  console.error(`start failed: ${err.message}`);
  Deno.exit(1);
});
const app = createApp(platform);
const server = Deno.serve({
  port: config.PORT,
  hostname: config.HOST,
  onListen: ({ hostname, port }) =>
    log.info("listening", { url: `http://${hostname}:${port}`, database: platform.db.mode }),
}, app.fetch);
const stopJobs = startJobs(platform);

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
