import "./dashboard.messages.ts";
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import type { C } from "../../../shared/http/pages.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { Button, page, tr } from "../../../ui/kit.ts";
import { dashboardFigures } from "./dashboard.service.ts";
import { DashboardView } from "./dashboard.view.tsx";

async function dashboardPage(c: C) {
  const t = tr(c);
  const d = await dashboardFigures(actorOf(c), { timeZone: c.var.timeZone });
  const canStart = hasPermission(c.var.session.permissions, "workflow.process.write");
  return await page(c, t("page.dashboard"), <DashboardView d={d} />, {
    crumbs: [{ label: t("module.workflow"), href: "/workflow" }],
    description: t("wfd.description"),
    actions: canStart
      ? <Button href="/workflow/catalog" icon="play">{t("wfd.startProcess")}</Button>
      : undefined,
  });
}

/** GET /workflow (mounted last: it answers the module's root). */
export function mountDashboardPages(app: Hono<AppEnv>) {
  app.get("/", requirePermission("workflow.process.read"), dashboardPage);
}
