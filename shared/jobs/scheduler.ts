import type { Platform } from "../platform.ts";
import { log } from "../log.ts";

/**
 * The heartbeat that will drive every timed job: Deno.cron where the runtime has it, a timer
 * otherwise. The durable queue and module schedules behind it arrive with the services issue.
 */
export function startScheduler(platform: Platform, onBeat: () => Promise<void> = async () => {}) {
  const beat = async () => {
    try {
      await onBeat();
    } catch (err) {
      log.error("scheduler heartbeat failed", { error: String(err) });
    }
  };
  const jobs = platform.modules.flatMap((m) => m.jobs.map((j) => j.name));
  log.debug("scheduler started", { jobs });
  if (typeof Deno.cron === "function") {
    Deno.cron("platform-heartbeat", "* * * * *", beat);
    return () => {};
  }
  const timer = setInterval(beat, 60_000);
  return () => clearInterval(timer);
}
