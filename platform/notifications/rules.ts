import { z } from "@hono/zod-openapi";
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../shared/db/database.ts";
import { enqueue } from "../../shared/jobs/queue.ts";
import type { SystemJob } from "../../shared/modules.ts";
import type { Bus } from "../../shared/realtime/bus.ts";
import { notify } from "./notify.ts";
import { queueMail } from "./mail.ts";
import { renderTemplate } from "./templates.ts";

export const RULES_DISPATCH_JOB = "platform.rules.dispatch";

const Operand = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const ConditionClause = z.object({
  field: z.string().min(1).max(200),
  op: z.enum(["eq", "ne", "in", "nin", "gt", "gte", "lt", "lte", "contains", "exists", "missing"]),
  value: z.union([Operand, z.array(Operand)]).optional(),
});
/** Every clause of `all` and at least one of `any` (when given) must hold. */
export const RuleCondition = z.object({
  all: z.array(ConditionClause).max(50).optional(),
  any: z.array(ConditionClause).max(50).optional(),
}).openapi("RuleCondition");

const Text = z.string().min(1).max(2000);
export const RuleAction = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("notify"),
    userIds: z.array(z.uuid()).max(100).optional(),
    /** Path in the event data holding a user id or a list of them (e.g. ticket.assigneeId). */
    userField: z.string().max(200).optional(),
    title: Text,
    body: z.string().max(4000).optional(),
    link: z.string().regex(/^\/(?!\/)/, "a path of this site").max(500).optional(),
  }),
  z.object({
    type: z.literal("email"),
    to: z.array(z.email()).max(100).optional(),
    toField: z.string().max(200).optional(),
    template: z.object({ subject: Text, body: z.string().min(1).max(20000) }),
  }),
  z.object({
    type: z.literal("job"),
    // Platform jobs (rule dispatch itself, mail, purges) are never a rule's to start.
    name: z.string().regex(
      /^(?!platform\.)[a-z][\w.-]{1,100}$/,
      "a module job, not a platform job",
    ),
    payload: z.record(z.string(), z.unknown()).optional(),
    priority: z.number().int().min(-100).max(100).optional(),
  }),
]).openapi("RuleAction");

export const RuleInput = z.object({
  name: z.string().trim().min(1).max(200),
  event: z.string().regex(
    /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/,
    "an event name such as support.ticket.created",
  ),
  condition: RuleCondition.default({}),
  actions: z.array(RuleAction).min(1).max(20),
  enabled: z.boolean().default(true),
}).openapi("RuleInput");
export type RuleInput = z.infer<typeof RuleInput>;
type Clause = z.infer<typeof ConditionClause>;

