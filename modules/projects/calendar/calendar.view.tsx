import {
  Badge,
  Button,
  EmptyState,
  Icon,
  IconButton,
  Toast,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { TaskRow } from "../tasks/tasks.schemas.ts";
import { PriorityBadge } from "../common/ui.view.tsx";
import type { CalendarData } from "./calendar.schemas.ts";
import { shiftMonth, weekdayOrder } from "./calendar.lib.ts";

type Task = Omit<TaskRow, "sortKey">;

const tag = (l: string) => (l === "tr" ? "tr-TR" : "en-US");

function dayFormat(l: string, opts: Intl.DateTimeFormatOptions) {
  const f = new Intl.DateTimeFormat(tag(l), { ...opts, timeZone: "UTC" });
  return (day: string) => f.format(new Date(`${day}T00:00:00Z`));
}

/** The month's title and previous / today / next links (filters kept). */
export function CalendarNav(
  { base, month, today, keep }: { base: string; month: string; today: string; keep: string },
) {
  const t = useT();
  const { locale } = useReader();
  const href = (m: string) => `${base}?month=${m}${keep ? `&${keep}` : ""}`;
  const title = dayFormat(locale, { month: "long", year: "numeric" })(`${month}-01`);
  return (
    <div class="pj-cal-nav">
      <h2 class="pj-cal-title" id="pj-cal-title">{title}</h2>
      <span class="pj-cal-nav-links">
        <IconButton
          href={href(shiftMonth(month, -1))}
          variant="secondary"
          icon="chevron-left"
          label={t("projects.calendar.prev")}
        />
        <Button href={href(today.slice(0, 7))} variant="secondary" small>
          {t("projects.calendar.today")}
        </Button>
        <IconButton
          href={href(shiftMonth(month, 1))}
          variant="secondary"
          icon="chevron-right"
          label={t("projects.calendar.next")}
        />
      </span>
    </div>
  );
}

function TaskChip({ task }: { task: Task }) {
  return (
    <li
      class={`pj-cal-task pj-cal-p-${task.priority}${
        task.statusCategory === "done" ? " is-done" : ""
      }${task.overdue ? " is-overdue" : ""}`}
      data-id={task.id}
      data-due={task.dueDate ?? ""}
    >
      <a href={`/projects/tasks/${task.id}`} title={task.title}>{task.title}</a>
    </li>
  );
}

/**
 * The month grid: one cell a day, its tasks by due date; with write access the tasks drag to
 * another day (projects-calendar.js). Hidden on a phone, where the agenda takes its place.
 */
export function MonthGrid(
  { data, canWrite, moveUrl }: { data: CalendarData; canWrite: boolean; moveUrl: string },
) {
  const t = useT();
  const { locale } = useReader();
  const short = new Intl.DateTimeFormat(tag(locale), { weekday: "short", timeZone: "UTC" });
  const long = new Intl.DateTimeFormat(tag(locale), { weekday: "long", timeZone: "UTC" });
  // 2024-01-01 was a Monday: ISO weekday n is 2024-01-0n.
  const names = weekdayOrder(data.weekStart as 1 | 7).map((n) => {
    const d = new Date(Date.UTC(2024, 0, n));
    return { short: short.format(d), long: long.format(d) };
  });
  const full = dayFormat(locale, { weekday: "long", day: "numeric", month: "long" });
  return (
    <div
      class="pj-cal"
      data-writable={canWrite ? "1" : "0"}
      data-move={moveUrl}
      data-refused={t("projects.calendar.moveRefused")}
      data-failed={t("projects.calendar.moveFailed")}
    >
      <div class="pj-cal-weekdays" aria-hidden="true">
        {names.map((n) => <span title={n.long}>{n.short}</span>)}
      </div>
      <ol class="pj-cal-grid" aria-labelledby="pj-cal-title">
        {data.days.map((d) => (
          <li
            class={`pj-cal-day${d.inMonth ? "" : " is-outside"}${
              d.date === data.today ? " is-today" : ""
            }`}
          >
            <span class="pj-cal-date">
              <span aria-hidden="true">{Number(d.date.slice(8))}</span>
              <span class="sr-only">{full(d.date)}</span>
              {d.tasks.length > 0 && (
                <span class="sr-only">
                  ({t("projects.calendar.dayTasks", { count: d.tasks.length })})
                </span>
              )}
            </span>
            <ul class="pj-cal-tasks" data-date={d.date}>
              {d.tasks.map((task) => <TaskChip task={task} />)}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The phone's calendar: the month's days that have tasks, as a list. */
export function Agenda({ data }: { data: CalendarData }) {
  const t = useT();
  const { locale } = useReader();
  const full = dayFormat(locale, { weekday: "long", day: "numeric", month: "long" });
  const days = data.days.filter((d) => d.inMonth && d.tasks.length > 0);
  return (
    <section class="pj-cal-agenda" aria-labelledby="pj-cal-agenda-h">
      <h3 id="pj-cal-agenda-h" class="sr-only">{t("projects.calendar.agenda")}</h3>
      {days.length === 0
        ? <p class="muted">{t("projects.calendar.agendaNone")}</p>
        : (
          <ol class="pj-cal-agenda-days">
            {days.map((d) => (
              <li class={d.date === data.today ? "is-today" : undefined}>
                <h4 class="pj-cal-agenda-date">{full(d.date)}</h4>
                <ul class="pj-cal-agenda-tasks">
                  {d.tasks.map((task) => (
                    <li>
                      <a href={`/projects/tasks/${task.id}`}>{task.title}</a>
                      <span class="pj-cal-agenda-meta">
                        <PriorityBadge p={task.priority} />
                        {task.overdue && <Badge tone="red">{t("projects.overdue")}</Badge>}
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
    </section>
  );
}

/** Tasks without a due date, beside the grid; dropping one on a day gives it that date. */
export function Undated({ tasks }: { tasks: Task[] }) {
  const t = useT();
  return (
    <aside class="pj-cal-undated" aria-labelledby="pj-cal-undated-h">
      <h3 id="pj-cal-undated-h">
        <Icon name="calendar-off" size={16} />
        <span>{t("projects.calendar.undated")}</span>
        <Badge>{tasks.length}</Badge>
      </h3>
      <ul class="pj-cal-tasks" data-date="">
        {tasks.map((task) => <TaskChip task={task} />)}
      </ul>
      {tasks.length === 0 && <p class="muted">{t("projects.calendar.undatedNone")}</p>}
    </aside>
  );
}

/** The whole calendar area (swapped by the filters). */
export function CalendarBody(
  { data, canWrite, moveUrl, base, keep, truncatedAt }: {
    data: CalendarData;
    canWrite: boolean;
    moveUrl: string;
    base: string;
    keep: string;
    truncatedAt: number;
  },
) {
  const t = useT();
  const empty = data.days.every((d) => !d.tasks.length) && data.undated.length === 0;
  return (
    <div id="pj-cal-body" class="pj-cal-body">
      <Toast id="calendar-message" />
      {data.truncated && (
        <p class="muted">{t("projects.calendar.truncated", { count: truncatedAt })}</p>
      )}
      <CalendarNav base={base} month={data.month} today={data.today} keep={keep} />
      {canWrite && <p class="muted pj-hint pj-cal-help">{t("projects.calendar.help")}</p>}
      <div class="pj-cal-layout">
        <div class="pj-cal-main">
          <MonthGrid data={data} canWrite={canWrite} moveUrl={moveUrl} />
          <Agenda data={data} />
        </div>
        <Undated tasks={data.undated} />
      </div>
      {empty && <EmptyState icon="calendar" title={t("projects.noTasks")} />}
    </div>
  );
}
