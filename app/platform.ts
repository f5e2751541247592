import type { Context } from "hono";
import type { Config } from "../shared/config.ts";
import type { Database } from "../shared/db/database.ts";
import type { TokenService } from "../shared/auth/jwt.ts";
import type { AppEnv, ModuleManifest, Platform, ShellData, SystemJob } from "../shared/modules.ts";
import type { JobHandler } from "../shared/jobs/dispatcher.ts";
import { builtinRoles, CORE_PERMISSIONS } from "../shared/rbac/permissions.ts";
import { createBus } from "../shared/realtime/bus.ts";
import { workspacesOfUser } from "../platform/identity/users.repo.ts";
import { selectShellTenant } from "../platform/identity/tenants.repo.ts";
import { unreadCount } from "../platform/notifications/notifications.repo.ts";
import { coreJobsFor } from "./core-jobs.ts";
import { withEventDelivery } from "./event-delivery.ts";
import { RULES_DISPATCH_JOB } from "../platform/notifications/rules.ts";

export type { Platform };

/** Once per request: prefetchShell may start it with a page's first reads, page() awaits it. */
const shells = new WeakMap<Context, Promise<ShellData>>();
function shellOnce(c: Context<AppEnv>): Promise<ShellData> {
  let shell = shells.get(c);
  if (!shell) shells.set(c, shell = shellData(c));
  return shell;
}

/**
 * Starts reading a full page's shell at once, so its statements go out with the page's first
 * ones (one round trip less). Only for GETs of pages that may render the shell: not the API,
 * not htmx requests for a fragment (their handlers may still render it, then it is read then).
 */
export function prefetchShell(c: Context<AppEnv>) {
  if (c.req.method !== "GET" || !c.var.sql || c.req.path.startsWith("/api/")) return;
  if (c.req.header("HX-Request") === "true" && c.req.header("HX-Boosted") !== "true") return;
  shellOnce(c).catch(() => {}); // a page that renders it sees the failure; one that doesn't, not
}

/**
 * What every shell page needs: the caller, their tenant's look, their other tenants, the unread
 * count and the menu. The three queries go out together (postgres.js pipelines them on the
 * request's connection), so the shell costs one round trip.
 */
async function shellData(c: Context<AppEnv>): Promise<ShellData> {
  const { session, sql } = c.var;
  const [{ tenants, invitations }, unread, tenant] = await Promise.all([
    workspacesOfUser(sql, session.userId),
    unreadCount(sql, session.userId),
    selectShellTenant(sql, session.tenantId),
  ]);
  return {
    session,
    tenant: tenant ?? {
      name: session.tenantName,
      accentColor: null,
      logo: null,
      timeZone: c.var.timeZone ?? "UTC",
      locale: "en",
    },
    tenants,
    invitations,
    unread,
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
  coreJobs: SystemJob[] = coreJobsFor(config),
): Platform {
  const permissions = [...CORE_PERMISSIONS, ...modules.flatMap((m) => m.permissions)];
  const all = withEventDelivery(
    [...coreJobs, ...modules.flatMap((m) => m.jobs)],
    modules,
    RULES_DISPATCH_JOB,
  );
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
    roles: builtinRoles(modules),
    jobs,
    schedules,
    shell: shellOnce,
  };
}
