/**
 * Alerts on a widget's query: created by anyone who may view the widget's application (they
 * become its owner, and it runs as them); changed and deleted by its owner or the
 * application's managers (admins manage every application). Another tenant's alert, or one of
 * an application not shared with the caller, does not exist (404).
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { decodeCursor, encodeCursor } from "../../../shared/http/paging.ts";
import { parseCron } from "../../../shared/jobs/scheduler.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { activeMembers, directory } from "../../../platform/identity/public.ts";
import { type AppLevel, atLeast, isUuid } from "../apps/access.rules.ts";
import { appLevel, requireApp } from "../apps/access.service.ts";
import { loadWidget } from "../dashboard/widgets.service.ts";
import {
  appsWithAlerts,
  deleteAlert,
  insertAlert,
  selectAlert,
  selectAlerts,
  selectChecks,
  selectFirings,
  tenantZone,
  updateAlert,
} from "./alerts.repo.ts";
import { needsThreshold } from "./alerts.rules.ts";
import type { Alert, AlertInput, AlertPatch } from "./alerts.schemas.ts";
import { checkAlert } from "./alerts.check.service.ts";

const audit = (actor: Actor, a: Pick<Alert, "id" | "name">, action: string, summary: string) =>
  recordActivity(actor, {
    module: "analytics",
    entityType: "alert",
    entityId: a.id,
    action,
    summary,
  });

/** The next check after `from` in the workspace's time zone (a bad expression is a 400). */
export async function nextCheck(actor: Pick<Actor, "sql">, cron: string, from = new Date()) {
  const zone = await tenantZone(actor.sql);
  return parseCron(cron, zone).nextRun(from) ?? null;
}

/** Checks that hold across fields: a threshold where the kind needs one, real recipients. */
async function checkInput(
  actor: Actor,
  a: { kind: Alert["kind"]; threshold: number | null; recipients: string[] },
) {
  if (needsThreshold(a.kind) && a.threshold === null) {
    throw problems.validation([{ path: "threshold", message: "This condition needs a number." }]);
  }
  const active = new Set(await activeMembers(actor.sql, a.recipients));
  const missing = a.recipients.findIndex((r) => !active.has(r));
  if (missing >= 0) {
    throw problems.validation([{
      path: `recipients.${missing}`,
      message: "Not a member of this workspace.",
    }]);
  }
}

/** The alert and the caller's level on its app; 404 when either is not visible. */
export async function loadAlert(actor: Actor, id: string, lock = false) {
  const alert = isUuid(id) ? await selectAlert(actor.sql, id, lock) : null;
  const level = alert ? await appLevel(actor, alert.appId) : null;
  if (!alert || level === null) throw problems.notFound("No such alert.");
  return { alert, level };
}

/** Whether the caller may change the alert: its owner, or a manager of its application. */
export const mayEdit = (actor: Actor, alert: Alert, level: AppLevel | null) =>
  atLeast(level, "manage") || alert.ownerId === actor.session.userId;

async function loadEditable(actor: Actor, id: string) {
  const found = await loadAlert(actor, id, true);
  if (!mayEdit(actor, found.alert, found.level)) {
    throw problems.forbidden("Only the alert's owner or the application's managers change it.");
  }
  return found;
}

export async function createAlert(actor: Actor, input: AlertInput): Promise<Alert> {
  const { widget, app } = await loadWidget(actor, { id: input.widgetId, level: "view" });
  const recipients = input.recipients.length ? input.recipients : [actor.session.userId];
  const threshold = input.threshold ?? null;
  await checkInput(actor, { kind: input.kind, threshold, recipients });
  if (input.kind === "change" && !input.periodField && !widget.options.trendField) {
    throw problems.validation([{
      path: "periodField",
      message: "The widget has no trend date field: name the date field of the period.",
    }]);
  }
  const id = await insertAlert(actor.sql, {
    ...input,
    appId: app.id,
    widgetId: widget.id,
    ownerId: actor.session.userId,
    threshold,
    valueColumn: input.valueColumn ?? null,
    periodField: input.periodField ?? null,
    periodDays: input.periodDays ?? null,
    webhookUrl: input.webhookUrl ?? null,
    recipients,
    nextCheckAt: await nextCheck(actor, input.cron),
  });
  const alert = (await selectAlert(actor.sql, id))!;
  await audit(actor, alert, "created", `Created the alert ${alert.name}`);
  return alert;
}

