import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { type C, formAction, readForm } from "../../../shared/http/pages.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { tr } from "../../../ui/render.tsx";
import { RulesPanel } from "./rules.view.tsx";
import type { Flash } from "../common/ui.view.tsx";
import { respond } from "../common/resource.pages.tsx";
import { memberOptions } from "../common/options.ts";
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
    ? { all: [{ field: s("condField"), op: s("condOp") || "eq", value: s("condValue") }] }
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
  return (
    <RulesPanel
      l={c.var.locale}
      rules={await listSupportRules(c.var.sql)}
      events={[...SUPPORT_EVENTS]}
      members={await memberOptions(c.var.sql)}
      canWrite={hasPermission(c.var.session.permissions, RULES_WRITE)}
      flash={flash}
    />
  );
}

export const mountRulePages = (app: Hono<AppEnv>) => {
  const title = (c: C) => tr(c)("page.notificationRules");
  app.get(
    "/notification-rules",
    requirePermission(RULES_READ),
    async (c) => respond(c, title(c), await panel(c)),
  );
  app.post("/notification-rules", requirePermission(RULES_WRITE), async (c) => {
    const { flash, status } = await formAction(
      SupportRuleInput,
      ruleFromForm(await readForm(c)),
      async (data) => {
        await addSupportRule(c.var.sql, data);
        return { kind: "ok", text: tr(c)("support.created") };
      },
    );
    return respond(c, title(c), await panel(c, flash), status);
  });
  app.post(`/notification-rules/${ID}`, requirePermission(RULES_WRITE), async (c) => {
    const form = await readForm(c);
    const { flash, status } = await formAction(z.object({}), {}, async () => {
      if (form.delete) await removeSupportRule(c.var.sql, c.req.param("id")!);
      else await toggleSupportRule(c.var.sql, c.req.param("id")!, form.enabled === "true");
      return { kind: "ok", text: tr(c)(form.delete ? "support.deleted" : "support.saved") };
    });
    return respond(c, title(c), await panel(c, flash), status);
  });
};
