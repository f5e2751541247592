import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { listNotifications, NotificationItem } from "../../../platform/notifications/public.ts";
import { page } from "../../../ui/render.tsx";

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
    return await page(
      c,
      t(l, "page.notifications"),
      <div id="docs-panel">
        {items.length === 0 && <p class="muted">{t(l, "documents.noNotifications")}</p>}
        <ul class="notifications">{items.map((n) => <NotificationItem l={l} n={n} />)}</ul>
        {nextCursor && (
          <a href={`/documents/notifications?cursor=${nextCursor}`}>{t(l, "documents.more")}</a>
        )}
      </div>,
    );
  });
};
