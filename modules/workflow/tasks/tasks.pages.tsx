import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  type C,
  type Flash,
  type Form,
  one,
  pathId,
  problemFlash,
  readForm,
  redirectAfterPost,
} from "../../../shared/http/pages.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { directory, listRoles } from "../../../platform/identity/public.ts";
import type { z } from "@hono/zod-openapi";
import { problems } from "../../../shared/http/problem.ts";
import { page, Toast, tr } from "../../../ui/kit.ts";
import { HandoverInput } from "../delegations/delegations.schemas.ts";
import { handOver } from "../delegations/delegations.service.ts";
import {
  addComment,
  cancelTask,
  claimTask,
  completeTask,
  createTask,
  getTask,
  listTasks,
  TASK_WRITE,
  unclaimTask,
} from "./tasks.service.ts";
import { listTaskFiles, uploadTaskFiles } from "./tasks.attachments.service.ts";
import { uploadOf } from "./tasks.attachments.lib.ts";
import { DUE_FILTERS, NewTaskDialog, TaskFilters, TaskTable } from "./tasks.view.tsx";
import { DelegateDialog, TaskPage } from "./task-detail.view.tsx";
import { PRIORITIES, TASK_STATES } from "./tasks.rules.ts";
import { CommentInput, TaskInput, type TaskQuery } from "./tasks.schemas.ts";
import "./tasks.messages.ts";
import { taskSchema } from "../forms/forms.pins.service.ts";
import { taskFilterBar } from "../filters/filters.pages.tsx";

const READ = requirePermission("workflow.task.read");
const WRITE = requirePermission(TASK_WRITE);
const VIEWS = {
  mine: { path: "/workflow/my-tasks", key: "mine" },
  pool: { path: "/workflow/task-pool", key: "pool" },
  all: { path: "/workflow/tasks", key: "all" },
} as const;

/** A datetime-local value read in the tenant's time zone, as an ISO instant. */
export function zonedToIso(local: string, timeZone = "UTC"): string | null {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?$/.test(local)) return null;
  const guess = new Date(`${local}Z`);
  if (Number.isNaN(guess.getTime())) return null;
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(guess);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const shown = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
  return new Date(2 * guess.getTime() - shown).toISOString();
}

function dueFilter(due: string): Partial<TaskQuery> {
  const now = new Date();
  if (due === "overdue") return { overdue: "true" };
  if (due === "today") {
    const end = new Date(now);
    end.setUTCHours(24, 0, 0, 0);
    return { dueBefore: end.toISOString() };
  }
  if (due === "week") return { dueBefore: new Date(now.getTime() + 7 * 86_400_000).toISOString() };
  if (due === "followUp") return { followUpBefore: now.toISOString() };
  return {};
}

async function people(c: C) {
  return (await directory(c.var.sql, { permission: TASK_WRITE })).map((p) => ({
    userId: p.userId,
    name: p.name,
  }));
}

/** Input checked by its API schema, so a page post fails the same way the API does. */
function check<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw problems.validation(
    parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
  );
}

async function listPage(c: C, view: keyof typeof VIEWS, flash?: Flash, status = 200) {
  const t = tr(c);
  const q = c.req.query();
  const v = {
    q: (q.q ?? "").slice(0, 200),
    priority: (PRIORITIES as readonly string[]).includes(q.priority) ? q.priority : "",
    state: (TASK_STATES as readonly string[]).includes(q.state) ? q.state : "",
    due: DUE_FILTERS.includes(q.due) ? q.due : "",
  };
  const result = await listTasks(actorOf(c), {
    view,
    limit: 25,
    cursor: q.cursor || undefined,
    q: v.q || undefined,
    priority: (v.priority || undefined) as TaskQuery["priority"],
    state: (v.state || undefined) as TaskQuery["state"],
    ...dueFilter(v.due),
  });
  const self = `${VIEWS[view].path}?${new URLSearchParams(v)}`;
  const more = result.nextCursor ? `${self}&cursor=${encodeURIComponent(result.nextCursor)}` : null;
  const canWrite = hasPermission(c.var.session.permissions, TASK_WRITE);
  const roles = canWrite ? await listRoles(c.var.sql) : [];
  const savedFilters = await taskFilterBar(c, view, v);
  return await page(
    c,
    t(`workflow.tasks.${view}.title`),
    <>
      {flash && <Toast flash={flash} />}
      {savedFilters}
      <TaskFilters action={VIEWS[view].path} v={v} />
      <TaskTable rows={result.items} more={more} showAssignee={view !== "mine"} />
    </>,
    {
      status: status as 200,
      crumbs: [{ label: t("module.workflow"), href: "/workflow" }],
      description: t(`workflow.tasks.${view}.description`),
      actions: canWrite
        ? (
          <NewTaskDialog
            people={await people(c)}
            roles={roles.map((r) => ({ key: r.key, name: r.name }))}
            me={c.var.session.userId}
          />
        )
        : undefined,
    },
  );
}

