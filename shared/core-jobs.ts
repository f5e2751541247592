import type { Config } from "./config.ts";
import type { SystemJob } from "./modules.ts";
import { purgeAuthBookkeeping } from "./auth/throttle.ts";
import { mailJobs } from "./notifications/mail.ts";
import { rulesJob } from "./notifications/rules.ts";
import { retentionJobs } from "./jobs/retention.ts";

/** System jobs of the platform core; modules bring theirs through their manifests. */
export function coreJobsFor(config: Config): SystemJob[] {
  return [
    {
      name: "platform.auth.purge",
      handler: (ctx) => ctx.scoped(purgeAuthBookkeeping),
      schedule: { cron: "17 * * * *" },
    },
    ...mailJobs(config),
    ...retentionJobs,
    rulesJob,
  ];
}
