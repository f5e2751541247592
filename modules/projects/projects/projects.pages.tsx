import { type Context, Hono } from "hono";
import type { VNode } from "preact";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { type Locale, type MessageKey, t } from "../../../shared/i18n/i18n.ts";
import { listMembers as tenantMembers } from "../../../platform/identity/public.ts";
import { Card, html, page, Tabs } from "../../../ui/kit.ts";
import { CreateTaskBody } from "../tasks/tasks.schemas.ts";
import {
  NewProjectDialog,
  ProjectFilters,
  ProjectForm,
  ProjectManageActions,
  ProjectsTable,
  ProjectSummary,
} from "./projects.view.tsx";
import { Board, NewTaskDialog, NewTaskForm } from "../tasks/board.view.tsx";
import { FlowEditor, MembersPanel } from "./team.view.tsx";
import { projectTabItems } from "../common/tabs.lib.ts";
import { Assets, type Flash } from "../common/ui.view.tsx";
import { defaultStatusLabel, translator } from "../common/labels.lib.ts";
import { projectAccess } from "../access/access.service.ts";
import {
  changeProject,
  createProject,
  getProject,
  listProjectMembers,
  listProjects,
  membersOf,
  removeProjectMember,
  setProjectMember,
} from "./projects.service.ts";
import { putFlow, readFlow } from "../statuses/statuses.service.ts";
import { creatableStatuses } from "../statuses/statuses.rules.ts";
import { flowBody, type Form } from "../statuses/statuses.form.lib.ts";
import { boardOf, createTask } from "../tasks/tasks.service.ts";
import { projectTimeline } from "../feed/feed.pages.tsx";
import { ImportLink } from "../import/import.view.tsx";
import { savedViewBoard, savedViewList, withSavedViews } from "../views/views.pages.tsx";
import { CreateProjectBody } from "./projects.schemas.ts";
import { listTemplates } from "../templates/templates.service.ts";
import { todayIn } from "../recurrence/recurrence.rules.ts";
import {
  attempt,
  type C,
  isHtmx,
  one,
  orNull,
  pathId,
  readForm,
  redirectAfterPost,
  type Status,
} from "../../../shared/http/pages.ts";

const READ = requirePermission("projects.project.read");
const readerToday = (c: C) => todayIn(c.var.timeZone ?? "UTC");
const WRITE = requirePermission("projects.project.write");
const VIEWS = ["board", "list", "activity", "members", "flow"] as const;
type View = (typeof VIEWS)[number];

/** Detail pages lead back to the project list. */
const listCrumbs = (l: Locale) => [{ label: t(l, "page.projects"), href: "/projects/projects" }];

/** Zod issues of a project or task form in the reader's words ("Check: Name, Due date"). */
function invalid(l: Locale, issues: { path: PropertyKey[] }[]): Flash {
  const labels: Record<string, MessageKey> = {
    name: "projects.name",
    description: "projects.description",
    status: "projects.status",
    startDate: "projects.startDate",
    dueDate: "projects.dueDate",
    title: "projects.title",
    statusId: "projects.taskStatus",
    priority: "projects.priority",
    assigneeId: "projects.assignee",
    timeZone: "projects.timeZone",
  };
  const fields = [
    ...new Set(issues.map((i) => t(l, labels[String(i.path[0])] ?? "projects.form"))),
  ];
  return { kind: "error", text: t(l, "projects.checkFields", { fields: fields.join(", ") }) };
}

function projectFields(f: Record<string, string | string[]>) {
  return {
    name: one(f.name),
    description: one(f.description),
    status: one(f.status) || undefined,
    startDate: orNull(one(f.startDate)),
    dueDate: orNull(one(f.dueDate)),
    timeZone: one(f.timeZone) || undefined,
  };
}

