import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { type C, formAction, readForm, type Status } from "../../../shared/http/pages.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { tr } from "../../../ui/render.tsx";
import { NewRuleDialog, RulesPanel } from "./rules.view.tsx";
import type { Flash } from "../common/ui.view.tsx";
import { respond } from "../common/resource.pages.tsx";
import { customerNames, memberOptions } from "../common/options.service.ts";
import { directory } from "../../../platform/identity/public.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { RULES_READ, RULES_WRITE } from "./rules.routes.ts";
import { SUPPORT_EVENTS, SupportRuleInput } from "./rules.schemas.ts";
import { z } from "@hono/zod-openapi";
import {
  addSupportRule,
  listSupportRules,
  removeSupportRule,
  toggleSupportRule,
} from "./rules.service.ts";
import { ID_PARAM as ID } from "../../../shared/http/ids.ts";

/** The simple form (one condition, one action) as the rules engine's input. */
export function ruleFromForm(f: Record<string, string | string[]>) {
  const s = (k: string) => (typeof f[k] === "string" ? f[k] as string : "");
  const condition = s("condField")
    ? {
      all: [{
        field: s("condField"),
        op: s("condOp") || "eq",
        value: s("condValue") || s("condText"),
      }],
    }
    : {};
  const title = s("title") || "{{ticket.number}}: {{ticket.subject}}";
  const body = s("body") || "{{event}}";
  const action = s("action") === "notifyUser"
    ? {
      type: "notify",
      userIds: s("userId") ? [s("userId")] : [],
      title,
      body,
      link: "/support/tickets/{{ticket.id}}",
    }
    : s("action") === "emailCustomer"
    ? { type: "email", toField: "customer.email", template: { subject: title, body } }
    : s("action") === "emailAddress"
    ? { type: "email", to: [s("address")], template: { subject: title, body } }
    : {
      type: "notify",
      userField: "ticket.assigneeId",
      title,
      body,
      link: "/support/tickets/{{ticket.id}}",
    };
  return { name: s("name"), event: s("event"), condition, actions: [action] };
}

async function panel(c: C, flash?: Flash) {
  const rules = await listSupportRules(actorOf(c));
  // Rules name people and customers by id: the list names them.
  const names = new Map((await directory(c.var.sql)).map((m) => [m.userId, m.name]));
  const customerIds = rules.flatMap((r) =>
    [...(r.condition.all ?? []), ...(r.condition.any ?? [])]
      .filter((x) => x.field === "ticket.customerId").map((x) => String(x.value))
  ).filter(isUuid);
  for (const [id, name] of await customerNames(actorOf(c), { ids: customerIds })) {
    names.set(id, name);
  }
  return (
    <RulesPanel
      rules={rules}
      names={names}
      canWrite={hasPermission(c.var.session.permissions, RULES_WRITE)}
      flash={flash}
    />
  );
}

/** The page: the rules, and "New rule" in the header for those who may write. */
async function rulesPage(c: C, flash?: Flash, status: Status = 200) {
  const canWrite = hasPermission(c.var.session.permissions, RULES_WRITE);
  return respond(c, tr(c)("page.notificationRules"), await panel(c, flash), {
    status,
    actions: canWrite
      ? (
        <NewRuleDialog
          events={[...SUPPORT_EVENTS]}
          members={await memberOptions(actorOf(c))}
        />
      )
      : undefined,
  });
}

export const mountRulePages = (app: Hono<AppEnv>) => {
  app.get("/notification-rules", requirePermission(RULES_READ), (c) => rulesPage(c));
  app.post("/notification-rules", requirePermission(RULES_WRITE), async (c) => {
    const { flash, status } = await formAction(
      SupportRuleInput,
      ruleFromForm(await readForm(c)),
      async (data) => {
        await addSupportRule(actorOf(c), data);
        return { kind: "ok", text: tr(c)("support.created") };
      },
    );
    // The form lives in a dialog: close it, the list shows the outcome (errors stay).
    c.header("HX-Trigger", "dialog-close");
    const shown = status === 400
      ? { kind: "error" as const, text: tr(c)("support.invalidForm") }
      : flash;
    return respond(c, tr(c)("page.notificationRules"), await panel(c, shown), status);
  });
  app.post(`/notification-rules/${ID}`, requirePermission(RULES_WRITE), async (c) => {
    const form = await readForm(c);
    const { flash, status } = await formAction(z.object({}), {}, async () => {
      if (form.delete) await removeSupportRule(actorOf(c), c.req.param("id")!);
      else {await toggleSupportRule(actorOf(c), {
          id: c.req.param("id")!,
          enabled: form.enabled === "true",
        });}
      return { kind: "ok", text: tr(c)(form.delete ? "support.deleted" : "support.saved") };
    });
    return respond(c, tr(c)("page.notificationRules"), await panel(c, flash), status);
  });
};
