import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { type C, isHtmx } from "../../../shared/http/pages.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { Button, html, page } from "../../../ui/kit.ts";
import { automationInbox } from "./notifications.service.ts";
import { AutomationNotifications } from "./notifications.view.tsx";

/** /automation/notifications: the caller's automation notifications, all or unread. */
async function notificationsPage(c: C) {
  const l = c.var.locale;
  const unreadOnly = c.req.query("unread") === "true";
  const list = await automationInbox(actorOf(c), {
    unreadOnly,
    limit: 25,
    cursor: c.req.query("cursor") || undefined,
  });
  const body = <AutomationNotifications {...list} unreadOnly={unreadOnly} />;
  c.header("Vary", "HX-Request");
  if (isHtmx(c) && c.req.query("part") === "list") return html(c, body);
  const styled = (
    <>
      <link rel="stylesheet" href="/assets/automation-dashboard.css" />
      {body}
    </>
  );
  return await page(c, t(l, "page.notifications"), styled, {
    crumbs: [{ label: t(l, "module.automation"), href: "/automation" }],
    description: t(l, "automation.notifications.description"),
    actions: (
      <Button href="/notifications" variant="secondary" icon="inbox">
        {t(l, "automation.notifications.inbox")}
      </Button>
    ),
  });
}

/** GET /automation/notifications. */
export function mountAutomationNotificationsPages(app: Hono<AppEnv>) {
  app.get("/notifications", requirePermission("automation.job.read"), notificationsPage);
}
