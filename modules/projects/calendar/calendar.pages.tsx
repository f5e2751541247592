import { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { problemBody, problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { Button, page, Tabs, Toast } from "../../../ui/kit.ts";
import { attempt, type C, one, pathId, readForm, uuidOrNull } from "../../../shared/http/pages.ts";
import { projectTabItems } from "../common/tabs.lib.ts";
import { Assets } from "../common/ui.view.tsx";
import { projectAccess } from "../access/access.service.ts";
import { getProject, membersOf } from "../projects/projects.service.ts";
import { ProjectSummary } from "../projects/projects.view.tsx";
import { statusesOf } from "../statuses/statuses.service.ts";
import { listViews } from "../views/views.service.ts";
import { filtersOf } from "../views/views.rules.ts";
import {
  ClearFilters,
  ProjectFilterBar,
  SaveViewDialog,
  SaveViewState,
  ViewsMenu,
} from "../views/views.view.tsx";
import { CALENDAR_LIMIT, projectCalendar, rescheduleTask } from "./calendar.service.ts";
import { MONTH } from "./calendar.lib.ts";
import { CalendarBody } from "./calendar.view.tsx";
import "./calendar.messages.ts";
import "../views/views.messages.ts";

const READ = requirePermission("projects.task.read");
const WRITE = requirePermission("projects.task.write");
const DAY = /^\d{4}-\d\d-\d\d$/;

function rawQuery(c: C): Record<string, string> {
  return Object.fromEntries(
    Object.entries(c.req.queries()).map(([k, v]) => [k, v[0] ?? ""]).filter(([, v]) => v !== ""),
  );
}

async function calendarPage(c: C) {
  const id = pathId(c);
  const l = c.var.locale;
  const raw = rawQuery(c);
  const filters = filtersOf(raw);
  const month = MONTH.test(raw.month ?? "") ? raw.month : undefined;
  const p = await getProject(actorOf(c), id);
  const access = await projectAccess(actorOf(c), id);
  const canWrite = access.role !== "viewer" && !access.archived &&
    hasPermission(c.var.session.permissions, "projects.task.write");
  const base = `/projects/projects/${id}/calendar`;
  const r = await attempt(() =>
    projectCalendar(actorOf(c), {
      projectId: id,
      month,
      query: filters,
      locale: l,
      timeZone: c.var.timeZone ?? "UTC",
      now: Date.now(),
    })
  );
  // Filters the task list refuses are dropped (and said so) rather than failing the page.
  const data = r.ok ? r.value : await projectCalendar(actorOf(c), {
    projectId: id,
    month,
    query: {},
    locale: l,
    timeZone: c.var.timeZone ?? "UTC",
    now: Date.now(),
  });
  const keep = new URLSearchParams(r.ok ? filters : {}).toString();
  const views = await listViews(actorOf(c), id);
  const tabs = projectTabItems(id, "calendar", (key) => t(l, `projects.view.${key}`));
  return page(
    c,
    p.name,
    (
      <>
        <Assets />
        <link rel="stylesheet" href="/assets/projects-calendar.css" />
        <script src="/assets/sortable.min.js" defer></script>
        <script src="/assets/projects-calendar.js" defer></script>
        <Tabs items={tabs} label={t(l, "projects.views")} />
        <div class="pj-viewbar">
          <ViewsMenu projectId={id} views={views.items} currentId={raw.viewId} />
          <SaveViewDialog projectId={id} layout="calendar" canShare={access.role !== "viewer"} />
          <Button href="/projects/calendar-feed" variant="ghost" small icon="rss">
            {t(l, "projects.calendar.subscribe")}
          </Button>
        </div>
        <ProjectFilterBar
          action={base}
          target="#pj-cal-wrap"
          query={{ ...raw, month: data.month }}
          statuses={await statusesOf({ sql: c.var.sql }, id)}
          members={await membersOf({ sql: c.var.sql }, id)}
        />
        <div id="pj-cal-wrap">
          {!r.ok && (
            <Toast flash={{ kind: "error", text: t(l, "projects.savedViews.badFilters") }} />
          )}
          <SaveViewState state={keep} />
          <ClearFilters href={`${base}?month=${data.month}`} filters={r.ok ? filters : {}} />
          <CalendarBody
            data={data}
            canWrite={canWrite}
            moveUrl={`${base}/move`}
            base={base}
            keep={keep}
            truncatedAt={CALENDAR_LIMIT}
          />
        </div>
      </>
    ),
    {
      crumbs: [{ label: t(l, "page.projects"), href: "/projects/projects" }],
      description: <ProjectSummary p={p} />,
    },
  );
}

const calendarPages = new Hono<AppEnv>()
  .get("/:id/calendar", READ, (c) => calendarPage(c))
  // A task dropped on another day: JSON for the calendar's script (a refusal as a problem).
  .post("/:id/calendar/move", WRITE, async (c) => {
    const id = pathId(c);
    const f = await readForm(c);
    const taskId = uuidOrNull(one(f.taskId));
    const due = one(f.dueDate);
    const l = c.var.locale;
    const r = await attempt(async () => {
      if (!taskId) throw problems.notFound("No such task.");
      if (due !== "" && !DAY.test(due)) {
        throw problems.validation([{ path: "dueDate", message: "Invalid date" }]);
      }
      return await rescheduleTask(actorOf(c), { projectId: id, taskId, dueDate: due || null });
    });
    if (r.ok) return c.json({ id: r.value.id, dueDate: r.value.dueDate });
    const status = r.status;
    // The services explain refusals in English; other readers get the calendar's own sentence.
    const detail = l === "en" ? r.flash.text : t(l, "projects.calendar.moveRefused");
    return c.json(
      problemBody({ status, slug: "rule", title: "Refused", detail } as never),
      status,
    );
  });

/** The project calendar page, at /projects/projects/:id/calendar. */
export function mountCalendarPages(app: Hono<AppEnv>) {
  app.route("/projects", calendarPages);
}