async function taskPage(c: C, id: string, flash?: Flash, status: number = 200) {
  const t = tr(c);
  const task = await getTask(actorOf(c), id);
  const files = await listTaskFiles(actorOf(c), { id, upload: uploadOf(c) });
  const formSchema = await taskSchema(actorOf(c), id);
  const canHand = task.can.delegate || task.can.reassign;
  return await page(
    c,
    task.name,
    <TaskPage task={task} files={files} flash={flash} formSchema={formSchema} />,
    {
      status: status as 200,
      crumbs: [
        { label: t("module.workflow"), href: "/workflow" },
        { label: t("workflow.tasks.mine.title"), href: "/workflow/my-tasks" },
      ],
      actions: canHand ? <DelegateDialog task={task} people={await people(c)} /> : undefined,
    },
  );
}

/** Runs a task action from a form; success goes back to the task, failure shows inline. */
async function taskAction(c: C, run: (id: string, form: Form) => Promise<unknown>) {
  const id = pathId(c);
  const form = await readForm(c);
  try {
    await run(id, form);
  } catch (err) {
    const { flash, status } = problemFlash(err);
    return await taskPage(c, id, flash, status);
  }
  return redirectAfterPost(c, `/workflow/tasks/${id}`);
}

/** The submitted form fields (`f.<id>`); unchecked boxes are absent and read as false. */
function formData(form: Form): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(form)) if (k.startsWith("f.")) data[k.slice(2)] = one(v);
  return data;
}

export function mountTaskPages(app: Hono<AppEnv>) {
  app.get("/my-tasks", READ, (c) => listPage(c, "mine"));
  app.get("/task-pool", READ, (c) => listPage(c, "pool"));
  app.get("/tasks", READ, (c) => listPage(c, "all"));
  app.post("/tasks", WRITE, async (c) => {
    const form = await readForm(c);
    const tz = c.var.timeZone;
    const date = (k: string) => one(form[k]) ? zonedToIso(one(form[k]), tz) ?? one(form[k]) : null;
    const role = one(form.candidateRole);
    try {
      const input = check(TaskInput, {
        name: one(form.name),
        description: one(form.description),
        assignee: one(form.assignee) || (role ? null : c.var.session.userId),
        candidateRoles: role ? [role] : [],
        priority: one(form.priority) || "normal",
        dueAt: date("dueAt"),
        followUpAt: date("followUpAt"),
      });
      const task = await createTask(actorOf(c), input);
      return redirectAfterPost(c, `/workflow/tasks/${task.id}`);
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await listPage(c, "mine", flash, status);
    }
  });
  app.get("/tasks/:id", READ, (c) => taskPage(c, pathId(c)));
  app.post("/tasks/:id/claim", WRITE, (c) => taskAction(c, (id) => claimTask(actorOf(c), id)));
  app.post("/tasks/:id/unclaim", WRITE, (c) => taskAction(c, (id) => unclaimTask(actorOf(c), id)));
  app.post("/tasks/:id/cancel", WRITE, (c) => taskAction(c, (id) => cancelTask(actorOf(c), id)));
  app.post(
    "/tasks/:id/complete",
    WRITE,
    (c) => taskAction(c, (id, form) => completeTask(actorOf(c), { id, data: formData(form) })),
  );
  app.post(
    "/tasks/:id/comments",
    WRITE,
    (c) =>
      taskAction(
        c,
        (id, form) =>
          addComment(actorOf(c), { id, body: check(CommentInput, { body: one(form.body) }).body }),
      ),
  );
  app.post("/tasks/:id/delegate", WRITE, (c) =>
    taskAction(c, (id, form) =>
      handOver(
        actorOf(c),
        check(HandoverInput, {
          taskId: id,
          toUserId: one(form.toUserId),
          mode: one(form.mode) === "reassign" ? "reassign" : "delegate",
          note: one(form.note) || undefined,
        }),
      )));
  app.post("/tasks/:id/attachments", WRITE, async (c) => {
    const id = pathId(c);
    try {
      await uploadTaskFiles(actorOf(c), { id, upload: uploadOf(c) });
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await taskPage(c, id, flash, status);
    }
    return redirectAfterPost(c, `/workflow/tasks/${id}`);
  });
}
