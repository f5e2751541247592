import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { decodeCursor, toPage } from "../../shared/http/paging.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { type C, isHtmx, pathId } from "../../shared/http/pages.ts";
import { t } from "../../shared/i18n/i18n.ts";
import { requirePermission } from "../../shared/rbac/permissions.ts";
import { inbox, readAll, readOne } from "./notifications.service.ts";
import { listOutbox } from "./mail.service.ts";
import { Button, page } from "../../ui/kit.ts";
import { NotificationList } from "./notifications.view.tsx";
import { OUTBOX_STATES, OutboxTable } from "./outbox.view.tsx";

/** The inbox page; htmx answers (mark read) take the list out of it. */
async function inboxPage(c: C) {
  const l = c.var.locale;
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
  const readAllAction = `/notifications/read-all${unreadOnly ? "?unread=true" : ""}`;
  return await page(
    c,
    t(l, "notifications.title"),
    <NotificationList items={items} nextCursor={nextCursor} unreadOnly={unreadOnly} />,
    {
      actions: (
        <form
          method="post"
          action={readAllAction}
          class="inline"
          hx-post={readAllAction}
          hx-target="#notifications"
          hx-select="#notifications"
          hx-swap="outerHTML"
        >
          <Button type="submit" variant="secondary" icon="check-check">
            {t(l, "notifications.markAllRead")}
          </Button>
        </form>
      ),
    },
  );
}

/** After marking: htmx gets the page to take the list from; a plain form goes back to it. */
const back = (c: C) =>
  isHtmx(c) ? inboxPage(c) : c.redirect(
    c.req.query("unread") === "true" ? "/notifications?unread=true" : "/notifications",
    303,
  );

/** /notifications: every signed-in user's inbox. */
export const notificationsPages = new Hono<AppEnv>()
  .get("/", (c) => inboxPage(c))
  .post("/read-all", async (c) => {
    await readAll(actorOf(c));
    return await back(c);
  })
  .post("/:id{[0-9a-f-]{36}}/read", async (c) => {
    await readOne(actorOf(c), pathId(c));
    return await back(c);
  });

/** /admin/outbox: mail waiting, sent or failed (with no SMTP configured it all waits here). */
export const outboxPages = new Hono<AppEnv>()
  .get("/", requirePermission("admin.mail.read"), async (c) => {
    const { sql, locale: l, platform } = c.var;
    const wanted = c.req.query("state") ?? "";
    const state = OUTBOX_STATES.find((s) => s === wanted);
    const rows = await listOutbox(sql, { state, limit: 100 });
    return page(
      c,
      t(l, "outbox.title"),
      <OutboxTable rows={rows} smtpConfigured={!!platform.config.SMTP_URL} state={state} />,
      { crumbs: [{ label: t(l, "nav.admin") }] },
    );
  });
