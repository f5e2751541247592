import { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { page } from "../../../ui/kit.ts";
import { type C, type Flash, one, readForm } from "../../../shared/http/pages.ts";
import { Assets } from "../common/ui.view.tsx";
import { changeFeed, createFeed, feedSettings, renderFeed, revokeFeed } from "./ical.service.ts";
import { appOrigin } from "../../../platform/identity/public.ts";
import { FeedPanel } from "./ical.view.tsx";
import "./ical.messages.ts";

const READ = requirePermission("projects.task.read");
/** The site's address as the caller reached it (or PUBLIC_URL): the feed's URL starts there. */
const originOf = (c: C) => appOrigin(c.req.url, (n) => c.req.header(n), c.var.platform.config);

async function settingsPage(
  c: C,
  shown?: Awaited<ReturnType<typeof createFeed>>,
  flash?: Flash,
) {
  const l = c.var.locale;
  const s = shown ?? await feedSettings(actorOf(c));
  return page(
    c,
    t(l, "projects.feed.title"),
    (
      <>
        <Assets />
        <link rel="stylesheet" href="/assets/projects-calendar.css" />
        <FeedPanel {...s} flash={flash} />
      </>
    ),
  );
}

const feedPages = new Hono<AppEnv>()
  .get("/calendar-feed", READ, (c) => settingsPage(c))
  // Made (or made anew): the address is shown on this answer only, never stored.
  .post("/calendar-feed", READ, async (c) => {
    const f = await readForm(c);
    const made = await createFeed(actorOf(c), {
      origin: originOf(c),
      includeWatched: one(f.includeWatched) === "true",
    });
    c.header("Cache-Control", "no-store");
    return settingsPage(c, made);
  })
  .post("/calendar-feed/options", READ, async (c) => {
    const f = await readForm(c);
    await changeFeed(actorOf(c), { includeWatched: one(f.includeWatched) === "true" });
    return settingsPage(c, undefined, { kind: "ok", text: t(c.var.locale, "projects.saved") });
  })
  .post("/calendar-feed/revoke", READ, async (c) => {
    await revokeFeed(actorOf(c));
    return settingsPage(c, undefined, {
      kind: "ok",
      text: t(c.var.locale, "projects.feed.revoked"),
    });
  })
  // The feed itself: no session, the token is the credential (a public path in mod.ts).
  .get("/ical/:file", async (c) => {
    const file = c.req.param("file");
    const token = file.endsWith(".ics") ? file.slice(0, -4) : "";
    try {
      const body = await renderFeed({ sql: c.var.platform.db.sql }, {
        token,
        origin: originOf(c),
      });
      return c.body(body, 200, {
        "Content-Type": "text/calendar; charset=utf-8",
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex",
        "Referrer-Policy": "no-referrer",
      });
    } catch (err) {
      if (err instanceof Problem && err.status === 404) {
        return c.text("Not found", 404, { "Cache-Control": "no-store" });
      }
      throw err;
    }
  });

/** The calendar feed settings (/projects/calendar-feed) and the feed (/projects/ical/…). */
export function mountIcalPages(app: Hono<AppEnv>) {
  app.route("/", feedPages);
}
