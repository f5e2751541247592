import { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { page, Tabs } from "../../../ui/kit.ts";
import { type C, pathId } from "../../../shared/http/pages.ts";
import { projectTabItems } from "../common/tabs.lib.ts";
import { flowNames, translator } from "../common/labels.lib.ts";
import { Assets } from "../common/ui.view.tsx";
import { projectAccess } from "../access/access.service.ts";
import { getProject } from "../projects/projects.service.ts";
import { getTimeline, TIMELINE_LIMIT } from "./timeline.service.ts";
import { TimelineQuery } from "./timeline.schemas.ts";
import { ganttRows } from "./timeline.lib.ts";
import { TimelineBody, TimelineFilters } from "./timeline.view.tsx";

/** The query as asked, with what does not parse left out (a page never answers 400). */
function readQuery(c: C) {
  // Empty fields of the filter form mean "any".
  const raw = Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v !== ""));
  const parsed = TimelineQuery.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  const kept = Object.fromEntries(Object.entries(raw).filter(([k]) => !bad.has(k)));
  return TimelineQuery.parse(kept);
}

async function timelinePage(c: C) {
  const id = pathId(c);
  const l = c.var.locale;
  const tr = translator(l);
  const p = await getProject(actorOf(c), id);
  const access = await projectAccess(actorOf(c), id);
  const query = readQuery(c);
  const tl = await getTimeline(actorOf(c), { projectId: id, query });
  const canWrite = access.role !== "viewer" && !access.archived &&
    hasPermission(c.var.session.permissions, "projects.task.write");
  const statusNames = flowNames(tr, tl.groups.map((g) => ({ id: g.key, name: g.label ?? "" })));
  const groupLabels = new Map(tl.groups.map((g) => [
    g.key,
    tl.groupBy === "status" ? statusNames.get(g.key)! : g.label ??
      t(
        l,
        tl.groupBy === "assignee"
          ? "projects.timeline.noAssignee"
          : "projects.timeline.noMilestone",
      ),
  ]));
  const rows = ganttRows(
    tl.tasks,
    tl.groups.map((g) => ({ key: g.key, label: groupLabels.get(g.key)! })),
    tl.milestones.map((m) => ({
      id: m.id,
      name: m.name,
      date: m.date,
      percent: m.progress.percent,
    })),
  );
  const base = `/projects/projects/${id}/timeline`;
  return page(
    c,
    p.name,
    (
      <>
        <Assets />
        <link rel="stylesheet" href="/assets/frappe-gantt.css" />
        <link rel="stylesheet" href="/assets/projects-timeline.css" />
        <script src="/assets/frappe-gantt.umd.js" defer></script>
        <script src="/assets/projects-timeline.js" defer></script>
        <Tabs
          items={projectTabItems(id, "timeline", (key) => t(l, `projects.view.${key}`))}
          label={t(l, "projects.views")}
        />
        <TimelineFilters
          action={base}
          groupBy={tl.groupBy}
          q={query.q ?? ""}
          milestoneId={query.milestoneId ?? ""}
          milestones={tl.milestones}
        />
        <TimelineBody
          tl={tl}
          rows={rows}
          groupLabels={groupLabels}
          canWrite={canWrite}
          limit={TIMELINE_LIMIT}
        />
      </>
    ),
    { crumbs: [{ label: t(l, "page.projects"), href: "/projects/projects" }] },
  );
}

/** The timeline page of a project, at /projects/projects/:id/timeline. */
export function mountTimelinePages(app: Hono<AppEnv>) {
  app.route(
    "/projects",
    new Hono<AppEnv>().get("/:id/timeline", requirePermission("projects.task.read"), timelinePage),
  );
}
