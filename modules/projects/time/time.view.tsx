import {
  Badge,
  Button,
  Card,
  DataTable,
  DateTime,
  Dialog,
  EmptyState,
  Field,
  formatDate,
  formatNumber,
  IconButton,
  Toast,
  type Translate,
  UserChip,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { Flash } from "../common/ui.view.tsx";
import type { EntryRow } from "./time.schemas.ts";
import type { SheetRow } from "./time.rules.ts";

/** The stylesheet of the cycles and time pages (CSP: no inline styles). */
export function TimeAssets() {
  return <link rel="stylesheet" href="/assets/projects-time.css" />;
}

/** "1 h 30 min", "45 min", "2 h" in the reader's language. */
export function duration(t: Translate, minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return t("time.m", { m });
  return m ? t("time.hm", { h, m }) : t("time.hours", { h });
}

/** The add-entry form (task page and timesheet). */
export function EntryForm(
  { action, today, days, tasks, flash, taskId }: {
    action: string;
    today: string;
    /** Choose among these days (timesheet) instead of a date input. */
    days?: string[];
    /** Choose among these tasks (timesheet); else the task is fixed by `taskId`. */
    tasks?: { id: string; title: string; projectName: string }[];
    taskId?: string;
    flash?: Flash;
  },
) {
  const t = useT();
  const { locale: l } = useReader();
  return (
    <form id="time-entry-form" class="form-grid" method="post" action={action}>
      {flash && (
        <div class="field-wide">
          <Toast flash={flash} />
        </div>
      )}
      {taskId && <input type="hidden" name="taskId" value={taskId} />}
      {tasks && (
        <Field label={t("time.task")} wide>
          <select name="taskId" required>
            {tasks.map((x) => <option value={x.id}>{x.projectName} · {x.title}</option>)}
          </select>
        </Field>
      )}
      <Field label={t("time.date")}>
        {days
          ? (
            <select name="date">
              {days.filter((d) => d <= today).map((d) => (
                <option value={d} selected={d === today}>{formatDate(l, d)}</option>
              ))}
            </select>
          )
          : <input type="date" name="date" required max={today} value={today} />}
      </Field>
      <Field label={t("time.duration")} hint={t("time.durationHint")}>
        <input name="duration" required maxLength={20} inputMode="decimal" />
      </Field>
      <Field label={t("time.note")} wide>
        <input name="note" maxLength={2000} />
      </Field>
      <label class="check field-wide">
        <input type="checkbox" name="billable" value="true" /> {t("time.billable")}
      </label>
      <div class="form-actions field-wide">
        <Button type="submit" icon="plus">{t("time.add")}</Button>
      </div>
    </form>
  );
}

/** Entries as a list; the delete button where the reader may delete. */
export function EntriesTable(
  { id, entries, canDelete, back, showTask }: {
    id: string;
    entries: EntryRow[];
    canDelete: (e: EntryRow) => boolean;
    back: string;
    showTask?: boolean;
  },
) {
  const t = useT();
  const { locale: l } = useReader();
  return (
    <DataTable
      id={id}
      label={t("time.entries")}
      rows={entries}
      empty={<p class="muted pj-pad">{t("time.noEntries")}</p>}
      columns={[
        { label: t("time.date"), cell: (e) => formatDate(l, e.entryDate) },
        ...(showTask
          ? [{
            label: t("time.task"),
            cell: (e: EntryRow) => <a href={`/projects/tasks/${e.taskId}`}>{e.taskTitle}</a>,
          }]
          : [{
            label: t("time.person"),
            cell: (e: EntryRow) => <UserChip name={e.userName ?? "—"} />,
          }]),
        {
          label: t("time.duration"),
          numeric: true,
          cell: (e) =>
            e.running ? <Badge tone="blue">{t("time.running")}</Badge> : duration(t, e.minutes),
        },
        {
          label: t("time.note"),
          wide: true,
          cell: (e) => (
            <>
              {e.note}
              {e.billable && (
                <>
                  {" "}
                  <Badge tone="teal">{t("time.billable")}</Badge>
                </>
              )}
            </>
          ),
        },
      ]}
      actions={(e) =>
        canDelete(e) && (
          <form method="post" action={`/projects/time/entries/${e.id}/delete`}>
            <input type="hidden" name="back" value={back} />
            <IconButton
              icon="trash-2"
              type="submit"
              label={t("time.deleteOf", { date: formatDate(l, e.entryDate) })}
            />
          </form>
        )}
    />
  );
}

/** The task page's time block: timer, spent against the estimate, entries, log time. */
export function TaskTimeCard(
  {
    taskId,
    estimate,
    spentMinutes,
    leftHours,
    over,
    running,
    entries,
    canLog,
    canDelete,
    today,
    flash,
  }: {
    taskId: string;
    estimate: number | null;
    spentMinutes: number;
    leftHours: number | null;
    over: boolean;
    running: EntryRow | null;
    entries: EntryRow[];
    canLog: boolean;
    canDelete: (e: EntryRow) => boolean;
    today: string;
    flash?: Flash;
  },
) {
  const t = useT();
  const { locale: l } = useReader();
  const back = `/projects/tasks/${taskId}`;
  const here = running?.taskId === taskId;
  return (
    <>
      <TimeAssets />
      <Card
        title={t("time.title")}
        id="task-time"
        flush
        actions={canLog && (
          <>
            <form
              method="post"
              action={`/projects/tasks/${taskId}/time/${here ? "stop" : "start"}`}
            >
              <Button
                type="submit"
                small
                variant={here ? "danger" : "secondary"}
                icon={here ? "square" : "play"}
              >
                {here ? t("time.stop") : t("time.start")}
              </Button>
            </form>
            <Dialog
              id="log-time"
              title={t("time.add")}
              trigger={t("time.add")}
              icon="plus"
              small
              variant="secondary"
              closeLabel={t("cycles.close")}
            >
              <EntryForm action={`/projects/tasks/${taskId}/time`} today={today} taskId={taskId} />
            </Dialog>
          </>
        )}
      >
        <div class="pj-pad">
          {flash && <Toast flash={flash} />}
          <dl class="pj-time-figures">
            <div>
              <dt>{t("time.spent")}</dt>
              <dd id="time-spent">{duration(t, spentMinutes)}</dd>
            </div>
            <div>
              <dt>{t("time.estimate")}</dt>
              <dd>
                {estimate === null
                  ? t("time.noEstimate")
                  : t("time.hours", { h: formatNumber(l, estimate, 2) })}
              </dd>
            </div>
            {leftHours !== null && (
              <div>
                <dt>{t("time.left")}</dt>
                <dd>
                  {over
                    ? (
                      <Badge tone="red">
                        {t("time.over", { d: duration(t, Math.round(-leftHours * 60)) })}
                      </Badge>
                    )
                    : duration(t, Math.round(leftHours * 60))}
                </dd>
              </div>
            )}
          </dl>
          {here && running?.startedAt && (
            <p class="pj-timer-running" role="status">
              {t("time.runningSince")} <DateTime at={running.startedAt} />
            </p>
          )}
          {running && !here && canLog && (
            <p class="muted">{t("time.runningElsewhere", { task: running.taskTitle })}</p>
          )}
        </div>
        <EntriesTable id="task-time-entries" entries={entries} canDelete={canDelete} back={back} />
      </Card>
    </>
  );
}

/** The week's grid: a row per task, a column per day, totals. */
export function TimesheetGrid(
  { days, rows, dayTotals, total }: {
    days: string[];
    rows: SheetRow[];
    dayTotals: number[];
    total: number;
  },
) {
  const t = useT();
  const { locale: l } = useReader();
  const weekday = (d: string) =>
    new Intl.DateTimeFormat(l === "tr" ? "tr-TR" : "en-GB", {
      weekday: "short",
      day: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${d}T00:00:00Z`));
  if (!rows.length) {
    return <EmptyState icon="timer" title={t("time.weekEmpty")} />;
  }
  type Row = SheetRow & { totalRow?: boolean };
  const all: Row[] = [
    ...rows,
    {
      taskId: "",
      taskTitle: t("time.total"),
      projectName: "",
      days: dayTotals,
      total,
      totalRow: true,
    },
  ];
  const cell = (m: number) => (m ? duration(t, m) : "");
  return (
    <DataTable
      id="timesheet"
      label={t("page.timesheet")}
      rows={all}
      rowAttrs={(r) => ({ class: r.totalRow ? "pj-total-row" : undefined })}
      columns={[
        {
          label: t("time.task"),
          cell: (r) =>
            r.totalRow ? <strong>{r.taskTitle}</strong> : (
              <span>
                <a href={`/projects/tasks/${r.taskId}`}>{r.taskTitle}</a>
                <span class="muted pj-sheet-project">{r.projectName}</span>
              </span>
            ),
        },
        ...days.map((d, i) => ({
          label: weekday(d),
          numeric: true,
          cell: (r: Row) => cell(r.days[i]),
        })),
        {
          label: t("time.total"),
          numeric: true,
          cell: (r) => <strong>{duration(t, r.total)}</strong>,
        },
      ]}
    />
  );
}

/** Estimate against spent per project and per person (the week's report). */
export function SpentTables(
  { projects, people }: {
    projects: { projectId: string; name: string; estimateHours: number; spentMinutes: number }[];
    people: {
      userId: string;
      name: string;
      spentMinutes: number;
      billableMinutes: number;
      estimateHours: number;
    }[];
  },
) {
  const t = useT();
  const { locale: l } = useReader();
  return (
    <>
      <Card title={t("time.byProject")} flush>
        <DataTable
          id="time-by-project"
          label={t("time.byProject")}
          rows={projects}
          empty={<p class="muted pj-pad">{t("time.weekEmpty")}</p>}
          columns={[
            {
              label: t("time.project"),
              cell: (p) => <a href={`/projects/projects/${p.projectId}`}>{p.name}</a>,
            },
            {
              label: t("time.estimate"),
              numeric: true,
              cell: (p) => t("time.hours", { h: formatNumber(l, p.estimateHours, 1) }),
            },
            { label: t("time.spent"), numeric: true, cell: (p) => duration(t, p.spentMinutes) },
          ]}
        />
      </Card>
      <Card title={t("time.byPerson")} flush>
        <DataTable
          id="time-by-person"
          label={t("time.byPerson")}
          rows={people}
          empty={<p class="muted pj-pad">{t("time.weekEmpty")}</p>}
          columns={[
            { label: t("time.person"), cell: (p) => <UserChip name={p.name} /> },
            {
              label: t("time.estimate"),
              numeric: true,
              wide: true,
              cell: (p) => t("time.hours", { h: formatNumber(l, p.estimateHours, 1) }),
            },
            { label: t("time.spent"), numeric: true, cell: (p) => duration(t, p.spentMinutes) },
            {
              label: t("time.billable"),
              numeric: true,
              cell: (p) => duration(t, p.billableMinutes),
            },
          ]}
        />
      </Card>
    </>
  );
}
