import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { listNotifications } from "../../../platform/notifications/public.ts";
import { tr } from "../../../ui/kit.ts";
import { docsPage } from "../common/page.view.tsx";
import { moduleCrumb } from "../common/common.view.tsx";
import { InboxLink, NotificationsPanel } from "./notifications.view.tsx";

/** The caller's notifications about documents. */
export const mountNotificationPages = (app: Hono<AppEnv>) => {
  app.get("/notifications", requirePermission("documents.file.read"), async (c) => {
    const limit = 25;
    const after = decodeCursor(c.req.query("cursor") || undefined, ["timestamp", "uuid"]) as
      | [string, string]
      | null;
    const rows = await listNotifications(c.var.sql, c.var.session.userId, {
      module: "documents",
      limit,
      after,
    });
    const { items, nextCursor } = toPage(rows, limit, (r) => [r.sortAt, r.id]);
    const l = c.var.locale;
    return await docsPage(
      c,
      t(l, "page.notifications"),
      <NotificationsPanel
        items={items}
        more={nextCursor ? `/documents/notifications?cursor=${nextCursor}` : undefined}
      />,
      { crumbs: [moduleCrumb(tr(c))], actions: <InboxLink /> },
    );
  });
};
