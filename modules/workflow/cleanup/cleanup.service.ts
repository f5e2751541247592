/**
 * Workflow settings and the history cleanup. Camunda 7's model: each definition version keeps
 * the camunda:historyTimeToLive of its process; the tenant's default covers versions without
 * one. A daily job per tenant deletes finished instances past their time to live, in short
 * transactions of CLEANUP_BATCH instances, and writes one line with the count into the audit
 * monitor (the activity log, "history_cleanup").
 */
import { uuidv7 } from "uuidv7";
import type { Actor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import type { SystemJob } from "../../../shared/modules.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { anyTtl, deleteExpired, selectSettings, upsertSettings } from "./cleanup.repo.ts";
import { CLEANUP_BATCH, CLEANUP_MAX_BATCHES } from "./cleanup.rules.ts";
import type { WorkflowSettings, WorkflowSettingsUpdate } from "./cleanup.schemas.ts";

export const CLEANUP_JOB = "workflow.history-cleanup";

const toSettings = (r: Awaited<ReturnType<typeof selectSettings>>): WorkflowSettings => ({
  historyTimeToLiveDays: r.historyTtlDays,
  updatedBy: r.updatedBy,
  updatedAt: r.updatedAt,
});

/** GET /settings: the defaults until saved. */
export async function readSettings(actor: Actor): Promise<WorkflowSettings> {
  return toSettings(await selectSettings(actor.sql));
}

/** PUT /settings: saves and audits the change. */
export async function changeSettings(
  actor: Actor,
  input: WorkflowSettingsUpdate,
): Promise<WorkflowSettings> {
  const before = await selectSettings(actor.sql, true);
  await upsertSettings(actor.sql, {
    historyTtlDays: input.historyTimeToLiveDays,
    updatedBy: actor.session.userId,
  });
  const after = await selectSettings(actor.sql);
  await recordActivity(actor, {
    module: "workflow",
    entityType: "settings",
    entityId: "workflow",
    action: "updated",
    summary: "Changed the workflow settings",
    before: { historyTimeToLiveDays: before.historyTtlDays },
    after: { historyTimeToLiveDays: after.historyTtlDays },
  });
  return toSettings(after);
}

type Scoped = <T>(fn: (sql: Sql) => Promise<T>) => Promise<T>;

/**
 * One cleanup run in the job's tenant: batches until one comes back short (or the run's cap,
 * the rest waits for tomorrow), then the audit line. Tenants where no time to live applies get
 * no line: there was nothing to look for. Exception to (actor, input): it takes the job's
 * `scoped` runner to open one transaction per batch.
 */
export async function cleanHistory(
  scoped: Scoped,
  now = new Date(),
): Promise<{ removed: number; batches: number } | null> {
  const defaultDays = await scoped(async (sql) => {
    const { historyTtlDays } = await selectSettings(sql);
    return await anyTtl(sql, historyTtlDays) ? historyTtlDays : undefined;
  });
  if (defaultDays === undefined) return null;
  let removed = 0;
  let batches = 0;
  while (batches < CLEANUP_MAX_BATCHES) {
    const n = await scoped((sql) => deleteExpired(sql, { now, defaultDays, limit: CLEANUP_BATCH }));
    batches++;
    removed += n;
    if (n < CLEANUP_BATCH) break;
  }
  await scoped((sql) =>
    recordActivity({ sql }, {
      module: "workflow",
      entityType: "history_cleanup",
      entityId: uuidv7(),
      action: "ran",
      summary: `Removed ${removed} finished process instances past their history time to live`,
      after: { removed },
    })
  );
  return { removed, batches };
}

export const historyCleanupJob: SystemJob = {
  name: CLEANUP_JOB,
  // Daily, at a quiet hour and away from the platform retention (03:27).
  schedule: { cron: "47 2 * * *", perTenant: true },
  handler: (ctx) => cleanHistory(ctx.scoped).then(() => {}),
};