function value(data: unknown, path: string): unknown {
  let v: unknown = data;
  for (const part of path.split(".")) {
    if (v === null || typeof v !== "object" || !Object.hasOwn(v, part)) return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

function holds(c: Clause, data: unknown): boolean {
  const v = value(data, c.field);
  const list = Array.isArray(c.value) ? c.value : [c.value];
  switch (c.op) {
    case "eq":
      return v === c.value;
    case "ne":
      return v !== c.value;
    case "in":
      return list.includes(v as never);
    case "nin":
      return !list.includes(v as never);
    case "gt":
      return typeof v === typeof c.value && (v as number) > (c.value as number);
    case "gte":
      return typeof v === typeof c.value && (v as number) >= (c.value as number);
    case "lt":
      return typeof v === typeof c.value && (v as number) < (c.value as number);
    case "lte":
      return typeof v === typeof c.value && (v as number) <= (c.value as number);
    case "contains":
      return Array.isArray(v)
        ? v.includes(c.value)
        : typeof v === "string" && v.includes(String(c.value));
    case "exists":
      return v !== undefined && v !== null;
    case "missing":
      return v === undefined || v === null;
  }
}

export function evaluate(condition: z.infer<typeof RuleCondition>, data: unknown): boolean {
  const all = condition.all ?? [];
  const any = condition.any ?? [];
  return all.every((c) => holds(c, data)) && (any.length === 0 || any.some((c) => holds(c, data)));
}

/**
 * Publishes a domain event (e.g. `support.ticket.created`) from the caller's transaction. The
 * rules run in a job, so they see the event only once the change has committed, and run even if
 * this instance stops right after.
 */
export async function publish(sql: Sql, event: string, data: Record<string, unknown>) {
  await enqueue(sql, RULES_DISPATCH_JOB, { payload: { event, data }, maxAttempts: 3 });
}

export async function createRule(sql: Sql, input: RuleInput) {
  const [row] = await sql`
    insert into notification_rules (tenant_id, id, name, event, condition, actions, enabled)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${uuidv7()}, ${input.name},
            ${input.event}, ${sql.json(input.condition as never)}, ${
    sql.json(input.actions as never)
  },
            ${input.enabled})
    returning id, name, event, condition, actions, enabled, created_at, updated_at`;
  return row;
}

export async function listRules(sql: Sql, event?: string) {
  return await sql`select id, name, event, condition, actions, enabled, created_at, updated_at
                   from notification_rules ${event ? sql`where event = ${event}` : sql``}
                   order by name, id`;
}

/** Only active members of the current tenant receive anything. */
async function members(sql: Sql, ids: unknown[]): Promise<string[]> {
  const wanted = ids.filter((x): x is string =>
    typeof x === "string" && /^[0-9a-f-]{36}$/i.test(x)
  );
  if (!wanted.length) return [];
  const rows = await sql`select user_id from memberships
                         where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
                           and status = 'active' and user_id = any(${wanted}::uuid[])`;
  return rows.map((r) => r.userId as string);
}

async function runAction(
  sql: Sql,
  bus: Bus,
  event: string,
  data: unknown,
  action: z.infer<typeof RuleAction>,
) {
  const vars = { event, ...(data as object) };
  if (action.type === "notify") {
    const fromField = action.userField ? [value(data, action.userField)].flat() : [];
    const body = action.body ?? "";
    const rendered = renderTemplate({ subject: action.title, body }, vars);
    for (const userId of await members(sql, [...(action.userIds ?? []), ...fromField])) {
      await notify(sql, bus, {
        userId,
        module: event.split(".")[0],
        title: rendered.subject,
        body: rendered.text,
        link: action.link ? renderTemplate({ subject: action.link, body: "" }, vars).subject : null,
      });
    }
  } else if (action.type === "email") {
    const fromField = action.toField ? [value(data, action.toField)].flat() : [];
    const to = [...(action.to ?? []), ...fromField].filter((x): x is string =>
      typeof x === "string" && z.email().max(254).safeParse(x).success
    );
    const rendered = renderTemplate(action.template, vars);
    for (const address of new Set(to)) {
      await queueMail(sql, {
        to: address,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
      });
    }
  } else if (!action.name.startsWith("platform.")) { // also for rules stored before the schema said so
    await enqueue(sql, action.name, {
      payload: { ...action.payload, event, data },
      priority: action.priority,
    });
  }
}

/** The job that applies a tenant's rules to a published event. */
export const rulesJob: SystemJob = {
  name: RULES_DISPATCH_JOB,
  handler: (ctx) =>
    ctx.scoped(async (sql) => {
      const { event, data } = ctx.payload as { event: string; data: unknown };
      const rules = await sql`select id, name, condition, actions from notification_rules
                              where event = ${event} and enabled`;
      for (const rule of rules) {
        if (!evaluate(rule.condition, data)) continue;
        ctx.log(`rule ${rule.name} matched ${event}`);
        for (const action of rule.actions) await runAction(sql, ctx.bus, event, data, action);
      }
    }),
};

/** Removes a rule; false when there is none with that id in the tenant. */
export async function deleteRule(sql: Sql, id: string): Promise<boolean> {
  return (await sql`delete from notification_rules where id = ${id} returning id`).length > 0;
}

/** Turns a rule on or off; the row, or undefined when there is none with that id. */
export async function setRuleEnabled(sql: Sql, id: string, enabled: boolean) {
  const [row] = await sql`update notification_rules set enabled = ${enabled}, updated_at = now()
    where id = ${id} returning id, name, event, condition, actions, enabled, created_at, updated_at`;
  return row;
}
