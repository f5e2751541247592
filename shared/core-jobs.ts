import type { SystemJob } from "./modules.ts";
import { purgeAuthBookkeeping } from "./auth/throttle.ts";

/** System jobs of the platform core; modules bring theirs through their manifests. */
export const CORE_JOBS: SystemJob[] = [
  {
    name: "platform.auth.purge",
    handler: (ctx) => ctx.scoped(purgeAuthBookkeeping),
    schedule: { cron: "17 * * * *" },
  },
];
