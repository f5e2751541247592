import type { ComponentChildren } from "preact";
import {
  Badge,
  Button,
  Card,
  ChartCard,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  formatDate,
  formatNumber,
  IconButton,
  Toast,
  type Tone,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import { type Flash, statusName } from "../common/ui.view.tsx";
import { Progress } from "../projects/projects.view.tsx";
import type { BurndownPoint, CycleState } from "./cycles.rules.ts";

export interface CycleView {
  id: string;
  name: string;
  goal: string;
  startDate: string;
  endDate: string;
  state: CycleState;
  totalTasks: number;
  doneTasks: number;
  totalEstimate: number;
  doneEstimate: number;
}

const TONES: Record<CycleState, Tone> = { upcoming: "purple", active: "blue", completed: "green" };

export function CycleStateBadge({ state }: { state: CycleState }) {
  const t = useT();
  return <Badge tone={TONES[state]}>{t(`cycles.state.${state}`)}</Badge>;
}

/** "1 Dec 2026 – 14 Dec 2026". */
export function CycleDates({ c }: { c: { startDate: string; endDate: string } }) {
  const { locale: l } = useReader();
  return <span>{formatDate(l, c.startDate)} – {formatDate(l, c.endDate)}</span>;
}

const dayMonth = (l: string, day: string) =>
  new Intl.DateTimeFormat(l === "tr" ? "tr-TR" : "en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));

export function NewCycleDialog(
  { projectId, suggest, flash, open }: {
    projectId: string;
    suggest: { startDate: string; endDate: string };
    flash?: Flash;
    open?: boolean;
  },
) {
  const t = useT();
  const action = `/projects/projects/${projectId}/cycles`;
  return (
    <Dialog
      id="new-cycle"
      title={t("cycles.new")}
      trigger={t("cycles.new")}
      icon="plus"
      closeLabel={t("cycles.close")}
    >
      <form id="new-cycle-form" class="form-grid" method="post" action={action}>
        {flash && open && (
          <div class="field-wide">
            <Toast flash={flash} />
          </div>
        )}
        <Field label={t("cycles.name")} wide>
          <input name="name" required maxLength={120} />
        </Field>
        <Field label={t("cycles.startDate")}>
          <input type="date" name="startDate" required value={suggest.startDate} />
        </Field>
        <Field label={t("cycles.endDate")}>
          <input type="date" name="endDate" required value={suggest.endDate} />
        </Field>
        <Field label={t("cycles.goal")} wide>
          <textarea name="goal" rows={2} maxLength={2000}></textarea>
        </Field>
        <div class="form-actions field-wide">
          <Button type="submit" icon="plus">{t("cycles.create")}</Button>
        </div>
      </form>
    </Dialog>
  );
}

export function CyclesTable(
  { projectId, cycles, current }: { projectId: string; cycles: CycleView[]; current?: string },
) {
  const t = useT();
  const { locale: l } = useReader();
  return (
    <DataTable
      id="cycles"
      label={t("cycles.title")}
      rows={cycles}
      empty={
        <EmptyState icon="refresh-cw" title={t("cycles.none")}>{t("cycles.noneHint")}</EmptyState>
      }
      rowAttrs={(c) => ({ "aria-current": c.id === current ? "true" : undefined })}
      columns={[
        {
          label: t("cycles.name"),
          cell: (c) => <a href={`/projects/projects/${projectId}/cycles?cycle=${c.id}`}>{c.name}
          </a>,
        },
        { label: t("cycles.dates"), cell: (c) => <CycleDates c={c} /> },
        { label: t("cycles.state"), cell: (c) => <CycleStateBadge state={c.state} /> },
        {
          label: t("cycles.progress"),
          cell: (c) => <Progress done={c.doneTasks} total={c.totalTasks} />,
        },
        {
          label: t("cycles.estimate"),
          numeric: true,
          wide: true,
          cell: (c) =>
            `${formatNumber(l, c.doneEstimate, 1)} / ${formatNumber(l, c.totalEstimate, 1)}`,
        },
      ]}
    />
  );
}

/** Open tasks and estimate hours left per day against the ideal line. */
export function BurndownCard(
  { name, points, actions }: {
    name: string;
    points: BurndownPoint[];
    actions?: ComponentChildren;
  },
) {
  const t = useT();
  const { locale: l } = useReader();
  return (
    <ChartCard
      id="burndown"
      title={t("cycles.burndownOf", { name })}
      actions={actions}
      option={{
        legend: {},
        tooltip: { trigger: "axis" },
        grid: { bottom: 36 },
        xAxis: { type: "category", data: points.map((p) => dayMonth(l, p.day)) },
        yAxis: [{ type: "value", minInterval: 1 }, { type: "value" }],
        series: [
          {
            name: t("cycles.openTasks"),
            type: "line",
            step: "end",
            data: points.map((p) => p.openTasks),
            itemStyle: { color: "#4c6ef5" },
          },
          {
            name: t("cycles.ideal"),
            type: "line",
            data: points.map((p) => p.idealTasks),
            lineStyle: { type: "dashed" },
            symbol: "none",
            itemStyle: { color: "#868e96" },
          },
          {
            name: t("cycles.openHours"),
            type: "line",
            yAxisIndex: 1,
            step: "end",
            data: points.map((p) => p.openHours),
            itemStyle: { color: "#f08c00" },
          },
        ],
      }}
    />
  );
}

interface VelocityItem {
  name: string;
  committedTasks: number;
  completedTasks: number;
  completedEstimate: number;
  carriedTasks: number;
}

export function VelocityCard(
  { items, average }: { items: VelocityItem[]; average: { tasks: number; hours: number } },
) {
  const t = useT();
  const { locale: l } = useReader();
  if (!items.length) {
    return (
      <Card title={t("cycles.velocity")}>
        <p class="muted">{t("cycles.velocityNone")}</p>
      </Card>
    );
  }
  return (
    <ChartCard
      id="velocity"
      title={t("cycles.velocity")}
      option={{
        legend: {},
        tooltip: { trigger: "axis" },
        grid: { bottom: 36 },
        xAxis: { type: "category", data: items.map((i) => i.name) },
        yAxis: { type: "value", minInterval: 1 },
        series: [
          {
            name: t("cycles.committed"),
            type: "bar",
            data: items.map((i) => i.committedTasks),
            itemStyle: { color: "#adb5bd" },
          },
          {
            name: t("cycles.completedTasks"),
            type: "bar",
            data: items.map((i) => i.completedTasks),
            itemStyle: { color: "#2f9e44" },
          },
          {
            name: t("cycles.completedHours"),
            type: "bar",
            data: items.map((i) => i.completedEstimate),
            itemStyle: { color: "#4c6ef5" },
          },
        ],
      }}
    >
      <p class="muted">
        {t("cycles.average", {
          n: items.length,
          tasks: formatNumber(l, average.tasks, 1),
          hours: formatNumber(l, average.hours, 1),
        })}
      </p>
    </ChartCard>
  );
}

export function CompleteCycleDialog(
  { projectId, cycle, targets, open }: {
    projectId: string;
    cycle: CycleView;
    targets: { id: string; name: string }[];
    open: number;
  },
) {
  const t = useT();
  return (
    <Dialog
      id="complete-cycle"
      title={t("cycles.complete")}
      trigger={t("cycles.complete")}
      icon="flag"
      small
      variant="secondary"
      closeLabel={t("cycles.close")}
    >
      <form
        class="form-grid"
        method="post"
        action={`/projects/projects/${projectId}/cycles/${cycle.id}/complete`}
      >
        <p class="field-wide">{t("cycles.completeHint", { open })}</p>
        <Field label={t("cycles.carryTo")} wide>
          <select name="carryOverTo">
            {targets.map((c) => <option value={c.id}>{c.name}</option>)}
            <option value="">{t("cycles.backlog")}</option>
          </select>
        </Field>
        <div class="form-actions field-wide">
          <Button type="submit" icon="flag">{t("cycles.complete")}</Button>
        </div>
      </form>
    </Dialog>
  );
}

export function AddTasksDialog(
  { projectId, cycleId, tasks }: {
    projectId: string;
    cycleId: string;
    tasks: { id: string; title: string }[];
  },
) {
  const t = useT();
  return (
    <Dialog
      id="add-cycle-tasks"
      title={t("cycles.addTasks")}
      trigger={t("cycles.addTasks")}
      icon="list-plus"
      small
      variant="secondary"
      closeLabel={t("cycles.close")}
    >
      {tasks.length
        ? (
          <form
            class="form-grid"
            method="post"
            action={`/projects/projects/${projectId}/cycles/${cycleId}/tasks`}
          >
            <fieldset class="field-wide pj-cycle-pick">
              <legend class="field-label">{t("cycles.addTasks")}</legend>
              {tasks.map((x) => (
                <label class="check">
                  <input type="checkbox" name="taskIds" value={x.id} /> {x.title}
                </label>
              ))}
            </fieldset>
            <div class="form-actions field-wide">
              <Button type="submit" icon="plus">{t("cycles.addSelected")}</Button>
            </div>
          </form>
        )
        : <p class="muted">{t("cycles.noBacklog")}</p>}
    </Dialog>
  );
}

export function CycleTasks(
  { projectId, cycleId, tasks, canRemove }: {
    projectId: string;
    cycleId: string;
    tasks: {
      id: string;
      title: string;
      statusName: string;
      statusCategory: string;
      estimate: number | null;
    }[];
    canRemove: boolean;
  },
) {
  const t = useT();
  const { locale: l } = useReader();
  return (
    <DataTable
      id="cycle-tasks"
      label={t("cycles.tasks")}
      rows={tasks}
      empty={<p class="muted pj-pad">{t("cycles.noTasks")}</p>}
      columns={[
        { label: t("cycles.name"), cell: (x) => <a href={`/projects/tasks/${x.id}`}>{x.title}</a> },
        {
          label: t("cycles.state"),
          cell: (x) => (
            <Badge tone={x.statusCategory === "done" ? "green" : "blue"}>
              {statusName(t, x.statusName)}
            </Badge>
          ),
        },
        {
          label: t("cycles.estimate"),
          numeric: true,
          cell: (x) => (x.estimate === null ? "—" : formatNumber(l, x.estimate, 1)),
        },
      ]}
      actions={canRemove
        ? (x) => (
          <form
            method="post"
            action={`/projects/projects/${projectId}/cycles/${cycleId}/tasks/${x.id}/remove`}
          >
            <IconButton
              icon="circle-minus"
              label={t("cycles.removeNamed", { title: x.title })}
              type="submit"
            />
          </form>
        )
        : undefined}
    />
  );
}

/** The task page's cycle: where the task is planned, and a picker for members. */
export function TaskCycleCard(
  { taskId, current, options, canWrite }: {
    taskId: string;
    current: { id: string; name: string; startDate: string; endDate: string } | null;
    options: { id: string; name: string }[];
    canWrite: boolean;
  },
) {
  const t = useT();
  return (
    <Card title={t("cycles.cycle")} id="task-cycle">
      <p>
        {current
          ? (
            <>
              <strong>{current.name}</strong> <CycleDates c={current} />
            </>
          )
          : <span class="muted">{t("cycles.noCycle")}</span>}
      </p>
      {canWrite && options.length > 0 && (
        <form class="form-grid" method="post" action={`/projects/tasks/${taskId}/cycle`}>
          <Field label={t("cycles.cycle")} wide>
            <select name="cycleId">
              <option value="">{t("cycles.backlog")}</option>
              {options.map((o) => (
                <option value={o.id} selected={o.id === current?.id}>{o.name}</option>
              ))}
            </select>
          </Field>
          <div class="form-actions field-wide">
            <Button type="submit" small variant="secondary" icon="check">
              {t("cycles.save")}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