export async function getAlert(actor: Actor, id: string) {
  return (await loadAlert(actor, id)).alert;
}

export async function listAlerts(
  actor: Actor,
  q: { appId?: string; limit: number; cursor?: string },
) {
  let appIds: string[];
  if (q.appId) {
    await requireApp(actor, { appId: q.appId, level: "view" });
    appIds = [q.appId];
  } else {
    appIds = [];
    for (const appId of await appsWithAlerts(actor.sql)) {
      if (await appLevel(actor, appId) !== null) appIds.push(appId);
    }
  }
  const after = decodeCursor(q.cursor, ["uuid"])?.[0] as string | undefined;
  const rows = await selectAlerts(actor.sql, { appIds, limit: q.limit + 1, after });
  const items = rows.slice(0, q.limit);
  return {
    items,
    nextCursor: rows.length > q.limit ? encodeCursor([items[items.length - 1].id]) : null,
  };
}

export async function patchAlert(actor: Actor, { id, patch }: { id: string; patch: AlertPatch }) {
  const { alert } = await loadEditable(actor, id);
  const kind = patch.kind ?? alert.kind;
  const threshold = patch.threshold === undefined ? alert.threshold : patch.threshold;
  await checkInput(actor, { kind, threshold, recipients: patch.recipients ?? [] });
  const nextCheckAt = patch.cron ? await nextCheck(actor, patch.cron) : undefined;
  await updateAlert(actor.sql, id, { ...patch, nextCheckAt });
  const after = (await selectAlert(actor.sql, id))!;
  await audit(actor, after, "updated", `Changed the alert ${after.name}`);
  return after;
}

export async function removeAlert(actor: Actor, id: string) {
  const { alert } = await loadEditable(actor, id);
  await deleteAlert(actor.sql, id);
  await audit(actor, alert, "deleted", `Deleted the alert ${alert.name}`);
}

export async function alertHistory(actor: Actor, id: string) {
  const { alert } = await loadAlert(actor, id);
  return {
    firings: await selectFirings(actor.sql, alert.id),
    checks: await selectChecks(actor.sql, alert.id),
  };
}

/** "Test now": a check right away, as the scheduled one would run (sends on a change). */
export async function checkNow(actor: Actor, id: string) {
  const { alert } = await loadEditable(actor, id);
  const result = await checkAlert(actor, { alertId: alert.id, tenantId: actor.session.tenantId });
  if (!result) throw problems.notFound("No such alert.");
  return result;
}

/** People an alert may go to: the workspace's members who may read analytics, by name. */
export async function alertPeople(actor: Actor) {
  const rows = await directory(actor.sql, { permission: "analytics.app.read", limit: 200 });
  return rows.map((r) => ({ userId: r.userId, name: r.name }));
}

/** What the alert form needs of a widget the caller may view. */
export async function formWidget(actor: Actor, widgetId: string) {
  const { widget } = await loadWidget(actor, { id: widgetId, level: "view" });
  const q = widget.query as {
    fields?: { field: string; as?: string }[];
    aggregates?: { as: string }[];
  };
  const columns = [
    ...(q.aggregates ?? []).map((a) => a.as),
    ...(q.fields ?? []).map((f) => f.as ?? f.field),
  ].filter((c): c is string => typeof c === "string" && c.length > 0);
  return {
    id: widget.id,
    title: widget.title,
    columns: [...new Set(columns)],
    hasPeriod: !!widget.options.trendField,
  };
}
