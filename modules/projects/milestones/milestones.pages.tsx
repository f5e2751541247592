import { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { type Flash, page, Tabs } from "../../../ui/kit.ts";
import {
  attempt,
  type C,
  one,
  pathId,
  readForm,
  redirectAfterPost,
  type Status,
} from "../../../shared/http/pages.ts";
import { projectTabItems } from "../common/tabs.lib.ts";
import { Assets } from "../common/ui.view.tsx";
import { projectAccess } from "../access/access.service.ts";
import { getProject } from "../projects/projects.service.ts";
import { CreateMilestoneBody } from "./milestones.schemas.ts";
import {
  changeMilestone,
  createMilestone,
  getMilestone,
  listMilestones,
  removeMilestone,
} from "./milestones.service.ts";
import { changeTask } from "../tasks/tasks.service.ts";
import { MilestonesPanel, TaskMilestoneCard } from "./milestones.view.tsx";

const READ = requirePermission("projects.project.read");
const WRITE = requirePermission("projects.project.write");

async function milestonesPage(c: C, flash?: Flash, status: Status = 200) {
  const id = pathId(c);
  const l = c.var.locale;
  const p = await getProject(actorOf(c), id);
  const access = await projectAccess(actorOf(c), id);
  const items = await listMilestones(actorOf(c), id);
  return page(
    c,
    p.name,
    (
      <>
        <Assets />
        <link rel="stylesheet" href="/assets/projects-timeline.css" />
        <Tabs
          items={projectTabItems(id, "milestones", (key) => t(l, `projects.view.${key}`))}
          label={t(l, "projects.views")}
        />
        <MilestonesPanel
          projectId={id}
          items={items}
          canManage={access.role === "manager" && !access.archived}
          flash={flash}
        />
      </>
    ),
    { status, crumbs: [{ label: t(l, "page.projects"), href: "/projects/projects" }] },
  );
}

/** The form as a milestone body; what does not parse is a 400 naming the fields. */
async function body(c: C) {
  const f = await readForm(c);
  return CreateMilestoneBody.safeParse({
    name: one(f.name),
    date: one(f.date),
    description: one(f.description),
  });
}

async function answer(c: C, r: Awaited<ReturnType<typeof attempt>>, projectId: string) {
  if (r.ok) return redirectAfterPost(c, `/projects/projects/${projectId}/milestones`);
  return await milestonesPage(c, r.flash, r.status);
}

function invalid(c: C, issues: { path: PropertyKey[] }[]) {
  const l = c.var.locale;
  const names = [...new Set(issues.map((i) => String(i.path[0])))].map((k) =>
    t(
      l,
      k === "date"
        ? "projects.milestone.date"
        : k === "name"
        ? "projects.milestone.name"
        : "projects.milestone.description",
    )
  );
  return {
    ok: false as const,
    flash: {
      kind: "error" as const,
      text: t(l, "projects.checkFields", { fields: names.join(", ") }),
    },
    status: 400 as const,
  };
}

const pages = new Hono<AppEnv>()
  .get("/:id/milestones", READ, (c) => milestonesPage(c))
  .post("/:id/milestones", WRITE, async (c) => {
    const id = pathId(c);
    const parsed = await body(c);
    const r = parsed.success
      ? await attempt(() => createMilestone(actorOf(c), { projectId: id, body: parsed.data }))
      : invalid(c, parsed.error.issues);
    return await answer(c, r, id);
  })
  .post("/:id/milestones/:mid", WRITE, async (c) => {
    const id = pathId(c);
    const mid = pathId(c, "mid");
    const parsed = await body(c);
    const r = parsed.success
      ? await attempt(async () => {
        const { milestone } = await getMilestone(actorOf(c), mid);
        if (milestone.projectId !== id) throw problems.notFound("No such milestone.");
        return await changeMilestone(actorOf(c), { id: mid, body: parsed.data });
      })
      : invalid(c, parsed.error.issues);
    return await answer(c, r, id);
  })
  .post("/:id/milestones/:mid/delete", WRITE, async (c) => {
    const id = pathId(c);
    const r = await attempt(() => removeMilestone(actorOf(c), pathId(c, "mid")));
    return await answer(c, r, id);
  });

/**
 * The task page's milestone card (nothing when the project has no milestone): tasks.pages.tsx
 * shows it.
 */
export async function taskMilestoneBlock(
  c: C,
  task: { id: string; projectId: string; milestoneId: string | null },
  canWrite: boolean,
) {
  const items = await listMilestones(actorOf(c), task.projectId);
  if (!items.length && !task.milestoneId) return null;
  return (
    <TaskMilestoneCard
      taskId={task.id}
      milestones={items}
      current={items.find((m) => m.id === task.milestoneId)}
      canWrite={canWrite && hasPermission(c.var.session.permissions, "projects.task.write")}
    />
  );
}

const taskPages = new Hono<AppEnv>()
  .post("/:id/milestone", requirePermission("projects.task.write"), async (c) => {
    const id = pathId(c);
    const raw = one((await readForm(c)).milestoneId);
    if (raw && !isUuid(raw)) {
      throw problems.validation([{ path: "milestoneId", message: "Invalid" }]);
    }
    await changeTask(actorOf(c), { id, input: { milestoneId: raw || null } });
    return redirectAfterPost(c, `/projects/tasks/${id}`);
  });

/** The milestones page of a project, at /projects/projects/:id/milestones. */
export function mountMilestonePages(app: Hono<AppEnv>) {
  app.route("/projects", pages);
  app.route("/tasks", taskPages);
}
