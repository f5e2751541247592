import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { decodeCursor, toPage } from "../../shared/http/paging.ts";
import { problems } from "../../shared/http/problem.ts";
import { t } from "../../shared/i18n/i18n.ts";
import { requirePermission } from "../../shared/rbac/permissions.ts";
import { listNotifications, markAllRead, markRead } from "./notifications.repo.ts";
import { announce } from "./notify.ts";
import { listOutbox } from "./mail.ts";
import { html, page } from "../../ui/render.tsx";
import { NotificationItem, NotificationList } from "./notifications.view.tsx";
import { OutboxTable } from "./outbox.view.tsx";

async function inbox(c: Context<AppEnv>) {
  const unreadOnly = c.req.query("unread") === "true";
  const limit = 25;
  const rows = await listNotifications(c.var.sql, c.var.session.userId, {
    unreadOnly,
    limit,
    after: decodeCursor(c.req.query("cursor") || undefined, ["timestamp", "uuid"]) as [
      string,
      string,
    ] | null,
  });
  const { items, nextCursor } = toPage(rows, limit, (r) => [r.sortAt, r.id]);
  return (
    <NotificationList
      l={c.var.locale}
      items={items}
      nextCursor={nextCursor}
      unreadOnly={unreadOnly}
    />
  );
}

/** /notifications: every signed-in user's inbox. */
export const notificationsPages = new Hono<AppEnv>()
  .get("/", async (c) => page(c, t(c.var.locale, "notifications.title"), await inbox(c)))
  .post("/read-all", async (c) => {
    await markAllRead(c.var.sql, c.var.session.userId);
    await announce(c.var.sql, c.var.platform.bus, c.var.session.userId);
    if (c.req.header("HX-Request")) return html(c, await inbox(c));
    return c.redirect("/notifications", 303);
  })
  .post("/:id{[0-9a-f-]{36}}/read", async (c) => {
    const { sql, session, platform, locale } = c.var;
    const id = c.req.param("id");
    if (!await markRead(sql, session.userId, id)) throw problems.notFound();
    await announce(sql, platform.bus, session.userId);
    if (!c.req.header("HX-Request")) return c.redirect("/notifications", 303);
    const [row] = await sql`select id, user_id, module, title, body, link, read_at, created_at
                            from notifications where id = ${id}`;
    return html(c, <NotificationItem l={locale} n={row as never} />);
  });

/** /admin/outbox: mail waiting, sent or failed (with no SMTP configured it all waits here). */
export const outboxPages = new Hono<AppEnv>()
  .get("/", requirePermission("admin.mail.read"), async (c) => {
    const { sql, locale, platform } = c.var;
    const state = c.req.query("state");
    const rows = await listOutbox(sql, {
      state: ["queued", "sending", "sent", "failed"].includes(state ?? "") ? state : undefined,
      limit: 100,
    });
    return page(
      c,
      t(locale, "outbox.title"),
      <OutboxTable l={locale} rows={rows} smtpConfigured={!!platform.config.SMTP_URL} />,
    );
  });
