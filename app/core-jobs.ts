import type { Config } from "../shared/config.ts";
import type { SystemJob } from "../shared/modules.ts";
import { purgeAuthBookkeeping } from "../shared/auth/throttle.ts";
import { mailJobs } from "../platform/notifications/mail.ts";
import { rulesJob } from "../platform/notifications/rules.ts";
import { retentionJobs } from "../shared/jobs/retention.ts";

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
