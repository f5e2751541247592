import type { SystemJob } from "../shared/modules.ts";
import { purgeAuthBookkeeping } from "../shared/auth/throttle.ts";
import { retentionJobs } from "../shared/jobs/retention.ts";

/**
 * System jobs of the platform core (shared/); platform features and modules bring theirs
 * through their manifests.
 */
export function coreJobs(): SystemJob[] {
  return [
    {
      name: "platform.auth.purge",
      handler: (ctx) => ctx.scoped(purgeAuthBookkeeping),
      schedule: { cron: "17 * * * *" },
    },
    ...retentionJobs,
  ];
}
