import { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { Button, Card, formatDate, Grid, page } from "../../../ui/kit.ts";
import { Assets, type Flash } from "../common/ui.view.tsx";
import {
  attempt,
  backOf,
  type C,
  one,
  pathId,
  readForm,
  redirectAfterPost,
  type Status,
} from "../../../shared/http/pages.ts";
import { addDays } from "../cycles/cycles.rules.ts";
import { MAX_MINUTES, parseDuration, timesheetGrid, weekDays, weekStart } from "./time.rules.ts";
import {
  createEntry,
  loggableTasksOf,
  removeEntry,
  startTimer,
  stopTimer,
  taskTime,
  timeSummary,
  timeToday,
  weekEntries,
} from "./time.service.ts";
import { EntryForm, SpentTables, TaskTimeCard, TimeAssets, TimesheetGrid } from "./time.view.tsx";

const READ = requirePermission("projects.task.read");
const WRITE = requirePermission("projects.task.write");
const DAY = /^\d{4}-\d\d-\d\d$/;

/** A logged-time form as posted: minutes from the typed duration, or the error to show. */
function entryInput(l: C["var"]["locale"], f: Record<string, string | string[]>) {
  const minutes = parseDuration(one(f.duration));
  if (minutes === null || minutes < 1 || minutes > MAX_MINUTES) {
    return { error: { kind: "error", text: t(l, "time.badDuration") } as Flash };
  }
  const date = one(f.date);
  if (!DAY.test(date)) {
    return {
      error: {
        kind: "error",
        text: t(l, "time.checkFields", { fields: t(l, "time.date") }),
      } as Flash,
    };
  }
  const note = one(f.note);
  if (note.length > 2000) {
    return {
      error: {
        kind: "error",
        text: t(l, "time.checkFields", { fields: t(l, "time.note") }),
      } as Flash,
    };
  }
  return {
    input: { taskId: one(f.taskId), minutes, date, note, billable: one(f.billable) === "true" },
  };
}

async function timesheet(c: C, opts: { flash?: Flash; status?: Status } = {}) {
  const l = c.var.locale;
  const actor = actorOf(c);
  const asked = c.req.query("week") ?? "";
  const today = await timeToday(actor);
  const monday = weekStart(DAY.test(asked) && !Number.isNaN(Date.parse(asked)) ? asked : today);
  const days = weekDays(monday);
  const entries = await weekEntries(actor, { from: days[0], to: days[6] });
  const grid = timesheetGrid(entries, days);
  const tasks = await loggableTasksOf(actor);
  const canLog = hasPermission(c.var.session.permissions, "projects.task.write");
  const report = hasPermission(c.var.session.permissions, "projects.report.read")
    ? await timeSummary(actor, { from: days[0], to: days[6] })
    : null;
  const csv = `/api/projects/time/entries?format=csv&userId=me&from=${days[0]}&to=${days[6]}`;
  const week = (d: string) => `/projects/time?week=${d}`;
  return page(
    c,
    t(l, "page.timesheet"),
    (
      <>
        <Assets />
        <TimeAssets />
        <Card
          title={t(l, "time.week", { date: formatDate(l, monday) })}
          flush
          actions={
            <nav
              class="pj-week-nav"
              aria-label={t(l, "time.week", { date: formatDate(l, monday) })}
            >
              <Button href={week(addDays(monday, -7))} small variant="ghost" icon="chevron-left">
                {t(l, "time.prevWeek")}
              </Button>
              <Button href={week(weekStart(today))} small variant="ghost">
                {t(l, "time.thisWeek")}
              </Button>
              <Button href={week(addDays(monday, 7))} small variant="ghost" icon="chevron-right">
                {t(l, "time.nextWeek")}
              </Button>
            </nav>
          }
        >
          <TimesheetGrid days={days} {...grid} />
        </Card>
        {canLog && (
          <Card title={t(l, "time.add")} id="timesheet-add">
            {tasks.length
              ? (
                <EntryForm
                  action={`/projects/time/entries?week=${monday}`}
                  today={today}
                  days={days}
                  tasks={tasks}
                  flash={opts.flash}
                />
              )
              : <p class="muted">{t(l, "time.noTasks")}</p>}
          </Card>
        )}
        {report && (
          <Grid size="lg">
            <SpentTables projects={report.projects} people={report.people} />
          </Grid>
        )}
      </>
    ),
    {
      status: opts.status,
      actions: <Button href={csv} variant="secondary" icon="download">{t(l, "time.export")}
      </Button>,
    },
  );
}

/** A failed post from the task page: the form again with its message, as a page. */
async function taskFormAnswer(c: C, taskId: string, flash: Flash, status: Status) {
  const l = c.var.locale;
  const { task, today } = await taskTime(actorOf(c), taskId);
  return page(
    c,
    t(l, "time.add"),
    (
      <>
        <Assets />
        <Card>
          <EntryForm
            action={`/projects/tasks/${taskId}/time`}
            today={today}
            taskId={taskId}
            flash={flash}
          />
        </Card>
      </>
    ),
    {
      status,
      crumbs: [
        { label: t(l, "page.projects"), href: "/projects/projects" },
        { label: task.title, href: `/projects/tasks/${taskId}` },
      ],
    },
  );
}

const timePages = new Hono<AppEnv>()
  .get("/", READ, (c) => timesheet(c))
  .post("/entries", WRITE, async (c) => {
    const f = await readForm(c);
    const parsed = entryInput(c.var.locale, f);
    if (parsed.error) return await timesheet(c, { flash: parsed.error, status: 400 });
    const r = await attempt(() => createEntry(actorOf(c), parsed.input));
    if (!r.ok) return await timesheet(c, { flash: r.flash, status: r.status });
    const week = c.req.query("week") ?? "";
    return redirectAfterPost(c, `/projects/time${DAY.test(week) ? `?week=${week}` : ""}`);
  })
  .post("/entries/:id/delete", WRITE, async (c) => {
    const id = pathId(c);
    const back = backOf(await readForm(c), "/projects", "/projects/time");
    await removeEntry(actorOf(c), id);
    return redirectAfterPost(c, back);
  });

const taskTimePages = new Hono<AppEnv>()
  .post("/:id/time/start", WRITE, async (c) => {
    const id = pathId(c);
    await startTimer(actorOf(c), { taskId: id });
    return redirectAfterPost(c, `/projects/tasks/${id}`);
  })
  .post("/:id/time/stop", WRITE, async (c) => {
    const id = pathId(c);
    const r = await attempt(() => stopTimer(actorOf(c)));
    if (!r.ok && r.status !== 409) return await taskFormAnswer(c, id, r.flash, r.status);
    return redirectAfterPost(c, `/projects/tasks/${id}`);
  })
  .post("/:id/time", WRITE, async (c) => {
    const id = pathId(c);
    const parsed = entryInput(c.var.locale, { ...(await readForm(c)), taskId: id });
    if (parsed.error) return await taskFormAnswer(c, id, parsed.error, 400);
    const r = await attempt(() => createEntry(actorOf(c), parsed.input));
    if (!r.ok) return await taskFormAnswer(c, id, r.flash, r.status);
    return redirectAfterPost(c, `/projects/tasks/${id}#task-time`);
  });

/** The task page's time block. */
export async function taskTimeBlock(c: C, taskId: string) {
  const session = c.var.session;
  const time = await taskTime(actorOf(c), taskId);
  const writable = time.access.role !== "viewer" && !time.access.archived &&
    hasPermission(session.permissions, "projects.task.write");
  const manager = time.access.role === "manager" && !time.access.archived;
  return (
    <TaskTimeCard
      taskId={taskId}
      estimate={time.task.estimate}
      spentMinutes={time.spentMinutes}
      leftHours={time.leftHours}
      over={time.over}
      running={time.running}
      entries={time.entries}
      canLog={writable}
      canDelete={(e) => writable && (manager || e.userId === session.userId)}
      today={time.today}
    />
  );
}

export function mountTimePages(app: Hono<AppEnv>) {
  app.route("/time", timePages);
  app.route("/tasks", taskTimePages);
}
