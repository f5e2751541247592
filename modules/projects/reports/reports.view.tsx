import {
  Card,
  ChartCard,
  DataTable,
  EmptyState,
  formatNumber,
  Grid,
  UserChip,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { Locale } from "../../../shared/i18n/i18n.ts";
import { priorityText, statusName } from "../common/ui.view.tsx";
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
export function ProgressCard({ items }: { items: ProgressRow[] }) {
  const t = useT();
  const { locale: l } = useReader();
  return (
    <ChartCard
      title={t("projects.progress")}
      option={{
        legend: {},
        grid: { bottom: 36 },
        xAxis: { type: "category", data: items.map((i) => i.name) },
        yAxis: { type: "value", minInterval: 1 },
        series: [
          {
            name: t("projects.done"),
            type: "bar",
            stack: "a",
            data: items.map((i) => i.done),
            itemStyle: { color: DONE },
          },
          {
            name: t("projects.open"),
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
        label={t("projects.progress")}
        rows={items}
        columns={[
          {
            label: t("projects.project"),
            cell: (i) => <a href={`/projects/projects/${i.projectId}`}>{i.name}</a>,
          },
          {
            label: t("projects.progress"),
            cell: (i) => <Progress done={i.done} total={i.total} />,
          },
          {
            label: t("projects.percentDone"),
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
  { burnUp }: { burnUp: { day: string; total: number; done: number }[] },
) {
  const t = useT();
  const { locale: l } = useReader();
  return (
    <ChartCard
      title={t("projects.burnUp")}
      option={{
        legend: {},
        // Room under the axis for its turned labels and the legend.
        grid: { bottom: 36 },
        xAxis: { type: "category", data: burnUp.map((d) => dayMonth(l, d.day)) },
        yAxis: { type: "value", minInterval: 1 },
        series: [
          {
            name: t("projects.total"),
            type: "line",
            data: burnUp.map((d) => d.total),
            itemStyle: { color: OPEN },
          },
          {
            name: t("projects.done"),
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
  { items, burnUp }: {
    items: ProgressRow[];
    burnUp: { day: string; total: number; done: number }[];
  },
) {
  const t = useT();
  if (!items.length) {
    return <EmptyState icon="chart-no-axes-column" title={t("projects.noProjects")} />;
  }
  return (
    <Grid size="lg">
      <ProgressCard items={items} />
      <BurnUpCard burnUp={burnUp} />
    </Grid>
  );
}

function Pie({ title, buckets }: { title: string; buckets: Bucket[] }) {
  const t = useT();
  if (buckets.length === 0) {
    return (
      <Card title={title}>
        <EmptyState icon="chart-pie" title={t("projects.noTasks")} />
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
  { byStatus, byPriority, byAssignee }: {
    byStatus: Bucket[];
    byPriority: Bucket[];
    byAssignee: Bucket[];
  },
) {
  const t = useT();
  return (
    <Grid size="lg">
      <Pie
        title={t("projects.byStatus")}
        buckets={byStatus.map((b) => ({ ...b, label: statusName(t, b.label) }))}
      />
      <Pie
        title={t("projects.byPriority")}
        buckets={byPriority.map((b) => ({ ...b, label: priorityText(t, b.label) }))}
      />
      <Pie
        title={t("projects.byAssignee")}
        buckets={byAssignee.map((b) => ({ ...b, label: b.label || t("projects.unassigned") }))}
      />
    </Grid>
  );
}

export function WorkloadCard({ items }: { items: Workload[] }) {
  const t = useT();
  const { locale: l } = useReader();
  if (items.length === 0) {
    return (
      <Card id="workload" title={t("projects.workload")}>
        <EmptyState icon="users" title={t("projects.noMembers")} />
      </Card>
    );
  }
  return (
    <ChartCard
      id="workload"
      title={t("projects.workload")}
      option={{
        legend: {},
        grid: { bottom: 36 },
        xAxis: { type: "category", data: items.map((i) => i.name) },
        yAxis: { type: "value", minInterval: 1 },
        series: [
          {
            name: t("projects.open"),
            type: "bar",
            data: items.map((i) => i.open),
            itemStyle: { color: OPEN },
          },
          {
            name: t("projects.overdue"),
            type: "bar",
            data: items.map((i) => i.overdue),
            itemStyle: { color: OVERDUE },
          },
        ],
      }}
    >
      <DataTable
        id="workload-table"
        label={t("projects.workload")}
        rows={items}
        columns={[
          { label: t("projects.memberName"), cell: (i) => <UserChip name={i.name} /> },
          { label: t("projects.open"), cell: (i) => formatNumber(l, i.open), numeric: true },
          {
            label: t("projects.overdue"),
            cell: (i) => formatNumber(l, i.overdue),
            numeric: true,
          },
          {
            label: t("projects.estimateHours"),
            cell: (i) => formatNumber(l, i.estimate, 2),
            numeric: true,
          },
          { label: t("projects.done"), cell: (i) => formatNumber(l, i.done), numeric: true },
        ]}
      />
    </ChartCard>
  );
}
