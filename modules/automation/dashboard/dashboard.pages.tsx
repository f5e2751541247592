import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { type C, isHtmx } from "../../../shared/http/pages.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { html, page } from "../../../ui/kit.ts";
import { dashboardFigures } from "./dashboard.service.ts";
import { DashboardFigures } from "./dashboard.view.tsx";

/** /automation: the dashboard page; its live container re-fetches `?part=figures` (htmx). */
async function dashboardPage(c: C) {
  const l = c.var.locale;
  const d = await dashboardFigures(actorOf(c), { timeZone: c.var.timeZone });
  c.header("Vary", "HX-Request");
  if (isHtmx(c) && c.req.query("part") === "figures") {
    return html(c, <DashboardFigures d={d} />);
  }
  return await page(
    c,
    t(l, "page.dashboard"),
    <>
      {/* Registered in mod.ts: turns run changes into `automation-run` events. */}
      <script src="/assets/automation-live.js" defer></script>
      <link rel="stylesheet" href="/assets/automation-dashboard.css" />
      <DashboardFigures d={d} />
    </>,
    {
      crumbs: [{ label: t(l, "module.automation"), href: "/automation" }],
      description: t(l, "automation.dashboard.description"),
    },
  );
}

/** GET /automation. */
export function mountDashboardPages(app: Hono<AppEnv>) {
  app.get("/", requirePermission("automation.job.read"), dashboardPage);
}
