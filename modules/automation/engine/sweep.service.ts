/**
 * Housekeeping of runs. `automation.sweep` (every minute, platform-wide) finds runs whose worker
 * stopped answering and warns about queue backlogs; `automation.retention` (daily, per tenant)
 * deletes old runs and blanks old logs inside the tenant's own scope.
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import type { SystemJob } from "../../../shared/modules.ts";
import { loadSettings } from "../settings/settings.repo.ts";
import { publishRun } from "../runs/runs.events.service.ts";
import { publishAutomation } from "../events.ts";
import {
  asAppIn,
  asWorkerIn,
  BACKLOG_LINK,
  backlogs,
  backlogWarnedRecently,
  blankOldLogs,
  deleteOldRuns,
  failStaleRun,
  requeueStaleRun,
  staleRuns,
} from "./sweep.repo.ts";
import { tellRecipients } from "./engine.notify.service.ts";
import { membersWithRole } from "../../../platform/identity/public.ts";

/** A running run without a heartbeat for this long has lost its worker. */
export const STALE_SECONDS = 60;
export const STALE_ERROR = "the worker stopped answering";

export const sweepJob: SystemJob = {
  name: "automation.sweep",
  handler: async (ctx) => void await ctx.scoped((sql) => sweep({ sql, bus: ctx.bus })),
  schedule: { cron: "* * * * *", perTenant: false },
};

export const retentionJob: SystemJob = {
  name: "automation.retention",
  handler: (ctx) =>
    ctx.scoped(async (sql) => {
      const { deleted, blanked } = await retention({ sql, bus: ctx.bus });
      ctx.log(`deleted ${deleted} runs, blanked ${blanked} logs`);
    }),
  schedule: { cron: "17 3 * * *", perTenant: true },
};

/** Deletes the tenant's runs and blanks its logs past the retention settings. */
export async function retention({ sql }: SystemActor) {
  const settings = await loadSettings(sql);
  const deleted = await deleteOldRuns(sql, settings.historyRetentionDays);
  const blanked = await blankOldLogs(sql, settings.logRetentionDays);
  return { deleted, blanked };
}

/**
 * One pass in the platform job's transaction (`actor.sql`): stale runs go back to `queued` when
 * their queue job will run again (the lease expired and attempts remain), else to `failed`;
 * tenants over their backlog threshold are warned at most once an hour. Returns what it did
 * (tests).
 */
export async function sweep(actor: SystemActor) {
  const { sql: tx, bus } = actor;
  // The platform job's transaction switches to the dispatcher role to see every tenant.
  await asWorkerIn(tx);
  const stale = await staleRuns(tx, STALE_SECONDS);
  const found = await backlogs(tx);
  let requeued = 0, failed = 0, warned = 0;
  for (const r of stale) {
    await asAppIn(tx, r.tenantId, async () => {
      const ref = { id: r.id, jobId: r.jobId, agentId: r.agentId };
      if (r.queueState === "queued") {
        await requeueStaleRun(tx, r.id, STALE_ERROR);
        await publishRun({ sql: tx, bus }, { ...ref, status: "queued" });
        requeued++;
      } else if (await failStaleRun(tx, r.id, STALE_ERROR)) {
        await publishRun({ sql: tx, bus }, { ...ref, status: "failed" });
        await publishAutomation(tx, "automation.run.failed", {
          runId: r.id,
          jobId: r.jobId,
          jobName: r.jobName,
          agentId: r.agentId,
          agentName: r.agentName,
          trigger: r.trigger,
          status: "failed",
          error: STALE_ERROR,
        });
        failed++;
      }
    });
  }
  for (const b of found) {
    await asAppIn(tx, b.tenantId, async () => {
      if (await backlogWarnedRecently(tx)) return;
      const settings = await loadSettings(tx);
      const [owner] = await membersWithRole(tx, "owner");
      await tellRecipients({ sql: tx, bus }, {
        settings,
        fallback: owner ?? null,
        notice: {
          titleKey: "automation.engine.notice.backlog.title",
          bodyKey: "automation.engine.notice.backlog.body",
          vars: { count: b.queued, threshold: b.threshold },
          link: BACKLOG_LINK,
        },
      });
      warned++;
    });
  }
  return { requeued, failed, warned };
}