async function listPage(c: C) {
  const l = c.var.locale;
  const status = c.req.query("status") || undefined;
  const archivedRaw = c.req.query("archived") ?? "";
  const archived = (["true", "all"].includes(archivedRaw) ? archivedRaw : "false") as
    | "true"
    | "false"
    | "all";
  const valid = ["planlamada", "aktif", "tamamlandi"].includes(status ?? "");
  const q = (c.req.query("q") ?? "").trim().slice(0, 200);
  const list = await listProjects(actorOf(c), {
    status: valid ? status as "aktif" : undefined,
    archived,
    q: q || undefined,
    limit: 25,
    cursor: c.req.query("cursor") || undefined,
  });
  const keep = new URLSearchParams({
    ...(q ? { q } : {}),
    ...(valid ? { status: status! } : {}),
    archived,
  });
  return page(
    c,
    t(l, "page.projects"),
    (
      <>
        <Assets />
        <ProjectFilters query={{ status, archived, q }} />
        <ProjectsTable
          items={list.items}
          moreHref={list.nextCursor ? `/projects/projects?${keep}&cursor=${list.nextCursor}` : null}
          filtered={valid || archived !== "false" || !!q}
        />
      </>
    ),
    {
      actions: hasPermission(c.var.session.permissions, "projects.project.write")
        ? <NewProjectDialog {...await newProjectChoices(c)} />
        : undefined,
    },
  );
}

/** The new-project dialog's templates and proposed start date. */
async function newProjectChoices(c: C) {
  return { templates: (await listTemplates(actorOf(c))).items, today: readerToday(c) };
}

/** A form that failed: htmx swaps it in place (in its dialog); a plain post gets it as a page. */
function formAnswer(c: C, title: string, form: VNode, status: Status, back: string) {
  if (isHtmx(c)) return html(c, form, status);
  return page(c, title, <Card>{form}</Card>, {
    status,
    crumbs: [...listCrumbs(c.var.locale), { label: title, href: back }],
  });
}

async function membersPanel(c: C, projectId: string, flash?: Flash) {
  const access = await projectAccess(actorOf(c), projectId);
  const members = await listProjectMembers(actorOf(c), projectId);
  const all = await tenantMembers(c.var.sql, { limit: 500 });
  const candidates = all.filter((u) =>
    u.status === "active" && !members.some((m) => m.userId === u.id)
  );
  return (
    <MembersPanel
      projectId={projectId}
      members={members}
      candidates={candidates}
      canManage={access.role === "manager" && !access.archived}
      flash={flash}
    />
  );
}

async function flowPanel(c: C, projectId: string, flash?: Flash) {
  const access = await projectAccess(actorOf(c), projectId);
  const f = await readFlow({ sql: c.var.sql }, projectId);
  return (
    <FlowEditor
      projectId={projectId}
      statuses={f.items}
      transitions={f.transitions}
      canManage={access.role === "manager" && !access.archived}
      flash={flash}
    />
  );
}

/** The new-task form of a project with what the caller may choose. */
async function newTaskProps(c: C, projectId: string) {
  const access = await projectAccess(actorOf(c), projectId);
  const flow = await readFlow({ sql: c.var.sql }, projectId);
  return {
    l: c.var.locale,
    projectId,
    statuses: creatableStatuses(flow, access),
    members: await membersOf({ sql: c.var.sql }, projectId),
  };
}

async function viewBody(c: C, id: string, view: View) {
  const access = await projectAccess(actorOf(c), id);
  const l = c.var.locale;
  switch (view) {
    case "list":
      return await savedViewList(c, id);
    case "activity": {
      const tasks = await boardOf({ sql: c.var.sql }, id);
      const titles = new Map(tasks.map((x) => [x.id, x.title]));
      return (
        <Card title={t(l, "projects.activity")}>
          {await projectTimeline(c, id, (taskId) => titles.get(taskId))}
        </Card>
      );
    }
    case "members":
      return await membersPanel(c, id);
    case "flow":
      return await flowPanel(c, id);
    default: {
      const flow = await readFlow({ sql: c.var.sql }, id);
      return (
        <Board
          statuses={flow.items}
          transitions={flow.transitions}
          tasks={await savedViewBoard(c, id, await boardOf({ sql: c.var.sql }, id))}
          canWrite={access.role !== "viewer" && !access.archived}
          role={access.role}
          admin={access.admin}
        />
      );
    }
  }
}

