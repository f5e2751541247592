/**
 * Subscriptions of a sheet: made, changed and deleted by people who see the sheet. Anyone with
 * the application may subscribe members (each receives only what they may see, checked at send
 * time); plain addresses are for application managers, since they receive the owner's view.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { enqueue } from "../../../shared/jobs/queue.ts";
import { parseCron } from "../../../shared/jobs/scheduler.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { directory } from "../../../platform/identity/public.ts";
import { listWidgets } from "../dashboard/widgets.service.ts";
import { datasetCatalog } from "../query/query.datasets.lib.ts";
import { isUuid } from "../apps/access.rules.ts";
import { requireSheet } from "../apps/access.service.ts";
import {
  deleteSubscription,
  insertSend,
  insertSubscription,
  recipientMembers,
  selectSends,
  selectSheetSubscriptions,
  selectSubscription,
  type SubscriptionRow,
  type SubscriptionWrite,
  tenantTimeZone,
  updateSubscription,
} from "./subscriptions.repo.ts";
import { cronFieldProblem, mayAddAddresses, mayEdit, scheduleCron } from "./subscriptions.rules.ts";
import type {
  Send,
  Subscription,
  SubscriptionInput,
  SubscriptionPatch,
} from "./subscriptions.schemas.ts";

export const SEND_JOB = "analytics.subscription.send";
type Level = "view" | "edit" | "manage";

function toApi(row: SubscriptionRow, level: Level, userId: string): Subscription {
  const { origin: _origin, ...rest } = row;
  return { ...rest, canEdit: mayEdit(level, row.ownerId, userId) };
}

/** Managers see every subscription of a sheet; others the ones they own or receive. */
const visible = (row: SubscriptionRow, level: Level, userId: string) =>
  level === "manage" || row.ownerId === userId || row.userIds.includes(userId);

/** A subscription the caller may see, with their level on its app (404 otherwise). */
async function load(actor: Actor, id: string, lock = false) {
  const row = isUuid(id) ? await selectSubscription(actor.sql, id, lock) : null;
  if (!row) throw problems.notFound("No such subscription.");
  const { level } = await requireSheet(actor, { sheetId: row.sheetId, level: "view" })
    .catch(() => {
      throw problems.notFound("No such subscription.");
    });
  if (!visible(row, level, actor.session.userId)) throw problems.notFound("No such subscription.");
  return { row, level };
}

/** Checks and completes what is written: the cron, its next run, the recipients. */
async function prepare(
  actor: Actor,
  input: SubscriptionInput,
  opts: { level: Level; origin: string; keptEmails: string[] },
): Promise<SubscriptionWrite> {
  const cron = scheduleCron(input.schedule);
  const cronProblem = input.schedule.kind === "custom" ? cronFieldProblem(cron) : null;
  if (cronProblem) throw problems.validation([{ path: "schedule.cron", message: cronProblem }]);
  const timezone = await tenantTimeZone(actor.sql);
  const next = parseCron(cron, timezone).nextRun(new Date()) ?? null;
  const emails = [...new Set(input.emails.map((e) => e.trim()))];
  const added = emails.filter((e) => !opts.keptEmails.includes(e));
  if (added.length && !mayAddAddresses(opts.level)) {
    throw problems.forbidden("Only application managers may send the sheet to other addresses.");
  }
  const userIds = [...new Set(input.userIds)];
  const members = await recipientMembers(actor.sql, userIds);
  if (members.length !== userIds.length) {
    throw problems.validation([{ path: "userIds", message: "Choose members of the workspace." }]);
  }
  if (userIds.length + emails.length === 0) {
    throw problems.validation([{ path: "userIds", message: "Choose at least one recipient." }]);
  }
  return {
    name: input.name,
    schedule: input.schedule.kind === "custom"
      ? input.schedule
      : { ...input.schedule, cron: undefined },
    cron,
    timezone,
    userIds,
    emails,
    filters: input.filters,
    skipEmpty: input.skipEmpty,
    attachPdf: input.attachPdf,
    enabled: input.enabled,
    origin: opts.origin,
    nextRunAt: input.enabled ? next : null,
  };
}

export async function listSubscriptions(actor: Actor, sheetId: string) {
  const { level } = await requireSheet(actor, { sheetId, level: "view" });
  const rows = await selectSheetSubscriptions(actor.sql, sheetId);
  const me = actor.session.userId;
  return { items: rows.filter((r) => visible(r, level, me)).map((r) => toApi(r, level, me)) };
}

export async function getSubscription(actor: Actor, id: string): Promise<Subscription> {
  const { row, level } = await load(actor, id);
  return toApi(row, level, actor.session.userId);
}

