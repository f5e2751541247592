import { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { listMembers as tenantMembers } from "../../../platform/identity/public.ts";
import { page } from "../../../ui/render.tsx";
import { problems } from "../../../shared/http/problem.ts";
import { CreateTaskBody } from "../tasks/tasks.schemas.ts";
import { renderToString } from "preact-render-to-string";
import { ProjectHead, ProjectsPanel } from "./projects.view.tsx";
import { Board, QuickTask, TaskTable } from "../tasks/board.view.tsx";
import { FlowEditor, MembersPanel } from "./team.view.tsx";
import { Assets, type Flash, Tabs } from "../common/ui.view.tsx";
import { ActivityItem } from "../../../platform/activity/public.ts";
import { projectAccess } from "../access.ts";
import {
  changeProject,
  createProject,
  getProject,
  listProjectMembers,
  listProjects,
  removeProjectMember,
  setProjectMember,
} from "./projects.service.ts";
import { creatableStatuses, putFlow, readFlow } from "../statuses/statuses.service.ts";
import { flowBody, readFlowForm } from "../statuses/statuses.form.ts";
import { boardOf, createTask } from "../tasks/tasks.service.ts";
import { listFeed } from "../feed/feed.service.ts";
import { CreateProjectBody } from "./projects.schemas.ts";
import {
  attempt,
  type C,
  isHtmx,
  one,
  orNull,
  pathId,
  readForm,
  redirectAfterPost,
  zodIssuesText,
} from "../../../shared/http/pages.ts";

const READ = requirePermission("projects.project.read");
const WRITE = requirePermission("projects.project.write");
const frag = (c: C, node: preact.VNode, status = 200) =>
  c.html(renderToString(node), status as 200);

async function listPanel(c: C, flash?: Flash) {
  const status = c.req.query("status") || undefined;
  const archived =
    (["true", "all"].includes(c.req.query("archived") ?? "") ? c.req.query("archived") : "false") as
      | "true"
      | "false"
      | "all";
  const valid = ["planlamada", "aktif", "tamamlandi"].includes(status ?? "");
  const cursor = c.req.query("cursor") || undefined;
  const list = await listProjects(actorOf(c), {
    status: valid ? status as "aktif" : undefined,
    archived,
    limit: 25,
    cursor,
  });
  const q = new URLSearchParams({ ...(valid ? { status: status! } : {}), archived });
  return (
    <ProjectsPanel
      l={c.var.locale}
      items={list.items}
      nextHref={list.nextCursor ? `/projects/projects?${q}&cursor=${list.nextCursor}` : null}
      query={{ status, archived }}
      canCreate={hasPermission(c.var.session.permissions, "projects.project.write")}
      flash={flash}
    />
  );
}

function projectFields(f: Record<string, string | string[]>) {
  return {
    name: one(f.name),
    description: one(f.description),
    status: one(f.status) || undefined,
    startDate: orNull(one(f.startDate)),
    dueDate: orNull(one(f.dueDate)),
  };
}

async function membersPanel(c: C, projectId: string, flash?: Flash) {
  const access = await projectAccess(c.var.sql, c.var.session, projectId);
  const members = await listProjectMembers(actorOf(c), projectId);
  const all = await tenantMembers(c.var.sql, { limit: 500 });
  const candidates = all.filter((u) =>
    u.status === "active" && !members.some((m) => m.userId === u.id)
  );
  return (
    <MembersPanel
      l={c.var.locale}
      projectId={projectId}
      members={members}
      candidates={candidates}
      canManage={access.role === "manager" && !access.archived}
      flash={flash}
    />
  );
}

async function flowPanel(c: C, projectId: string, flash?: Flash) {
  const access = await projectAccess(c.var.sql, c.var.session, projectId);
  const f = await readFlow(c.var.sql, projectId);
  return (
    <FlowEditor
      l={c.var.locale}
      projectId={projectId}
      statuses={f.items}
      transitions={f.transitions}
      canManage={access.role === "manager" && !access.archived}
      flash={flash}
    />
  );
}

const projectsPages = new Hono<AppEnv>()
  .get("/", READ, async (c) =>
    page(
      c,
      t(c.var.locale, "page.projects"),
      (
        <>
          <Assets />
          {await listPanel(c)}
        </>
      ),
    ))
  .post("/", WRITE, async (c) => {
    const f = await readForm(c);
    const parsed = CreateProjectBody.safeParse(projectFields(f));
    const r = parsed.success
      ? await attempt(() => createProject(c.var.sql, c.var.session, parsed.data))
      : {
        ok: false as const,
        flash: {
          kind: "error" as const,
          text: zodIssuesText(parsed.error.issues),
        },
        status: 400 as const,
      };
    if (r.ok) return redirectAfterPost(c, `/projects/projects/${r.value.id}`);
    if (isHtmx(c)) return frag(c, await listPanel(c, r.flash), r.status);
    return page(c, t(c.var.locale, "page.projects"), await listPanel(c, r.flash), r.status);
  })
  .get("/:id", READ, async (c) => {
    const id = pathId(c);
    const l = c.var.locale;
    const p = await getProject(actorOf(c), id);
    const access = await projectAccess(c.var.sql, c.var.session, id);
    const canWrite = access.role !== "viewer" && !access.archived;
    const view = c.req.query("view") ?? "board";
    const base = `/projects/projects/${id}`;
    const flow = await readFlow(c.var.sql, id);
    let body;
    if (view === "list") {
      body = <TaskTable l={l} tasks={await boardOf(c.var.sql, id)} />;
    } else if (view === "activity") {
      const feed = await listFeed(actorOf(c), { projectId: id, limit: 50 });
      body = feed.items.length
        ? (
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
        )
        : <p class="muted">{t(l, "projects.noActivity")}</p>;
    } else if (view === "members") {
      body = await membersPanel(c, id);
    } else if (view === "flow") {
      body = await flowPanel(c, id);
    } else {
      body = (
        <Board
          l={l}
          statuses={flow.items}
          transitions={flow.transitions}
          tasks={await boardOf(c.var.sql, id)}
          canWrite={canWrite}
          role={access.role}
          admin={access.admin}
        />
      );
    }
    const tabs = [
      ["board", t(l, "projects.board")],
      ["list", t(l, "projects.list")],
      ["activity", t(l, "projects.activity")],
      ["members", t(l, "projects.members")],
      ["flow", t(l, "projects.flow")],
    ].map(([key, text]) => ({ key, text, href: `${base}?view=${key}` }));
    return page(
      c,
      p.name,
      (
        <>
          <Assets board={view === "board"} />
          <ProjectHead l={l} p={p} canManage={access.role === "manager"} />
          <Tabs items={tabs} current={view} label={t(l, "projects.views")} />
          {canWrite && (view === "board" || view === "list") && (
            <QuickTask l={l} projectId={id} statuses={creatableStatuses(flow, access)} />
          )}
          {body}
        </>
      ),
    );
  })
  .post("/:id", WRITE, async (c) => {
    const id = pathId(c);
    const f = projectFields(await readForm(c));
    const parsed = CreateProjectBody.partial().safeParse(f);
    const r = parsed.success ? await attempt(() => changeProject(actorOf(c), id, parsed.data)) : {
      ok: false as const,
      flash: { kind: "error" as const, text: parsed.error.issues[0].message },
      status: 400 as const,
    };
    const p = await getProject(actorOf(c), id);
    const access = await projectAccess(c.var.sql, c.var.session, id);
    if (!isHtmx(c) && r.ok) return redirectAfterPost(c, `/projects/projects/${id}`);
    const flash = r.ok ? { kind: "ok" as const, text: t(c.var.locale, "projects.saved") } : r.flash;
    return frag(
      c,
      <ProjectHead l={c.var.locale} p={p} canManage={access.role === "manager"} flash={flash} />,
      r.ok ? 200 : r.status,
    );
  })
  .post("/:id/archive", WRITE, async (c) => {
    const id = pathId(c);
    await changeProject(actorOf(c), id, { archived: true });
    return redirectAfterPost(c, `/projects/projects/${id}`);
  })
  .post("/:id/unarchive", WRITE, async (c) => {
    const id = pathId(c);
    await changeProject(actorOf(c), id, { archived: false });
    return redirectAfterPost(c, `/projects/projects/${id}`);
  })
  .post("/:id/members", WRITE, async (c) => {
    const id = pathId(c);
    const f = await readForm(c);
    const r = await attempt(() =>
      setProjectMember(actorOf(c), id, {
        userId: one(f.userId),
        role: one(f.role) as "member",
      }, "add")
    );
    return memberAnswer(c, id, r);
  })
  .post("/:id/members/:userId", WRITE, async (c) => {
    const id = pathId(c);
    const userId = pathId(c, "userId");
    const f = await readForm(c);
    const r = await attempt(() =>
      setProjectMember(actorOf(c), id, { userId, role: one(f.role) as "member" }, "change")
    );
    return memberAnswer(c, id, r);
  })
  .post("/:id/members/:userId/remove", WRITE, async (c) => {
    const id = pathId(c);
    const userId = pathId(c, "userId");
    const r = await attempt(() => removeProjectMember(actorOf(c), id, userId));
    return memberAnswer(c, id, r);
  })
  .post("/:id/flow", WRITE, async (c) => {
    const id = pathId(c);
    const f = await readFlowForm(c);
    const current = await readFlow(c.var.sql, id);
    const r = await attempt(() => putFlow(actorOf(c), id, flowBody(f, current)));
    if (!isHtmx(c) && r.ok) return redirectAfterPost(c, `/projects/projects/${id}?view=flow`);
    const flash = r.ok ? { kind: "ok" as const, text: t(c.var.locale, "projects.saved") } : r.flash;
    return frag(c, await flowPanel(c, id, flash), r.ok ? 200 : r.status);
  })
  .post("/:id/tasks", requirePermission("projects.task.write"), async (c) => {
    const id = pathId(c);
    const f = await readForm(c);
    const parentId = one(f.parentId) || undefined;
    const parsed = CreateTaskBody.safeParse({
      projectId: id,
      title: one(f.title),
      statusId: one(f.statusId) || undefined,
      parentId,
    });
    if (!parsed.success) {
      throw problems.validation(
        parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
      );
    }
    await createTask(actorOf(c), parsed.data);
    return redirectAfterPost(
      c,
      parentId ? `/projects/tasks/${parentId}` : `/projects/projects/${id}`,
    );
  });

async function memberAnswer(c: C, id: string, r: Awaited<ReturnType<typeof attempt>>) {
  // A manager who removed themselves no longer sees the project: back to the list (rendering
  // the panel would answer 404, and a failed answer rolls the removal back).
  if (r.ok && !(await attempt(() => projectAccess(c.var.sql, c.var.session, id))).ok) {
    return redirectAfterPost(c, "/projects/projects");
  }
  if (!isHtmx(c) && r.ok) return redirectAfterPost(c, `/projects/projects/${id}?view=members`);
  const flash = r.ok ? { kind: "ok" as const, text: t(c.var.locale, "projects.saved") } : r.flash;
  return frag(c, await membersPanel(c, id, flash), r.ok ? 200 : r.status);
}

/** The project list and a project's pages, at /projects/projects. */
export function mountProjectPages(app: Hono<AppEnv>) {
  app.route("/projects", projectsPages);
}
