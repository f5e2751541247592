import { Hono } from "hono";
import type { VNode } from "preact";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { html, page } from "../../../ui/kit.ts";
import {
  activityAnswer,
  type ActivityEntry,
  activityTimeline,
  historyLabelsFor,
  readFilters,
} from "../../../platform/activity/public.ts";
import { type C, isHtmx, many, readForm, redirectAfterPost } from "../../../shared/http/pages.ts";
import { getPreferences, listFeed, listNotices, putPreferences } from "./feed.service.ts";
import { projectsHistory } from "./history.lib.ts";
import { translator } from "../common/labels.lib.ts";
import { NoticesPanel } from "../notices/notices.view.tsx";
import { NOTICE_KINDS } from "../notices/notices.schemas.ts";
import { Assets } from "../common/ui.view.tsx";

const READ = requirePermission("projects.project.read");

type FeedItem = Awaited<ReturnType<typeof listFeed>>["items"][number];

/** Feed lines as the activity log's entries, and what each is about (with a link if it exists). */
function asEntries(items: FeedItem[]) {
  const subjects = new Map<string, { label: string; href?: string }>();
  const entries: ActivityEntry[] = items.map((e) => {
    if (e.subject) {
      const base = e.entityType === "task" ? "/projects/tasks/" : "/projects/projects/";
      subjects.set(e.id, {
        label: e.subject,
        href: e.subjectExists ? base + e.entityId : undefined,
      });
    }
    return {
      ...e,
      module: "projects",
      actorEmail: null,
      before: null,
      after: null,
      requestId: null,
    };
  });
  return { entries, subjects };
}

/** A project's latest activity as a timeline (the project page's activity tab). */
export async function projectTimeline(
  c: C,
  projectId: string,
  taskTitle: (id: string) => string | undefined,
): Promise<VNode> {
  const feed = await listFeed(actorOf(c), { projectId, limit: 50 });
  const { entries, subjects } = asEntries(feed.items);
  const labels = historyLabelsFor(
    c,
    projectsHistory(translator(c.var.locale), c.var.locale, { taskTitle, subjects }),
  );
  return await activityTimeline(c, entries, { labels, showSubject: true });
}

async function noticesPanel(c: C, saved = false) {
  const cursor = c.req.query("cursor") || undefined;
  const list = await listNotices(actorOf(c), { limit: 25, cursor });
  return (
    <NoticesPanel
      items={list.items}
      nextHref={list.nextCursor ? `/projects/notifications?cursor=${list.nextCursor}` : null}
      prefs={await getPreferences(actorOf(c))}
      saved={saved}
    />
  );
}

const feedPages = new Hono<AppEnv>()
  // The module's activity log: every line of the projects the reader may see, filterable.
  .get("/activity", READ, async (c) => {
    const { filter, query, cursor } = readFilters(c, "projects");
    const feed = await listFeed(actorOf(c), {
      entityType: filter.entityType,
      entityId: filter.entityId,
      actorId: filter.actorId,
      action: filter.action,
      from: filter.from,
      to: filter.to,
      limit: 25,
      cursor,
    });
    const { entries, subjects } = asEntries(feed.items);
    return await activityAnswer(c, {
      items: entries,
      nextCursor: feed.nextCursor,
      query,
      labels: historyLabelsFor(
        c,
        projectsHistory(translator(c.var.locale), c.var.locale, { subjects }),
      ),
    });
  })
  .get("/notifications", READ, async (c) =>
    page(
      c,
      t(c.var.locale, "page.notifications"),
      (
        <>
          <Assets />
          {await noticesPanel(c)}
        </>
      ),
    ))
  .post("/notifications/preferences", READ, async (c) => {
    const chosen = many((await readForm(c)).kinds as string[]);
    const prefs = Object.fromEntries(NOTICE_KINDS.map((k) => [k, chosen.includes(k)]));
    await putPreferences(actorOf(c), prefs as never);
    if (!isHtmx(c)) return redirectAfterPost(c, "/projects/notifications");
    return html(c, await noticesPanel(c, true));
  });

/** The module's activity log and notifications, at /projects/activity and /notifications. */
export function mountFeedPages(app: Hono<AppEnv>) {
  app.route("/", feedPages);
}
