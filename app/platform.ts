import type { Config } from "../shared/config.ts";
import type { Database } from "../shared/db/database.ts";
import type { TokenService } from "../shared/auth/jwt.ts";
import type { ModuleManifest, SystemJob } from "../shared/modules.ts";
import type { JobHandler } from "../shared/jobs/dispatcher.ts";
import type { ScheduleDef } from "../shared/jobs/scheduler.ts";
import { CORE_PERMISSIONS } from "../shared/rbac/permissions.ts";
import { coreJobsFor } from "./core-jobs.ts";
import { type Bus, createBus } from "../shared/realtime/bus.ts";

/** Everything built once at start and shared by requests (reached as c.var.platform). */
export interface Platform {
  config: Config;
  db: Database;
  tokens: TokenService;
  /** Real-time fan-out (LISTEN/NOTIFY on PostgreSQL, in-process when embedded). */
  bus: Bus;
  modules: ModuleManifest[];
  /** Every permission a role can be granted: the core's and each module's. */
  permissions: string[];
  /** Job handlers by name, and the schedules of system jobs (core and modules). */
  jobs: Map<string, JobHandler>;
  schedules: ScheduleDef[];
}

export function createPlatform(
  config: Config,
  db: Database,
  tokens: TokenService,
  modules: ModuleManifest[],
  coreJobs: SystemJob[] = coreJobsFor(config),
): Platform {
  const permissions = [...CORE_PERMISSIONS, ...modules.flatMap((m) => m.permissions)];
  const all = [...coreJobs, ...modules.flatMap((m) => m.jobs)];
  const jobs = new Map<string, JobHandler>();
  for (const job of all) {
    if (jobs.has(job.name)) throw new Error(`two jobs are named ${job.name}`);
    jobs.set(job.name, job.handler);
  }
  const schedules = all.filter((j) => j.schedule).map((j) => ({
    key: j.name,
    job: j.name,
    ...j.schedule!,
  }));
  return {
    config,
    db,
    tokens,
    bus: createBus(db),
    modules,
    permissions: [...new Set(permissions)].sort(),
    jobs,
    schedules,
  };
}
