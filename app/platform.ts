import type { Context } from "hono";
import type { Config } from "../shared/config.ts";
import type { Database } from "../shared/db/database.ts";
import type { TokenService } from "../shared/auth/jwt.ts";
import type {
  AppEnv,
  ModuleManifest,
  Platform,
  PlatformFeature,
  ShellData,
  SystemJob,
} from "../shared/modules.ts";
import type { JobHandler } from "../shared/jobs/dispatcher.ts";
import { builtinRoles, CORE_PERMISSIONS } from "../shared/rbac/permissions.ts";
import { createBus } from "../shared/realtime/bus.ts";
import { coreJobs } from "./core-jobs.ts";

export type { Platform };

/** Once per request: the shell-prefetch step may start it with a page's first reads, page() awaits it. */
const shells = new WeakMap<Context, Promise<ShellData>>();
function shellOnce(c: Context<AppEnv>): Promise<ShellData> {
  let shell = shells.get(c);
  if (!shell) shells.set(c, shell = shellData(c));
  return shell;
}

/**
 * What every shell page needs: the caller, their tenant's look, their other tenants, the unread
 * count and the menu. Each platform feature reads its part (`shell` in its manifest); all the
 * statements go out together (postgres.js pipelines them on the request's connection), so the
 * shell costs one round trip.
 */
async function shellData(c: Context<AppEnv>): Promise<ShellData> {
  const { session } = c.var;
  const parts = await Promise.all(c.var.platform.features.map((f) => f.shell?.(c) ?? {}));
  const found: Partial<ShellData> = Object.assign({}, ...parts);
  return {
    session,
    tenant: found.tenant ?? {
      name: session.tenantName,
      accentColor: null,
      logo: null,
      timeZone: c.var.timeZone ?? "UTC",
      locale: "en",
    },
    tenants: found.tenants ?? [],
    invitations: found.invitations ?? [],
    unread: found.unread ?? 0,
    locale: c.var.locale,
    modules: c.var.platform.modules,
    path: c.req.path,
  };
}

export function createPlatform(
  config: Config,
  db: Database,
  tokens: TokenService,
  modules: ModuleManifest[],
  features: PlatformFeature[],
): Platform {
  const permissions = [...CORE_PERMISSIONS, ...modules.flatMap((m) => m.permissions)];
  const all: SystemJob[] = [
    ...coreJobs(),
    ...features.flatMap((f) => f.jobs?.({ config, modules, features }) ?? []),
    ...modules.flatMap((m) => m.jobs),
  ];
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
    features,
    permissions: [...new Set(permissions)].sort(),
    roles: builtinRoles(modules),
    jobs,
    schedules,
    shell: shellOnce,
  };
}
