import type { Hono } from "hono";
import { actorOf } from "../../../shared/http/actor.ts";
import type { AppEnv } from "../../../shared/http/env.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { docsPage } from "../common/page.view.tsx";
import { Dashboard } from "./dashboard.view.tsx";
import { stats } from "./stats.service.ts";
import { recentActivity } from "../audit/activity.pages.tsx";

/** The dashboard at the module's root. */
export const mountDashboardPages = (app: Hono<AppEnv>) => {
  app.get("/", requirePermission("documents.file.read"), async (c) => {
    const l = c.var.locale;
    const p = c.var.session.permissions;
    const s = await stats(actorOf(c));
    return await docsPage(
      c,
      t(l, "page.dashboard"),
      <Dashboard
        stats={s}
        recent={await recentActivity(c, s.recentActivity)}
        may={{
          trash: hasPermission(p, "documents.file.write"),
          settings: hasPermission(p, "documents.settings.write"),
          activity: hasPermission(p, "documents.audit.read"),
        }}
      />,
      { crumbs: [{ label: t(l, "module.documents") }] },
    );
  });
};
