import { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { problemBody, problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { entityHistory, historyLabelsFor } from "../../../platform/activity/public.ts";
import { Card, EmptyState, html, page, Toast } from "../../../ui/kit.ts";
import { NewTaskDialog, TaskTable } from "./board.view.tsx";
import {
  Attachments,
  Comments,
  Dependencies,
  TaskActions,
  TaskFields,
  TaskPage,
} from "./task.view.tsx";
import { AssigneeFilter, StatusFilter, TaskFilters } from "./tasks.view.tsx";
import { Assets } from "../common/ui.view.tsx";
import { WatchersCard } from "../assignees/assignees.view.tsx";
import { listWatchers } from "../assignees/assignees.service.ts";
import { BulkBar } from "../bulk/bulk.view.tsx";
import { blockerCandidates, parentCandidates } from "./tasks.rules.ts";
import { projectsHistory } from "../feed/history.lib.ts";
import { translator } from "../common/labels.lib.ts";
import { readFlow } from "../statuses/statuses.service.ts";
import { creatableStatuses } from "../statuses/statuses.rules.ts";
import {
  boardOf,
  changeTask,
  getTask,
  listTasks,
  removeTask,
  setWatching,
  watching,
} from "./tasks.service.ts";
import { projectAccess } from "../access/access.service.ts";
import { TaskQuery, UpdateTaskBody } from "./tasks.schemas.ts";
import { statusesOf } from "../statuses/statuses.service.ts";
import { listProjects, membersOf } from "../projects/projects.service.ts";
import {
  addComment,
  editComment,
  findComment,
  listComments,
  removeComment,
} from "../comments/comments.service.ts";
import { attachments } from "../../documents/public.ts";
import { taskOwner, uploadOf } from "../attachments/attachments.lib.ts";
import { attachToTask, detachFromTask, taskForFiles } from "../attachments/attachments.service.ts";
import { taskCycleBlock } from "../cycles/cycles.pages.tsx";
import { taskMilestoneBlock } from "../milestones/milestones.pages.tsx";
import { taskTimeBlock } from "../time/time.pages.tsx";
import {
  dropStaleFieldFilters,
  taskFieldsBlock,
  taskListFieldFilter,
} from "../fields/fields.pages.tsx";
import { RecurrenceCard } from "../recurrence/recurrence.view.tsx";
import { recurrenceBlock } from "../recurrence/recurrence.service.ts";
import {
  attempt,
  type C,
  type Flash,
  isHtmx,
  many,
  one,
  orNull,
  pathId,
  readForm,
  redirectAfterPost,
} from "../../../shared/http/pages.ts";

const READ = requirePermission("projects.task.read");
const WRITE = requirePermission("projects.task.write");
const frag = (c: C, node: preact.VNode, status = 200) => html(c, node, status as 200);

async function fieldsPanel(c: C, id: string, flash?: Flash) {
  const { task, access } = await getTask(actorOf(c), id);
  const board = await boardOf({ sql: c.var.sql }, task.projectId);
  const pick = ({ id, title }: { id: string; title: string }) => ({ id, title });
  return (
    <TaskFields
      task={task}
      statuses={await statusesOf({ sql: c.var.sql }, task.projectId)}
      members={await membersOf({ sql: c.var.sql }, task.projectId)}
      parents={parentCandidates(id, board).map(pick)}
      blockers={blockerCandidates(id, board).map(pick)}
      canWrite={access.role !== "viewer" && !access.archived}
      flash={flash}
    />
  );
}

async function commentsPanel(c: C, id: string, flash?: Flash) {
  const { access } = await getTask(actorOf(c), id);
  const list = await listComments(actorOf(c), { taskId: id, limit: 100 });
  return (
    <Comments
      taskId={id}
      comments={list.items}
      me={c.var.session.userId}
      canWrite={access.role !== "viewer" && !access.archived}
      flash={flash}
    />
  );
}

/** The fields form as the API's update body (every field is on the form). */
function updateBody(f: Record<string, string | string[]>) {
  const estimate = one(f.estimate);
  return {
    title: one(f.title),
    description: one(f.description),
    statusId: one(f.statusId),
    priority: one(f.priority),
    ...(one(f.assigneeIdsPresent)
      ? { assigneeIds: many(f.assigneeIds) }
      : { assigneeId: orNull(one(f.assigneeId)) }),
    startDate: orNull(one(f.startDate)),
    dueDate: orNull(one(f.dueDate)),
    estimate: estimate === "" ? null : Number(estimate),
    labels: one(f.labels).split(",").map((x) => x.trim()).filter(Boolean),
    parentId: orNull(one(f.parentId)),
    ...(one(f.blockedByPresent) ? { blockedBy: many(f.blockedBy) } : {}),
  };
}

function validation(issues: { path: PropertyKey[]; message: string }[]) {
  return problems.validation(
    issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
  );
}

async function filesPanel(c: C, id: string, flash?: Flash) {
  const task = await taskForFiles(actorOf(c), { upload: uploadOf(c), taskId: id, write: false });
  const access = await c.var.scope(async (tx) => (await getTask(actorOf(c, tx), task.id)).access);
  return (
    <Attachments
      taskId={id}
      files={await attachments.list(actorOf(c), { owner: taskOwner(id), upload: uploadOf(c) })}
      canWrite={access.role !== "viewer" && !access.archived}
      flash={flash}
    />
  );
}

const tasksPages = new Hono<AppEnv>()
  .get("/", READ, async (c) => {
    const l = c.var.locale;
    const raw = Object.fromEntries(
      Object.entries(c.req.queries()).map(([k, v]) => [k, v[0]]).filter(([, v]) => v !== ""),
    ) as Record<string, string>;
    const parsed = TaskQuery.safeParse(raw);
    const query = parsed.success ? parsed.data : TaskQuery.parse({});
    // A chosen project (visible, or 404) brings its flow and members into the filters; a
    // status left over from another project's flow is dropped.
    const chosen = query.projectId;
    if (chosen) await projectAccess(actorOf(c), chosen);
    const statuses = chosen ? await statusesOf({ sql: c.var.sql }, chosen) : [];
    const members = chosen ? await membersOf({ sql: c.var.sql }, chosen) : [];
    if (!statuses.some((s) => s.id === query.statusId)) {
      delete query.statusId;
      delete raw.statusId;
    }
    await dropStaleFieldFilters(c, { projectId: chosen, query, raw });
    const list = await listTasks(actorOf(c), {
      ...query,
      limit: 50,
      cursor: raw.cursor,
    });
    const projects = await listProjects(actorOf(c), {
      archived: "false",
      limit: 100,
    });
    const keep = new URLSearchParams(Object.entries(raw).filter(([k]) => k !== "cursor"));
    const sortHref = (key: string) => {
      const q = new URLSearchParams(keep);
      q.set("sort", key);
      return `/projects/tasks?${q}`;
    };
    const filtered = Object.keys(raw).some((k) => k !== "cursor" && k !== "sort");
    const body = (
      <div id="tasks">
        {!parsed.success && <Toast flash={{ kind: "error", text: t(l, "projects.badFilter") }} />}
        <TaskTable
          id="tasks-table"
          tasks={list.items}
          showProject
          select={hasPermission(c.var.session.permissions, "projects.task.write")}
          sort={query.sort === "due" || query.sort === "priority"
            ? {
              key: query.sort,
              dir: query.sort === "due" ? "asc" : "desc",
              href: (key) => sortHref(key),
            }
            : { key: "", dir: "asc", href: (key) => sortHref(key) }}
          empty={
            <EmptyState
              icon="list-checks"
              title={t(l, filtered ? "projects.noMatchingTasks" : "projects.noTasks")}
            />
          }
          more={list.nextCursor
            ? {
              href: `/projects/tasks?${keep}&cursor=${list.nextCursor}`,
              label: t(l, "projects.more"),
            }
            : undefined}
        />
      </div>
    );
    // The filter form (htmx) takes #tasks; the project may have changed, so its statuses and
    // members come along out of band.
    if (isHtmx(c) && !c.req.header("HX-History-Restore-Request")) {
      return frag(
        c,
        <>
          {body}
          <StatusFilter query={raw} statuses={statuses} oob />
          <AssigneeFilter query={raw} members={members} oob />
          {await taskListFieldFilter(c, { projectId: chosen, query: raw, oob: true })}
        </>,
      );
    }
    return page(
      c,
      t(l, "page.tasks"),
      (
        <>
          <Assets />
          <TaskFilters
            fieldFilter={await taskListFieldFilter(c, { projectId: chosen, query: raw })}
            query={raw}
            projects={projects.items}
            statuses={statuses}
            members={members}
          />
          {hasPermission(c.var.session.permissions, "projects.task.write") && (
            <BulkBar
              statuses={statuses}
              members={members}
              back={c.req.url.replace(/^[a-z]+:\/\/[^/]+/, "")}
            />
          )}
          {body}
        </>
      ),
    );
  })
  .get("/:id", READ, async (c) => {
    const id = pathId(c);
    const l = c.var.locale;
    const { task, access } = await getTask(actorOf(c), id);
    const board = await boardOf({ sql: c.var.sql }, task.projectId);
    const titles = new Map(board.map((x) => [x.id, x.title]));
    const canWrite = access.role !== "viewer" && !access.archived;
    const canAdd = canWrite && hasPermission(c.var.session.permissions, "projects.task.write");
    const parent = task.parentId ? board.find((x) => x.id === task.parentId) : undefined;
    const subtasks = (
      <Card
        title={t(l, "projects.subtasks")}
        flush
        actions={canAdd && (
          <NewTaskDialog
            projectId={task.projectId}
            statuses={creatableStatuses(await readFlow({ sql: c.var.sql }, task.projectId), access)}
            members={await membersOf({ sql: c.var.sql }, task.projectId)}
            parentId={task.id}
            title={t(l, "projects.newSubtask")}
          />
        )}
      >
        <TaskTable
          id="subtasks"
          tasks={board.filter((x) => x.parentId === id)}
          compact
          empty={<p class="muted pj-pad">{t(l, "projects.noSubtasks")}</p>}
        />
      </Card>
    );
    return page(
      c,
      task.title,
      (
        <>
          <Assets />
          <TaskPage
            fields={
              <>
                {await fieldsPanel(c, id)}
                {await taskFieldsBlock(c, task, canWrite)}
              </>
            }
            subtasks={
              <>
                {subtasks}
                {await taskTimeBlock(c, id)}
              </>
            }
            dependencies={
              <>
                <Dependencies
                  blockedBy={board.filter((x) => task.blockedBy.includes(x.id))}
                  blocks={board.filter((x) => task.blocks.includes(x.id))}
                />
                <RecurrenceCard
                  {...await recurrenceBlock(actorOf(c), { task, access, locale: l })}
                />
                <WatchersCard
                  taskId={id}
                  watchers={(await listWatchers(actorOf(c), id)).items}
                  members={await membersOf({ sql: c.var.sql }, task.projectId)}
                  canWrite={canWrite}
                />
              </>
            }
            comments={await commentsPanel(c, id)}
            attachments={
              <>
                {await taskMilestoneBlock(c, task, canWrite)}
                {await taskCycleBlock(c, task, canWrite)}
                {await filesPanel(c, id)}
              </>
            }
            history={await entityHistory(c, {
              module: "projects",
              entityType: "task",
              entityId: id,
              limit: 20,
              headingId: "history-h",
              labels: historyLabelsFor(
                c,
                projectsHistory(translator(l), l, { taskTitle: (taskId) => titles.get(taskId) }),
              ),
            })}
          />
        </>
      ),
      {
        crumbs: [
          { label: t(l, "page.projects"), href: "/projects/projects" },
          { label: task.projectName, href: `/projects/projects/${task.projectId}` },
          ...(parent ? [{ label: parent.title, href: `/projects/tasks/${parent.id}` }] : []),
        ],
        actions: (
          <TaskActions
            task={task}
            canWrite={canWrite}
            watching={await watching(actorOf(c), id)}
          />
        ),
      },
    );
  })
  .post("/:id/watch", READ, async (c) => {
    const id = pathId(c);
    const f = await readForm(c);
    await setWatching(actorOf(c), { id: id, watch: one(f.watch) === "1" });
    return redirectAfterPost(c, `/projects/tasks/${id}`);
  })
  .post("/:id", WRITE, async (c) => {
    const id = pathId(c);
    const parsed = UpdateTaskBody.safeParse(updateBody(await readForm(c)));
    const r = await attempt(() => {
      if (!parsed.success) throw validation(parsed.error.issues);
      return changeTask(actorOf(c), { id: id, input: parsed.data });
    });
    if (!isHtmx(c) && r.ok) return redirectAfterPost(c, `/projects/tasks/${id}`);
    const flash = r.ok ? { kind: "ok" as const, text: t(c.var.locale, "projects.saved") } : r.flash;
    return frag(c, await fieldsPanel(c, id, flash), r.ok ? 200 : r.status);
  })
  // The board's drag and drop: JSON in, JSON (or a problem) out.
  .post("/:id/move", WRITE, async (c) => {
    const id = pathId(c);
    const f = await readForm(c);
    const body = UpdateTaskBody.safeParse({
      statusId: one(f.statusId),
      position: Number(one(f.position)),
    });
    const r = await attempt(() => {
      if (!body.success) throw validation(body.error.issues);
      return changeTask(actorOf(c), { id: id, input: body.data });
    });
    if (r.ok) return c.json({ id, statusId: r.value.statusId, position: r.value.position });
    // The services explain refusals in English; other readers get the board's own sentence.
    const l = c.var.locale;
    const detail = l === "en" ? r.flash.text : t(l, "projects.moveRefused");
    return c.json(
      problemBody({ status: r.status, slug: "rule", title: "Refused", detail } as never),
      r.status,
    );
  })
  .post("/:id/delete", WRITE, async (c) => {
    const id = pathId(c);
    const task = await removeTask(actorOf(c), id);
    await attachments.removeAll(actorOf(c), { owner: taskOwner(id), upload: uploadOf(c) });
    return redirectAfterPost(c, `/projects/projects/${task.projectId}`);
  })
  .post("/:id/comments", requirePermission("projects.comment.write"), async (c) => {
    const id = pathId(c);
    const text = one((await readForm(c)).body);
    const r = await attempt(() => {
      if (!text) throw problems.validation([{ path: "body", message: "Required" }]);
      return addComment(actorOf(c), { taskId: id, body: text.slice(0, 20000) });
    });
    if (!isHtmx(c) && r.ok) return redirectAfterPost(c, `/projects/tasks/${id}#comments`);
    return frag(c, await commentsPanel(c, id, r.ok ? undefined : r.flash), r.ok ? 200 : r.status);
  })
  // Streaming (manifest streamingPaths): no request transaction, c.var.scope only.
  .post("/:id/attachments", WRITE, async (c) => {
    const id = pathId(c);
    const task = await taskForFiles(actorOf(c), { upload: uploadOf(c), taskId: id, write: true });
    const r = await attempt(() => attachToTask(actorOf(c), { upload: uploadOf(c), task }));
    if (!c.req.header("X-Upload") && r.ok) {
      return redirectAfterPost(c, `/projects/tasks/${id}#attachments`);
    }
    return frag(c, await filesPanel(c, id, r.ok ? undefined : r.flash), r.ok ? 200 : r.status);
  })
  .get("/:id/attachments/:fileId", READ, async (c) => {
    const task = await taskForFiles(actorOf(c), {
      upload: uploadOf(c),
      taskId: pathId(c),
      write: false,
    });
    return await attachments.download(actorOf(c), {
      owner: taskOwner(task.id),
      upload: uploadOf(c),
      id: pathId(c, "fileId"),
    });
  })
  .post("/:id/attachments/:fileId/delete", WRITE, async (c) => {
    const task = await taskForFiles(actorOf(c), {
      upload: uploadOf(c),
      taskId: pathId(c),
      write: true,
    });
    await detachFromTask(actorOf(c), { upload: uploadOf(c), task, fileId: pathId(c, "fileId") });
    return redirectAfterPost(c, `/projects/tasks/${task.id}#attachments`);
  });

const commentsPages = new Hono<AppEnv>()
  .post("/:id", requirePermission("projects.comment.write"), async (c) => {
    const id = pathId(c);
    const text = one((await readForm(c)).body);
    const r = await attempt(() => {
      if (!text) throw problems.validation([{ path: "body", message: "Required" }]);
      return editComment(actorOf(c), { id: id, body: text.slice(0, 20000) });
    });
    return commentAnswer(c, id, r);
  })
  .post("/:id/delete", requirePermission("projects.comment.write"), async (c) => {
    const id = pathId(c);
    const before = await findComment({ sql: c.var.sql }, id);
    const r = await attempt(() => removeComment(actorOf(c), id));
    return commentAnswer(c, id, r, before?.taskId);
  });

async function commentAnswer(
  c: C,
  id: string,
  r: Awaited<ReturnType<typeof attempt>>,
  taskId?: string,
) {
  const row = taskId ? { taskId } : await findComment({ sql: c.var.sql }, id);
  if (!row) throw problems.notFound();
  if (!isHtmx(c) && r.ok) return redirectAfterPost(c, `/projects/tasks/${row.taskId}#comments`);
  return frag(
    c,
    await commentsPanel(c, row.taskId, r.ok ? undefined : r.flash),
    r.ok ? 200 : r.status,
  );
}

/** Task pages at /projects/tasks and comment actions at /projects/comments. */
export function mountTaskPages(app: Hono<AppEnv>) {
  app.route("/tasks", tasksPages);
  app.route("/comments", commentsPages);
}
