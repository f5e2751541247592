import { Hono } from "hono";
import { renderToString } from "preact-render-to-string";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { page } from "../../../ui/render.tsx";
import { TaskTable } from "../tasks/board.view.tsx";
import { Distribution, ProgressCharts, WorkloadTable } from "./reports.view.tsx";
import { Assets, MoreLink } from "../common/ui.view.tsx";
import { ActivityItem } from "../../../platform/activity/public.ts";
import { NoticesPanel } from "../notices/notices.view.tsx";
import { distributionReport, progressReport, workloadReport } from "./reports.service.ts";
import { listTasks } from "../tasks/tasks.service.ts";
import { listProjects } from "../projects/projects.service.ts";
import { getPreferences, listFeed, listNotices, putPreferences } from "../feed/feed.service.ts";
import { NOTICE_KINDS } from "../notices/notices.types.ts";
import { type C, isHtmx, many, readForm, redirectAfterPost } from "../../../shared/http/pages.ts";
import { isUuid } from "../../../shared/http/ids.ts";

const READ = requirePermission("projects.project.read");

async function noticesPanel(c: C, saved = false) {
  const cursor = c.req.query("cursor") || undefined;
  const list = await listNotices(actorOf(c), { limit: 25, cursor });
  return (
    <NoticesPanel
      l={c.var.locale}
      items={list.items}
      nextHref={list.nextCursor ? `/projects/notifications?cursor=${list.nextCursor}` : null}
      prefs={await getPreferences(actorOf(c))}
      saved={saved}
    />
  );
}

const overviewPages = new Hono<AppEnv>()
  .get("/", READ, async (c) => {
    const l = c.var.locale;
    const mine = await listTasks(actorOf(c), {
      assigneeId: "me",
      done: "false",
      sort: "due",
      limit: 10,
    });
    const overdue = await listTasks(actorOf(c), { overdue: "true", sort: "due", limit: 10 });
    const progress = await progressReport(actorOf(c), { days: 30 });
    return page(
      c,
      t(l, "page.dashboard"),
      (
        <>
          <Assets />
          <div class="cards">
            <section class="card" aria-labelledby="mine-h">
              <h2 id="mine-h">{t(l, "projects.myTasks")}</h2>
              <TaskTable l={l} tasks={mine.items} showProject />
              <p>
                <a href="/projects/tasks?assigneeId=me&done=false">{t(l, "projects.allMyTasks")}</a>
              </p>
            </section>
            <section class="card" aria-labelledby="overdue-h">
              <h2 id="overdue-h">{t(l, "projects.overdue")}</h2>
              <TaskTable l={l} tasks={overdue.items} showProject />
            </section>
          </div>
          <ProgressCharts l={l} items={progress.items} burnUp={progress.burnUp} />
        </>
      ),
    );
  })
  .get("/reports", requirePermission("projects.report.read"), async (c) => {
    const l = c.var.locale;
    const raw = c.req.query("projectId") ?? "";
    const projectId = isUuid(raw) ? raw : undefined;
    const q = { projectId, days: 30 };
    const progress = await progressReport(actorOf(c), q);
    const dist = await distributionReport(actorOf(c), q);
    const work = await workloadReport(actorOf(c), q);
    const projects = await listProjects(actorOf(c), { archived: "false", limit: 100 });
    const csv = (kind: string) =>
      `/api/projects/reports/${kind}?format=csv${projectId ? `&projectId=${projectId}` : ""}`;
    return page(
      c,
      t(l, "page.reports"),
      (
        <>
          <Assets />
          <form class="toolbar" method="get" action="/projects/reports">
            <label for="rp-project">{t(l, "projects.project")}</label>
            <select id="rp-project" name="projectId">
              <option value="">{t(l, "projects.allProjects")}</option>
              {projects.items.map((p) => (
                <option value={p.id} selected={p.id === projectId}>{p.name}</option>
              ))}
            </select>
            <button type="submit">{t(l, "projects.filter")}</button>
            <a href={csv("progress")}>{t(l, "projects.csvProgress")}</a>
            <a href={csv("distribution")}>{t(l, "projects.csvDistribution")}</a>
            <a href={csv("workload")}>{t(l, "projects.csvWorkload")}</a>
          </form>
          <ProgressCharts l={l} items={progress.items} burnUp={progress.burnUp} />
          <Distribution l={l} {...dist} />
          <WorkloadTable l={l} items={work.items} />
        </>
      ),
    );
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
    return c.html(renderToString(await noticesPanel(c, true)));
  })
  .get("/activity", READ, async (c) => {
    const l = c.var.locale;
    const cursor = c.req.query("cursor") || undefined;
    const feed = await listFeed(actorOf(c), { limit: 50, cursor });
    return page(
      c,
      t(l, "page.activityLog"),
      (
        <>
          <Assets />
          {feed.items.length === 0
            ? <p class="muted">{t(l, "projects.noActivity")}</p>
            : (
              <ol class="activity-timeline">
                {feed.items.map((e) => (
                  <ActivityItem
                    l={l}
                    entry={{
                      ...e,
                      module: "projects",
                      actorEmail: null,
                      before: null,
                      after: null,
                      requestId: null,
                    }}
                  />
                ))}
              </ol>
            )}
          <MoreLink
            href={feed.nextCursor ? `/projects/activity?cursor=${feed.nextCursor}` : null}
            text={t(l, "projects.more")}
          />
        </>
      ),
    );
  });

/** The dashboard, reports, notifications and activity log, at the module's root. */
export function mountOverviewPages(app: Hono<AppEnv>) {
  app.route("/", overviewPages);
}
