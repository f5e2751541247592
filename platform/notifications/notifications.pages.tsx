import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { decodeCursor, toPage } from "../../shared/http/paging.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { type C, isHtmx } from "../../shared/http/pages.ts";
import { t } from "../../shared/i18n/i18n.ts";
import { requirePermission } from "../../shared/rbac/permissions.ts";
import { findNotification, inbox, readAll, readOne } from "./notifications.service.ts";
import { listOutbox } from "./mail.ts";
import { html, page } from "../../ui/render.tsx";
import { NotificationItem, NotificationList } from "./notifications.view.tsx";
import { OutboxTable } from "./outbox.view.tsx";

async function inboxPanel(c: C) {
  const unreadOnly = c.req.query("unread") === "true";
  const limit = 25;
  const rows = await inbox(actorOf(c), {
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
  .get("/", async (c) => page(c, t(c.var.locale, "notifications.title"), await inboxPanel(c)))
  .post("/read-all", async (c) => {
    await readAll(actorOf(c));
    if (isHtmx(c)) return html(c, await inboxPanel(c));
    return c.redirect("/notifications", 303);
  })
  .post("/:id{[0-9a-f-]{36}}/read", async (c) => {
    const actor = actorOf(c);
    const id = c.req.param("id");
    await readOne(actor, id);
    if (!isHtmx(c)) return c.redirect("/notifications", 303);
    return html(c, <NotificationItem l={c.var.locale} n={await findNotification(actor, id)} />);
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
