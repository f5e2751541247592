import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { page } from "../../../ui/render.tsx";
import { Dashboard } from "./dashboard.view.tsx";
import { stats } from "./stats.service.ts";

/** The dashboard at the module's root. */
export const mountDashboardPages = (app: Hono<AppEnv>) => {
  app.get("/", requirePermission("documents.file.read"), async (c) => {
    const s = await stats(c.var.sql, c.var.session);
    return await page(
      c,
      t(c.var.locale, "page.dashboard"),
      <Dashboard l={c.var.locale} stats={s as never} />,
    );
  });
};
