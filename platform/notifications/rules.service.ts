import { z } from "@hono/zod-openapi";
import type { Sql } from "../../shared/db/database.ts";
import { enqueue } from "../../shared/jobs/queue.ts";
import type { DomainEvent } from "../../shared/modules.ts";
import type { Bus } from "../../shared/realtime/bus.ts";
import { notify } from "./notify.service.ts";
import { queueMail } from "./mail.service.ts";
import { renderTemplate } from "./templates.lib.ts";
import { evaluate, value } from "./rules.lib.ts";
import type { RuleAction } from "./rules.schemas.ts";
import { activeMemberIds, enabledRules } from "./rules.repo.ts";

/** Only active members of the current tenant receive anything. */
async function members(sql: Sql, ids: unknown[]): Promise<string[]> {
  const wanted = ids.filter((x): x is string =>
    typeof x === "string" && /^[0-9a-f-]{36}$/i.test(x)
  );
  if (!wanted.length) return [];
  return await activeMemberIds(sql, wanted);
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
      await notify({ sql, bus }, {
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
      await queueMail({ sql }, {
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

/**
 * Applies a tenant's notification rules to a published event, in the transaction that reads
 * it from the event log (platform/events lists who handles what).
 */
export async function applyRules({ sql, bus, name, data }: DomainEvent) {
  const rules = await enabledRules(sql, name);
  for (const rule of rules) {
    if (!evaluate(rule.condition, data)) continue;
    for (const action of rule.actions) await runAction(sql, bus, name, data, action);
  }
}
