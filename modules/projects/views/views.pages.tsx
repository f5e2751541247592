import { Hono } from "hono";
import type { VNode } from "preact";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { BulkBar } from "../bulk/bulk.view.tsx";
import { t } from "../../../shared/i18n/i18n.ts";
import { Card, html, page, Toast } from "../../../ui/kit.ts";
import {
  attempt,
  type C,
  isHtmx,
  one,
  pathId,
  readForm,
  redirectAfterPost,
} from "../../../shared/http/pages.ts";
import { TASK_SORTS, type TaskRow } from "../tasks/tasks.schemas.ts";
import { projectAccess } from "../access/access.service.ts";
import { statusesOf } from "../statuses/statuses.service.ts";
import { membersOf } from "../projects/projects.service.ts";
import { createView, filteredTasks, getView, listViews, removeView } from "./views.service.ts";
import { columnsOf, filtersOf, GROUPABLE_FIELD_TYPES, groupOf, viewUrl } from "./views.rules.ts";
import { fieldsOf } from "../fields/fields.service.ts";
import {
  ClearFilters,
  type GroupField,
  ProjectFilterBar,
  SaveViewDialog,
  SaveViewForm,
  SaveViewState,
  ViewsMenu,
  ViewTaskList,
} from "./views.view.tsx";
import { VIEW_LAYOUTS, type ViewColumn, type ViewGroup, type ViewLayout } from "./views.schemas.ts";
import "./views.messages.ts";

const READ = requirePermission("projects.task.read");
/** The most tasks a filtered list or board shows at once. */
const LIMIT = 500;

/** The page's query string, first values only, empty ones dropped. */
function rawQuery(c: C): Record<string, string> {
  return Object.fromEntries(
    Object.entries(c.req.queries()).map(([k, v]) => [k, v[0] ?? ""]).filter(([, v]) => v !== ""),
  );
}

/** What the project page shows now: filters, grouping, sort and columns. */
function shownState(c: C, layout: "list" | "board") {
  const raw = rawQuery(c);
  const filters = filtersOf(raw);
  const groupBy: ViewGroup = layout === "list" ? groupOf(raw.groupBy) : "none";
  const columns: ViewColumn[] = columnsOf(c.req.queries("columns"));
  const sort = raw.sort ?? "created";
  return { raw, filters, groupBy, columns, sort, viewId: raw.viewId };
}

/** The state as the save form carries it (a query string). */
function stateOf(s: ReturnType<typeof shownState>, layout: "list" | "board") {
  const q = new URLSearchParams(s.filters);
  if (layout === "list") {
    q.set("groupBy", s.groupBy);
    q.set("sort", s.sort);
    q.set("columns", s.columns.join(","));
  }
  return q.toString();
}

/** The project's custom fields a list can be grouped by. */
async function groupFields(c: C, projectId: string): Promise<GroupField[]> {
  const all = await fieldsOf({ sql: c.var.sql }, projectId);
  return all.flatMap((f) =>
    (GROUPABLE_FIELD_TYPES as readonly string[]).includes(f.type)
      ? [{
        id: f.id,
        name: f.name,
        type: f.type as GroupField["type"],
        options: f.options.map((o) => ({ id: o.id, label: o.label })),
      }]
      : []
  );
}

/** The filtered tasks of a project page (list or board). */
async function tasksShown(c: C, id: string, s: ReturnType<typeof shownState>) {
  return await filteredTasks(actorOf(c), {
    projectId: id,
    query: s.filters,
    sort: s.sort,
    limit: LIMIT,
  });
}

/**
 * The project page's list and board with the saved-views menu, the "Save view" dialog and the
 * filter bar above them; other tabs unchanged. `body` is the tab's own content.
 */
export async function withSavedViews(c: C, id: string, view: string, body: VNode) {
  if (view !== "list" && view !== "board") return body;
  const l = c.var.locale;
  const s = shownState(c, view);
  const access = await projectAccess(actorOf(c), id);
  const views = await listViews(actorOf(c), id);
  const statuses = await statusesOf({ sql: c.var.sql }, id);
  const members = await membersOf({ sql: c.var.sql }, id);
  const valid = (await tasksShown(c, id, s)).valid;
  return (
    <>
      <link rel="stylesheet" href="/assets/projects-calendar.css" />
      <div class="pj-viewbar">
        <ViewsMenu projectId={id} views={views.items} currentId={s.viewId} />
        <SaveViewDialog projectId={id} layout={view} canShare={access.role !== "viewer"} />
      </div>
      <ProjectFilterBar
        action={`/projects/projects/${id}`}
        layout={view}
        target="#pj-view-body"
        query={s.raw}
        statuses={statuses}
        members={members}
        groupBy={view === "list" ? s.groupBy : undefined}
        fields={view === "list" ? await groupFields(c, id) : undefined}
        sort={view === "list" ? s.sort : undefined}
        columns={view === "list" ? s.columns : undefined}
      />
      <div id="pj-view-body">
        {!valid && (
          <Toast
            flash={{ kind: "error", text: t(l, "projects.savedViews.badFilters") }}
          />
        )}
        <SaveViewState state={stateOf(s, view)} />
        <ClearFilters href={`/projects/projects/${id}?view=${view}`} filters={s.filters} />
        {body}
      </div>
    </>
  );
}

