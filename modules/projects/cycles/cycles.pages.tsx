import { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { type MessageKey, t } from "../../../shared/i18n/i18n.ts";
import { Card, Grid, page, Tabs, Toast } from "../../../ui/kit.ts";
import { projectTabItems } from "../common/tabs.lib.ts";
import { Assets, type Flash } from "../common/ui.view.tsx";
import { projectAccess } from "../access/access.service.ts";
import { getProject } from "../projects/projects.service.ts";
import { ProjectSummary } from "../projects/projects.view.tsx";
import { changeTask, getTask, listTasks } from "../tasks/tasks.service.ts";
import {
  attempt,
  type C,
  many,
  one,
  pathId,
  readForm,
  redirectAfterPost,
  type Status,
} from "../../../shared/http/pages.ts";
import { CreateCycleBody } from "./cycles.schemas.ts";
import { addDays } from "./cycles.rules.ts";
import {
  addCycleTasks,
  completeCycle,
  createCycle,
  cycleBurndown,
  cycleVelocity,
  listCycles,
  removeCycleTask,
  taskCycle,
} from "./cycles.service.ts";
import {
  AddTasksDialog,
  BurndownCard,
  CompleteCycleDialog,
  CycleDates,
  CyclesTable,
  CycleStateBadge,
  CycleTasks,
  NewCycleDialog,
  TaskCycleCard,
  VelocityCard,
} from "./cycles.view.tsx";
import { Progress } from "../projects/projects.view.tsx";
import { TimeAssets } from "../time/time.view.tsx";

const READ = requirePermission("projects.project.read");
const WRITE = requirePermission("projects.project.write");
const TASK_WRITE = requirePermission("projects.task.write");

const FIELD_LABELS: Record<string, MessageKey> = {
  name: "cycles.name",
  goal: "cycles.goal",
  startDate: "cycles.startDate",
  endDate: "cycles.endDate",
};

/** The project's cycles page: the chosen (else active) cycle, its burndown, velocity, list. */
async function cyclesPage(
  c: C,
  projectId: string,
  opts: { flash?: Flash; status?: Status; newOpen?: boolean } = {},
) {
  const l = c.var.locale;
  const actor = actorOf(c);
  const p = await getProject(actor, projectId);
  const access = await projectAccess(actor, projectId);
  const perms = c.var.session.permissions;
  const manage = access.role === "manager" && !access.archived &&
    hasPermission(perms, "projects.project.write");
  const plan = access.role !== "viewer" && !access.archived &&
    hasPermission(perms, "projects.task.write");
  const { items: cycles } = await listCycles(actor, { projectId });
  const asked = c.req.query("cycle");
  const selected = cycles.find((x) => x.id === asked) ??
    cycles.find((x) => x.state === "active") ??
    [...cycles].reverse().find((x) => x.state === "completed") ?? cycles[0];
  const velocity = await cycleVelocity(actor, { projectId, last: 6 });
  const last = cycles.at(-1);
  const today = new Date().toISOString().slice(0, 10);
  const start = last && last.endDate >= today ? addDays(last.endDate, 1) : today;
  const suggest = { startDate: start, endDate: addDays(start, 13) };
  let detail = null;
  if (selected) {
    const burndown = await cycleBurndown(actor, selected.id);
    const tasks = await listTasks(actor, {
      projectId,
      cycleId: selected.id,
      sort: "created",
      limit: 100,
    });
    const backlog = plan && selected.state !== "completed"
      ? await listTasks(actor, {
        projectId,
        cycleId: "none",
        done: "false",
        sort: "created",
        limit: 100,
      })
      : null;
    const open = selected.totalTasks - selected.doneTasks;
    const targets = cycles.filter((x) => x.id !== selected.id && x.state !== "completed");
    detail = (
      <>
        <Card
          title={selected.name}
          id="cycle-detail"
          actions={
            <>
              {backlog && (
                <AddTasksDialog projectId={projectId} cycleId={selected.id} tasks={backlog.items} />
              )}
              {manage && selected.state === "active" && (
                <CompleteCycleDialog
                  projectId={projectId}
                  cycle={selected}
                  targets={targets}
                  open={open}
                />
              )}
            </>
          }
        >
          <p class="pj-cycle-meta">
            <CycleStateBadge state={selected.state} /> <CycleDates c={selected} />
          </p>
          {selected.goal && <p>{selected.goal}</p>}
          <Progress done={selected.doneTasks} total={selected.totalTasks} />
        </Card>
        <Grid size="lg">
          <BurndownCard name={selected.name} points={burndown.points} />
          <VelocityCard items={velocity.items} average={velocity.average} />
        </Grid>
        <Card title={t(l, "cycles.tasks")} flush>
          <CycleTasks
            projectId={projectId}
            cycleId={selected.id}
            tasks={tasks.items}
            canRemove={plan && selected.state !== "completed"}
          />
        </Card>
      </>
    );
  }
  return page(
    c,
    p.name,
    (
      <>
        <Assets />
        <TimeAssets />
        <Tabs
          items={projectTabItems(projectId, "cycles", (key) => t(l, `projects.view.${key}`))}
          label={t(l, "projects.views")}
        />
        {opts.flash && !opts.newOpen && <Toast flash={opts.flash} />}
        {detail}
        <Card title={t(l, "cycles.title")} flush>
          <CyclesTable projectId={projectId} cycles={cycles} current={selected?.id} />
        </Card>
      </>
    ),
    {
      status: opts.status,
      crumbs: [{ label: t(l, "page.projects"), href: "/projects/projects" }],
      description: <ProjectSummary p={p} />,
      actions: manage
        ? (
          <NewCycleDialog
            projectId={projectId}
            suggest={suggest}
            flash={opts.flash}
            open={opts.newOpen}
          />
        )
        : undefined,
    },
  );
}

const back = (projectId: string, cycleId?: string) =>
  `/projects/projects/${projectId}/cycles${cycleId ? `?cycle=${cycleId}` : ""}`;

const cyclePages = new Hono<AppEnv>()
  .get("/:id/cycles", READ, (c) => cyclesPage(c, pathId(c)))
  .post("/:id/cycles", WRITE, async (c) => {
    const id = pathId(c);
    const l = c.var.locale;
    const f = await readForm(c);
    const parsed = CreateCycleBody.safeParse({
      projectId: id,
      name: one(f.name),
      goal: one(f.goal),
      startDate: one(f.startDate),
      endDate: one(f.endDate),
    });
    if (!parsed.success) {
      const fields = [
        ...new Set(parsed.error.issues.map((i) => t(l, FIELD_LABELS[String(i.path[0])]))),
      ];
      const flash: Flash = {
        kind: "error",
        text: t(l, "cycles.checkFields", { fields: fields.join(", ") }),
      };
      return await cyclesPage(c, id, { flash, status: 400 });
    }
    const r = await attempt(() => createCycle(actorOf(c), parsed.data));
    if (r.ok) return redirectAfterPost(c, back(id, r.value.id));
    return await cyclesPage(c, id, { flash: r.flash, status: r.status });
  })
  .post("/:id/cycles/:cycleId/complete", WRITE, async (c) => {
    const id = pathId(c);
    const cycleId = pathId(c, "cycleId");
    const f = await readForm(c);
    const to = one(f.carryOverTo);
    const r = await attempt(() =>
      completeCycle(actorOf(c), { id: cycleId, input: { carryOverTo: to || null } })
    );
    if (r.ok) return redirectAfterPost(c, back(id, cycleId));
    return await cyclesPage(c, id, { flash: r.flash, status: r.status });
  })
  .post("/:id/cycles/:cycleId/tasks", TASK_WRITE, async (c) => {
    const id = pathId(c);
    const cycleId = pathId(c, "cycleId");
    const taskIds = many((await readForm(c)).taskIds as string | string[] | undefined);
    if (!taskIds.length) return redirectAfterPost(c, back(id, cycleId));
    const r = await attempt(() => addCycleTasks(actorOf(c), { id: cycleId, taskIds }));
    if (r.ok) return redirectAfterPost(c, back(id, cycleId));
    return await cyclesPage(c, id, { flash: r.flash, status: r.status });
  })
  .post("/:id/cycles/:cycleId/tasks/:taskId/remove", TASK_WRITE, async (c) => {
    const id = pathId(c);
    const cycleId = pathId(c, "cycleId");
    const taskId = pathId(c, "taskId");
    const r = await attempt(() => removeCycleTask(actorOf(c), { id: cycleId, taskId }));
    if (r.ok) return redirectAfterPost(c, back(id, cycleId));
    return await cyclesPage(c, id, { flash: r.flash, status: r.status });
  });

/** The task page's cycle picker posts here. */
const taskCyclePages = new Hono<AppEnv>()
  .post("/:id/cycle", TASK_WRITE, async (c) => {
    const id = pathId(c);
    const cycleId = one((await readForm(c)).cycleId);
    await getTask(actorOf(c), id);
    await changeTask(actorOf(c), { id, input: { cycleId: cycleId || null } });
    return redirectAfterPost(c, `/projects/tasks/${id}`);
  });

/** The task page's cycle block: where the task is planned and, for members, a picker. */
export async function taskCycleBlock(
  c: C,
  task: { id: string; projectId: string },
  canWrite: boolean,
) {
  const actor = actorOf(c);
  const current = await taskCycle(actor, task.id);
  const { items } = await listCycles(actor, { projectId: task.projectId });
  const options = items.filter((x) => x.state !== "completed");
  return (
    <TaskCycleCard
      taskId={task.id}
      current={current}
      options={options}
      canWrite={canWrite && hasPermission(c.var.session.permissions, "projects.task.write")}
    />
  );
}

export function mountCyclePages(app: Hono<AppEnv>) {
  app.route("/projects", cyclePages);
  app.route("/tasks", taskCyclePages);
}
