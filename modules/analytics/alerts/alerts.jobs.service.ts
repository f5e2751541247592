/**
 * Alerts on the durable queue. Every minute the scheduler gives each workspace with a due alert
 * one sweep job; the sweep locks the due alerts (`for update skip locked`: a racing sweep skips
 * them), queues one check job per alert and occurrence (the dedupe key refuses a second) and
 * moves each alert to its next occurrence in the workspace's time zone. A check job runs the
 * check in its tenant's transaction; a firing's webhook goes out in a job of its own, retried.
 */
import type { SystemJob } from "../../../shared/modules.ts";
import type { JobContext } from "../../../shared/jobs/dispatcher.ts";
import { enqueue } from "../../../shared/jobs/queue.ts";
import { parseCron } from "../../../shared/jobs/scheduler.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { registerMailAttachmentSource } from "../../../platform/notifications/public.ts";
import { pinHost } from "../sources/sources.engine.repo.ts";
import { operatorAllowlist } from "../sources/sources.config.lib.ts";
import {
  claimDueAlerts,
  firingChart,
  selectAlert,
  selectFiring,
  setNextCheck,
  setWebhookStatus,
  tenantsWithDueAlerts,
  tenantZone,
} from "./alerts.repo.ts";
import { webhookBody } from "./alerts.rules.ts";
import { publicOrigin } from "./alerts.lib.ts";
import { ALERT_WEBHOOK_JOB, CHART_SOURCE, checkAlert } from "./alerts.check.service.ts";

export const ALERT_SWEEP_JOB = "analytics.alert-sweep";
export const ALERT_CHECK_JOB = "analytics.alert-check";
const SWEEP_BATCH = 200;
const WEBHOOK_TIMEOUT_MS = 10_000;

// The e-mails of a firing carry its chart, read at send time from the firing's row.
registerMailAttachmentSource(CHART_SOURCE, (scoped, id) => scoped((sql) => firingChart(sql, id)));

/** Queues the due checks of the job's workspace, each occurrence once. */
export async function sweepAlerts(ctx: JobContext, now = new Date()) {
  if (!ctx.tenantId) return;
  const queued = await ctx.scoped(async (sql) => {
    const zone = await tenantZone(sql);
    const due = await claimDueAlerts(sql, now, SWEEP_BATCH);
    for (const a of due) {
      await enqueue(sql, ALERT_CHECK_JOB, {
        payload: { alertId: a.id },
        dedupeKey: `alert-check:${a.id}:${new Date(a.nextCheckAt).toISOString()}`,
        maxAttempts: 3,
        backoffSeconds: 30,
      });
      let next: Date | null = null;
      try {
        next = parseCron(a.cron, zone).nextRun(now) ?? null;
      } catch {
        // A zone or expression that no longer parses: the alert stops until it is edited.
      }
      await setNextCheck(sql, a.id, next);
    }
    return due.length;
  });
  ctx.log(`alert checks queued: ${queued}`);
}

export async function runCheckJob(ctx: JobContext) {
  const { alertId } = ctx.payload as { alertId: string };
  if (!ctx.tenantId) return;
  const tenantId = ctx.tenantId;
  const result = await ctx.scoped((sql) =>
    checkAlert({ sql, bus: ctx.bus }, { alertId, tenantId })
  );
  ctx.log(
    result ? `alert ${alertId}: ${result.state} (${result.changed})` : `alert ${alertId} gone`,
  );
}

/**
 * POSTs a firing's JSON to the alert's webhook. The host must resolve to public addresses only
 * (or to the operator's ANALYTICS_SOURCE_ALLOW networks); redirects are not followed. A refused
 * address fails at once; other failures are retried by the queue, the last one recorded.
 */
export async function runWebhookJob(ctx: JobContext) {
  const { firingId } = ctx.payload as { firingId: string };
  const found = await ctx.scoped(async (sql) => {
    const firing = await selectFiring(sql, firingId);
    const alert = firing ? await selectAlert(sql, firing.alertId) : null;
    return firing && alert?.webhookUrl ? { firing, alert } : null;
  });
  if (!found) return ctx.log(`firing ${firingId}: nothing to send`);
  const { firing, alert } = found;
  const url = new URL(alert.webhookUrl!);
  const body = webhookBody({
    event: firing.kind,
    alert: { id: alert.id, name: alert.name, kind: alert.kind, threshold: alert.threshold },
    widget: alert.widgetTitle,
    value: firing.value === null ? null : Number(firing.value),
    at: new Date(firing.at),
    link: `${publicOrigin()}/analytics/alerts/${alert.id}`,
  });
  try {
    await pinHost(url.hostname.replace(/^\[|\]$/g, ""), operatorAllowlist());
  } catch (err) {
    if (!(err instanceof Problem)) throw err;
    ctx.log(`webhook refused: ${err.detail}`);
    await ctx.scoped((sql) => setWebhookStatus(sql, firingId, "failed"));
    return;
  }
  let failure: string | null = null;
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "platform-analytics-alerts" },
      body: JSON.stringify(body),
      redirect: "manual",
      signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
    });
    await res.body?.cancel();
    if (res.status < 200 || res.status >= 300) failure = `the receiver answered ${res.status}`;
  } catch (err) {
    failure = (err as Error).message;
  }
  if (!failure) {
    await ctx.scoped((sql) => setWebhookStatus(sql, firingId, "sent"));
    return ctx.log(`webhook delivered for firing ${firingId}`);
  }
  if (ctx.attempt >= ctx.job.maxAttempts) {
    await ctx.scoped((sql) => setWebhookStatus(sql, firingId, "failed"));
  }
  throw new Error(`webhook failed: ${failure}`);
}

export const alertJobs: SystemJob[] = [
  {
    name: ALERT_SWEEP_JOB,
    handler: (ctx) => sweepAlerts(ctx),
    schedule: { cron: "* * * * *", perTenant: true, tenantsWithWork: tenantsWithDueAlerts },
  },
  { name: ALERT_CHECK_JOB, handler: runCheckJob },
  { name: ALERT_WEBHOOK_JOB, handler: runWebhookJob },
];
