import type { Hono } from "hono";
import { renderToString } from "preact-render-to-string";
import type { AppEnv } from "../../../shared/http/env.ts";
import { isHtmx } from "../../../shared/http/pages.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { listMembers } from "../../../platform/identity/public.ts";
import {
  ActivityItems,
  ActivityList,
  ActivityPage,
  listActivity,
  readFilters,
} from "../../../platform/activity/public.ts";
import { page } from "../../../ui/render.tsx";
import { visibleTo } from "./visibility.ts";

/**
 * The module's activity log: the platform's timeline (same filters, paging and partials) with
 * the lines about files and folders the caller may not see left out (see visibility.ts).
 */
export const mountActivityPages = (app: Hono<AppEnv>) => {
  app.get("/activity", requirePermission("documents.audit.read"), async (c) => {
    const l = c.var.locale;
    const { filter, query, cursor } = readFilters(c, "documents");
    const list = await listActivity(c.var.sql, { ...filter, limit: 25, cursor });
    const v = await visibleTo(c.var.sql, c.var.session);
    const props = {
      l,
      items: await v.entries(list.items),
      nextCursor: list.nextCursor,
      href: c.req.path,
      query,
      showModule: false,
      filtered: Object.keys(query).length > 0,
    };
    c.header("Vary", "HX-Request");
    const htmx = isHtmx(c) && !c.req.header("HX-History-Restore-Request");
    if (htmx && c.req.query("part") === "items") {
      return c.html(renderToString(<ActivityItems {...props} />));
    }
    if (htmx) return c.html(renderToString(<ActivityList {...props} />));
    const actors = await listMembers(c.var.sql, { limit: 200 });
    return await page(
      c,
      t(l, "page.activityLog"),
      <ActivityPage {...props} actors={actors} target="activity-results" />,
    );
  });
};
