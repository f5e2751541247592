import type { z } from "@hono/zod-openapi";
import type { Sql } from "../../../shared/db/database.ts";
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import {
  createRule,
  deleteRule,
  listRules,
  setRuleEnabled,
} from "../../../platform/notifications/public.ts";
import { activeMembers } from "../../../platform/identity/public.ts";
import type { SupportRule, SupportRuleInput } from "./rules.schemas.ts";

const isSupport = (r: { event: string }) => r.event.startsWith("support.");

async function supportRules(sql: Sql): Promise<SupportRule[]> {
  return ((await listRules(sql)) as unknown as SupportRule[]).filter(isSupport);
}

/** The tenant's notification rules on Support's events. */
export async function listSupportRules(actor: Actor): Promise<SupportRule[]> {
  return await supportRules(actor.sql);
}

async function supportRule(sql: Sql, id: string) {
  const rule = (await supportRules(sql)).find((r) => r.id === id);
  if (!rule) throw problems.notFound("No such rule.");
  return rule;
}

export async function addSupportRule(actor: Actor, input: z.infer<typeof SupportRuleInput>) {
  const { sql } = actor;
  // Recipients are people of this tenant (the engine filters too, but a stored stranger's id
  // would be a silent dead rule).
  const wanted = [
    ...new Set(input.actions.flatMap((a) => a.type === "notify" ? a.userIds ?? [] : [])),
  ];
  const found = wanted.length ? await activeMembers(sql, wanted) : [];
  if (found.length < wanted.length) {
    throw problems.unprocessable("Every notified user must be an active member.");
  }
  const rule = await createRule(sql, input) as unknown as SupportRule;
  await recordActivity({ sql }, {
    module: "support",
    entityType: "notification-rule",
    entityId: rule.id,
    action: "created",
    summary: `Created rule ${rule.name}`,
    after: { ...rule },
  });
  return rule;
}

export async function toggleSupportRule(
  actor: Actor,
  { id, enabled }: { id: string; enabled: boolean },
) {
  const { sql } = actor;
  const before = await supportRule(sql, id);
  const after = await setRuleEnabled(sql, id, enabled) as unknown as SupportRule;
  await recordActivity({ sql }, {
    module: "support",
    entityType: "notification-rule",
    entityId: id,
    action: "updated",
    summary: `${enabled ? "Enabled" : "Disabled"} rule ${after.name}`,
    before: { ...before },
    after: { ...after },
  });
  return after;
}

export async function removeSupportRule(actor: Actor, id: string) {
  const { sql } = actor;
  const before = await supportRule(sql, id);
  await deleteRule(sql, id);
  await recordActivity({ sql }, {
    module: "support",
    entityType: "notification-rule",
    entityId: id,
    action: "deleted",
    summary: `Deleted rule ${before.name}`,
    before: { ...before },
  });
  return { id, deleted: true as const };
}