export async function createSubscription(
  actor: Actor,
  { sheetId, input, origin }: { sheetId: string; input: SubscriptionInput; origin: string },
): Promise<Subscription> {
  const { level } = await requireSheet(actor, { sheetId, level: "view" });
  const v = await prepare(actor, input, { level, origin, keptEmails: [] });
  const id = await insertSubscription(actor.sql, {
    ...v,
    sheetId,
    ownerId: actor.session.userId,
  });
  await recordActivity(actor, {
    module: "analytics",
    entityType: "subscription",
    entityId: id,
    action: "created",
    summary: `Subscription "${v.name}" created`,
  });
  return await getSubscription(actor, id);
}

export async function patchSubscription(
  actor: Actor,
  { id, patch, origin }: { id: string; patch: SubscriptionPatch; origin: string },
): Promise<Subscription> {
  const { row, level } = await load(actor, id, true);
  if (!mayEdit(level, row.ownerId, actor.session.userId)) {
    throw problems.forbidden("Only its owner or an application manager may change it.");
  }
  const merged: SubscriptionInput = {
    name: patch.name ?? row.name,
    schedule: patch.schedule ?? row.schedule,
    userIds: patch.userIds ?? row.userIds,
    emails: patch.emails ?? row.emails,
    filters: patch.filters ?? row.filters,
    skipEmpty: patch.skipEmpty ?? row.skipEmpty,
    attachPdf: patch.attachPdf ?? row.attachPdf,
    enabled: patch.enabled ?? row.enabled,
  };
  const v = await prepare(actor, merged, {
    level,
    origin: origin || row.origin,
    keptEmails: row.emails,
  });
  await updateSubscription(actor.sql, id, v);
  await recordActivity(actor, {
    module: "analytics",
    entityType: "subscription",
    entityId: id,
    action: "updated",
    summary: `Subscription "${v.name}" changed`,
  });
  return await getSubscription(actor, id);
}

export async function removeSubscription(actor: Actor, id: string): Promise<SubscriptionRow> {
  const { row, level } = await load(actor, id, true);
  if (!mayEdit(level, row.ownerId, actor.session.userId)) {
    throw problems.forbidden("Only its owner or an application manager may delete it.");
  }
  await deleteSubscription(actor.sql, id);
  await recordActivity(actor, {
    module: "analytics",
    entityType: "subscription",
    entityId: id,
    action: "deleted",
    summary: `Subscription "${row.name}" deleted`,
  });
  return row;
}

/** "Send now": a send of its own, through the same queue as the scheduled ones. */
export async function sendNow(actor: Actor, id: string): Promise<Send> {
  const { row, level } = await load(actor, id, true);
  if (!mayEdit(level, row.ownerId, actor.session.userId)) {
    throw problems.forbidden("Only its owner or an application manager may send it.");
  }
  const sendId = (await insertSend(actor.sql, {
    subscriptionId: id,
    trigger: "manual",
    occurrence: null,
  }))!;
  await enqueue(actor.sql, SEND_JOB, {
    payload: { sendId },
    dedupeKey: `analytics-subscription-send:${sendId}`,
    maxAttempts: 3,
    backoffSeconds: 30,
  });
  return (await selectSends(actor.sql, [id], 1))[0];
}

export async function listSends(actor: Actor, id: string) {
  await load(actor, id);
  return { items: await selectSends(actor.sql, [id], 50) };
}

/** The sends of the sheet's subscriptions the caller sees, newest first (the page's history). */
export async function sheetSends(actor: Actor, sheetId: string, limit = 20) {
  const { items } = await listSubscriptions(actor, sheetId);
  return {
    subscriptions: items,
    sends: await selectSends(actor.sql, items.map((s) => s.id), limit),
  };
}

/** What the create/edit form offers: members, the sheet's filter fields, the caller's level. */
export async function subscriptionForm(actor: Actor, sheetId: string, locale: "en" | "tr") {
  const { sheet, app, level } = await requireSheet(actor, { sheetId, level: "view" });
  const members = await directory(actor.sql, { limit: 500 });
  const { items } = await listWidgets(actor, sheetId);
  const used = new Set(
    items.map((w) => (w.query.source.kind === "dataset" ? w.query.source.name : "")),
  );
  const fields = [
    ...new Map(
      datasetCatalog(locale).filter((d) => used.has(d.name))
        .flatMap((d) => d.fields.filter((f) => !f.key)).map((f) => [f.name, f]),
    ).values(),
  ];
  return {
    sheet,
    app,
    level,
    members: members.map((m) => ({ userId: m.userId, name: m.name, email: m.email })),
    fields,
    timezone: await tenantTimeZone(actor.sql),
  };
}
export type SubscriptionFormData = Awaited<ReturnType<typeof subscriptionForm>>;