/** The list tab: the filtered tasks with the chosen columns, grouped when asked. */
export async function savedViewList(c: C, id: string) {
  const s = shownState(c, "list");
  const shown = await tasksShown(c, id, s);
  const access = await projectAccess(actorOf(c), id);
  const bulk = access.role !== "viewer" && !access.archived &&
    hasPermission(c.var.session.permissions, "projects.task.write");
  return (
    <>
      {bulk && (
        <BulkBar
          statuses={await statusesOf({ sql: c.var.sql }, id)}
          members={await membersOf({ sql: c.var.sql }, id)}
          back={`/projects/projects/${id}?view=list`}
        />
      )}
      <ViewTaskList
        select={bulk}
        tasks={shown.items}
        groupBy={s.groupBy}
        fields={await groupFields(c, id)}
        people={await membersOf({ sql: c.var.sql }, id)}
        columns={s.columns}
        statuses={await statusesOf({ sql: c.var.sql }, id)}
        filtered={Object.keys(s.filters).length > 0}
        truncated={shown.more ? LIMIT : undefined}
      />
    </>
  );
}

/** The board's tasks (board order), narrowed by the page's filters when there are any. */
export async function savedViewBoard(c: C, id: string, all: TaskRow[]) {
  const s = shownState(c, "board");
  if (Object.keys(s.filters).length === 0) return all;
  const shown = await tasksShown(c, id, s);
  if (!shown.valid) return all;
  const keep = new Set(shown.items.map((x) => x.id));
  return all.filter((x) => keep.has(x.id));
}

/** The save form's fields as a view. */
function viewFromForm(f: Record<string, string | string[]>) {
  const state = new URLSearchParams(one(f.state));
  const raw = Object.fromEntries(state);
  const layout = one(f.layout) as ViewLayout;
  return {
    name: one(f.name),
    shared: one(f.shared) === "true",
    layout: VIEW_LAYOUTS.includes(layout) ? layout : "list" as const,
    query: filtersOf(raw),
    groupBy: groupOf(raw.groupBy),
    sort: (TASK_SORTS as readonly string[]).includes(raw.sort)
      ? raw.sort as (typeof TASK_SORTS)[number]
      : "created" as const,
    columns: columnsOf(state.has("columns") ? state.getAll("columns") : undefined),
  };
}

const viewPages = new Hono<AppEnv>()
  .post("/:id/views", READ, async (c) => {
    const id = pathId(c);
    const l = c.var.locale;
    const f = await readForm(c);
    const body = viewFromForm(f);
    const r = body.name ? await attempt(() => createView(actorOf(c), { projectId: id, body })) : {
      ok: false as const,
      flash: { kind: "error" as const, text: t(l, "projects.savedViews.checkName") },
      status: 400 as const,
    };
    if (r.ok) return redirectAfterPost(c, viewUrl(r.value));
    const access = await projectAccess(actorOf(c), id);
    const flash = r.status === 403
      ? { kind: "error" as const, text: t(l, "projects.savedViews.viewerShared") }
      : r.status === 422
      ? { kind: "error" as const, text: t(l, "projects.savedViews.badFilters") }
      : r.flash;
    const form = (
      <SaveViewForm
        projectId={id}
        layout={body.layout}
        canShare={access.role !== "viewer"}
        flash={flash}
      />
    );
    if (isHtmx(c)) return html(c, form, r.status);
    return page(c, t(l, "projects.savedViews.save"), <Card>{form}</Card>, { status: r.status });
  })
  .get("/:id/views/:viewId", READ, async (c) => {
    const id = pathId(c);
    const view = await getView(actorOf(c), pathId(c, "viewId"));
    if (view.projectId !== id) return c.notFound();
    return c.redirect(viewUrl(view), 302);
  })
  .post("/:id/views/:viewId/delete", READ, async (c) => {
    const id = pathId(c);
    await removeView(actorOf(c), pathId(c, "viewId"));
    return redirectAfterPost(c, `/projects/projects/${id}?view=list`);
  });

/** Saving, opening and deleting views from the project page, at /projects/projects/:id/views. */
export function mountViewPages(app: Hono<AppEnv>) {
  app.route("/projects", viewPages);
}