const projectsPages = new Hono<AppEnv>()
  .get("/", READ, (c) => listPage(c))
  .post("/", WRITE, async (c) => {
    const l = c.var.locale;
    const parsed = CreateProjectBody.safeParse(projectFields(await readForm(c)));
    const r = parsed.success
      ? await attempt(() => createProject(actorOf(c), { body: parsed.data, locale: l }))
      : { ok: false as const, flash: invalid(l, parsed.error.issues), status: 400 as const };
    if (r.ok) return redirectAfterPost(c, `/projects/projects/${r.value.id}`);
    const form = <ProjectForm action="/projects/projects" flash={r.flash} />;
    return formAnswer(c, t(l, "projects.new"), form, r.status, "/projects/projects");
  })
  .get("/:id", READ, async (c) => {
    const id = pathId(c);
    const l = c.var.locale;
    const p = await getProject(actorOf(c), id);
    const access = await projectAccess(actorOf(c), id);
    const canWrite = access.role !== "viewer" && !access.archived &&
      hasPermission(c.var.session.permissions, "projects.task.write");
    const asked = c.req.query("view") as View;
    const view: View = VIEWS.includes(asked) ? asked : "board";
    const tabs = projectTabItems(id, view, (key) => t(l, `projects.view.${key}`));
    return page(
      c,
      p.name,
      (
        <>
          <Assets board={view === "board"} />
          <Tabs items={tabs} label={t(l, "projects.views")} />
          {await withSavedViews(c, id, view, await viewBody(c, id, view))}
        </>
      ),
      {
        crumbs: listCrumbs(l),
        description: <ProjectSummary p={p} />,
        actions: (
          <>
            {access.role === "manager" && <ProjectManageActions p={p} />}
            {canWrite && <NewTaskDialog {...await newTaskProps(c, id)} />}
            {canWrite && <ImportLink projectId={id} />}
          </>
        ),
      },
    );
  })
  .post("/:id", WRITE, async (c) => {
    const id = pathId(c);
    const l = c.var.locale;
    const parsed = CreateProjectBody.partial().safeParse(projectFields(await readForm(c)));
    const r = parsed.success
      ? await attempt(() => changeProject(actorOf(c), { id, body: parsed.data }))
      : { ok: false as const, flash: invalid(l, parsed.error.issues), status: 400 as const };
    if (r.ok) return redirectAfterPost(c, `/projects/projects/${id}`);
    const p = await getProject(actorOf(c), id);
    const form = <ProjectForm p={p} action={`/projects/projects/${id}`} flash={r.flash} />;
    return formAnswer(c, p.name, form, r.status, `/projects/projects/${id}`);
  })
  .post("/:id/archive", WRITE, async (c) => {
    const id = pathId(c);
    await changeProject(actorOf(c), { id: id, body: { archived: true } });
    return redirectAfterPost(c, `/projects/projects/${id}`);
  })
  .post("/:id/unarchive", WRITE, async (c) => {
    const id = pathId(c);
    await changeProject(actorOf(c), { id: id, body: { archived: false } });
    return redirectAfterPost(c, `/projects/projects/${id}`);
  })
  .post("/:id/members", WRITE, async (c) => {
    const id = pathId(c);
    const f = await readForm(c);
    const r = await attempt(() =>
      setProjectMember(actorOf(c), {
        projectId: id,
        body: { userId: one(f.userId), role: one(f.role) as "member" },
        mode: "add",
      })
    );
    return memberAnswer(c, id, r);
  })
  .post("/:id/members/:userId", WRITE, async (c) => {
    const id = pathId(c);
    const userId = pathId(c, "userId");
    const f = await readForm(c);
    const r = await attempt(() =>
      setProjectMember(actorOf(c), {
        projectId: id,
        body: { userId, role: one(f.role) as "member" },
        mode: "change",
      })
    );
    return memberAnswer(c, id, r);
  })
  .post("/:id/members/:userId/remove", WRITE, async (c) => {
    const id = pathId(c);
    const userId = pathId(c, "userId");
    const r = await attempt(() =>
      removeProjectMember(actorOf(c), { projectId: id, userId: userId })
    );
    return memberAnswer(c, id, r);
  })
  .post("/:id/flow", WRITE, async (c) => {
    const id = pathId(c);
    const f = await readFlowForm(c);
    const current = await readFlow({ sql: c.var.sql }, id);
    const r = await attempt(() =>
      putFlow(actorOf(c), {
        projectId: id,
        body: flowBody(f, current, defaultStatusLabel(translator(c.var.locale))),
      })
    );
    if (!isHtmx(c) && r.ok) return redirectAfterPost(c, `/projects/projects/${id}?view=flow`);
    const flash = r.ok ? { kind: "ok" as const, text: t(c.var.locale, "projects.saved") } : r.flash;
    return html(c, await flowPanel(c, id, flash), r.ok ? 200 : r.status);
  })
  .post("/:id/tasks", requirePermission("projects.task.write"), async (c) => {
    const id = pathId(c);
    const l = c.var.locale;
    const f = await readForm(c);
    const parentId = one(f.parentId) || undefined;
    const parsed = CreateTaskBody.safeParse({
      projectId: id,
      title: one(f.title),
      statusId: one(f.statusId) || undefined,
      priority: one(f.priority) || undefined,
      assigneeId: one(f.assigneeId) || undefined,
      dueDate: one(f.dueDate) || undefined,
      parentId,
    });
    const r = parsed.success
      ? await attempt(() => createTask(actorOf(c), parsed.data))
      : { ok: false as const, flash: invalid(l, parsed.error.issues), status: 400 as const };
    if (r.ok) {
      return redirectAfterPost(
        c,
        parentId ? `/projects/tasks/${parentId}` : `/projects/projects/${id}`,
      );
    }
    const form = <NewTaskForm {...await newTaskProps(c, id)} parentId={parentId} flash={r.flash} />;
    return formAnswer(c, t(l, "projects.newTask"), form, r.status, `/projects/projects/${id}`);
  });

async function memberAnswer(c: C, id: string, r: Awaited<ReturnType<typeof attempt>>) {
  // A manager who removed themselves no longer sees the project: back to the list (rendering
  // the panel would answer 404, and a failed answer rolls the removal back).
  if (r.ok && !(await attempt(() => projectAccess(actorOf(c), id))).ok) {
    return redirectAfterPost(c, "/projects/projects");
  }
  if (!isHtmx(c) && r.ok) return redirectAfterPost(c, `/projects/projects/${id}?view=members`);
  const flash = r.ok ? { kind: "ok" as const, text: t(c.var.locale, "projects.saved") } : r.flash;
  return html(c, await membersPanel(c, id, flash), r.ok ? 200 : r.status);
}

/** The project list and a project's pages, at /projects/projects. */
export function mountProjectPages(app: Hono<AppEnv>) {
  app.route("/projects", projectsPages);
}

/**
 * The flow editor's form as posted. Not readForm: an empty `roles-*` field means "anyone may
 * move" while a missing one keeps the current limit, so empty fields must survive.
 */
async function readFlowForm(c: Context): Promise<Form> {
  try {
    return await c.req.parseBody({ all: true }) as Form;
  } catch {
    throw problems.badRequest("The form could not be read.");
  }
}
