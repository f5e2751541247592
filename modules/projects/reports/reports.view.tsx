import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import {
  Card,
  ChartCard,
  DataTable,
  EmptyState,
  formatNumber,
  Grid,
  UserChip,
} from "../../../ui/kit.ts";
import { priorityLabel, statusName } from "../common/ui.view.tsx";
import { Progress } from "../projects/projects.view.tsx";

/** "7 Oct": the burn-up's days are all recent, the year would only crowd the axis. */
const dayMonth = (l: Locale, day: string) =>
  new Intl.DateTimeFormat(l === "tr" ? "tr-TR" : "en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));

/** Series colours that mean the same on every chart and read in both themes. */
const DONE = "#2f9e44";
const OPEN = "#4c6ef5";
const OVERDUE = "#e03131";

interface ProgressRow {
  projectId: string;
  name: string;
  total: number;
  done: number;
  percent: number;
}
interface Bucket {
  key: string | null;
  label: string;
  count: number;
  open: number;
}
interface Workload {
  userId: string;
  name: string;
  email: string;
  open: number;
  overdue: number;
  estimate: number;
  done: number;
}

/** Done and open tasks per project: a stacked bar chart over its table. */
export function ProgressCard({ l, items }: { l: Locale; items: ProgressRow[] }) {
  return (
    <ChartCard
      title={t(l, "projects.progress")}
      option={{
        legend: {},
        grid: { bottom: 36 },
        xAxis: { type: "category", data: items.map((i) => i.name) },
        yAxis: { type: "value", minInterval: 1 },
        series: [
          {
            name: t(l, "projects.done"),
            type: "bar",
            stack: "a",
            data: items.map((i) => i.done),
            itemStyle: { color: DONE },
          },
          {
            name: t(l, "projects.open"),
            type: "bar",
            stack: "a",
            data: items.map((i) => i.total - i.done),
            itemStyle: { color: OPEN },
          },
        ],
      }}
    >
      <DataTable
        id="progress-table"
        label={t(l, "projects.progress")}
        rows={items}
        columns={[
          {
            label: t(l, "projects.project"),
            cell: (i) => <a href={`/projects/projects/${i.projectId}`}>{i.name}</a>,
          },
          {
            label: t(l, "projects.progress"),
            cell: (i) => <Progress l={l} done={i.done} total={i.total} />,
          },
          {
            label: t(l, "projects.percentDone"),
            cell: (i) => `${formatNumber(l, i.percent, 1)} %`,
            numeric: true,
          },
        ]}
      />
    </ChartCard>
  );
}

/** Total and done tasks per day (the last 30 days). */
export function BurnUpCard(
  { l, burnUp }: { l: Locale; burnUp: { day: string; total: number; done: number }[] },
) {
  return (
    <ChartCard
      title={t(l, "projects.burnUp")}
      option={{
        legend: {},
        // Room under the axis for its turned labels and the legend.
        grid: { bottom: 36 },
        xAxis: { type: "category", data: burnUp.map((d) => dayMonth(l, d.day)) },
        yAxis: { type: "value", minInterval: 1 },
        series: [
          {
            name: t(l, "projects.total"),
            type: "line",
            data: burnUp.map((d) => d.total),
            itemStyle: { color: OPEN },
          },
          {
            name: t(l, "projects.done"),
            type: "line",
            data: burnUp.map((d) => d.done),
            itemStyle: { color: DONE },
          },
        ],
      }}
    />
  );
}

export function ProgressCharts(
  { l, items, burnUp }: {
    l: Locale;
    items: ProgressRow[];
    burnUp: { day: string; total: number; done: number }[];
  },
) {
  if (!items.length) {
    return <EmptyState icon="chart-no-axes-column" title={t(l, "projects.noProjects")} />;
  }
  return (
    <Grid size="lg">
      <ProgressCard l={l} items={items} />
      <BurnUpCard l={l} burnUp={burnUp} />
    </Grid>
  );
}

function Pie({ l, title, buckets }: { l: Locale; title: string; buckets: Bucket[] }) {
  if (buckets.length === 0) {
    return (
      <Card title={title}>
        <EmptyState icon="chart-pie" title={t(l, "projects.noTasks")} />
      </Card>
    );
  }
  return (
    <ChartCard
      title={title}
      option={{
        legend: false,
        series: [{
          type: "pie",
          data: buckets.map((b) => ({ name: b.label, value: b.count })),
          // Labels sit between the pie and the card's edge, wrapped, never past it (the kit's
          // outside labels alone still ran over the edge in a narrow card).
          label: { alignTo: "edge", edgeDistance: 4, lineHeight: 15, formatter: "{b}: {c}" },
          labelLine: { length: 8, length2: 4 },
        }],
      }}
    />
  );
}

export function Distribution(
  { l, byStatus, byPriority, byAssignee }: {
    l: Locale;
    byStatus: Bucket[];
    byPriority: Bucket[];
    byAssignee: Bucket[];
  },
) {
  return (
    <Grid size="lg">
      <Pie
        l={l}
        title={t(l, "projects.byStatus")}
        buckets={byStatus.map((b) => ({ ...b, label: statusName(l, b.label) }))}
      />
      <Pie
        l={l}
        title={t(l, "projects.byPriority")}
        buckets={byPriority.map((b) => ({ ...b, label: priorityLabel(l, b.label) }))}
      />
      <Pie
        l={l}
        title={t(l, "projects.byAssignee")}
        buckets={byAssignee.map((b) => ({ ...b, label: b.label || t(l, "projects.unassigned") }))}
      />
    </Grid>
  );
}

export function WorkloadCard({ l, items }: { l: Locale; items: Workload[] }) {
  if (items.length === 0) {
    return (
      <Card id="workload" title={t(l, "projects.workload")}>
        <EmptyState icon="users" title={t(l, "projects.noMembers")} />
      </Card>
    );
  }
  return (
    <ChartCard
      id="workload"
      title={t(l, "projects.workload")}
      option={{
        legend: {},
        grid: { bottom: 36 },
        xAxis: { type: "category", data: items.map((i) => i.name) },
        yAxis: { type: "value", minInterval: 1 },
        series: [
          {
            name: t(l, "projects.open"),
            type: "bar",
            data: items.map((i) => i.open),
            itemStyle: { color: OPEN },
          },
          {
            name: t(l, "projects.overdue"),
            type: "bar",
            data: items.map((i) => i.overdue),
            itemStyle: { color: OVERDUE },
          },
        ],
      }}
    >
      <DataTable
        id="workload-table"
        label={t(l, "projects.workload")}
        rows={items}
        columns={[
          { label: t(l, "projects.memberName"), cell: (i) => <UserChip name={i.name} /> },
          { label: t(l, "projects.open"), cell: (i) => formatNumber(l, i.open), numeric: true },
          {
            label: t(l, "projects.overdue"),
            cell: (i) => formatNumber(l, i.overdue),
            numeric: true,
          },
          {
            label: t(l, "projects.estimateHours"),
            cell: (i) => formatNumber(l, i.estimate, 2),
            numeric: true,
          },
          { label: t(l, "projects.done"), cell: (i) => formatNumber(l, i.done), numeric: true },
        ]}
      />
    </ChartCard>
  );
}
