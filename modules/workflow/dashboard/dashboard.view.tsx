import "./dashboard.messages.ts";
import "../instances/instances.messages.ts";
import { knownKey, type Locale } from "../../../shared/i18n/i18n.ts";
import {
  Button,
  Card,
  ChartCard,
  DataTable,
  EmptyState,
  formatNumber,
  Grid,
  Kpi,
  RelativeTime,
  StateBadge,
  type Translate,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import { incidentMessage } from "../instances/instances.view.tsx";
import type { Dashboard } from "./dashboard.schemas.ts";

/** A day `YYYY-MM-DD` as a short axis label ("23 Nov"). */
function shortDay(l: Locale, day: string): string {
  return new Intl.DateTimeFormat(l === "tr" ? "tr-TR" : "en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
}

function chartOption(t: Translate, l: Locale, d: Dashboard): Record<string, unknown> {
  return {
    tooltip: { trigger: "axis" },
    // The kit places the legend below; every other day keeps 14 days legible on a phone.
    xAxis: {
      type: "category",
      data: d.perDay.map((p) => shortDay(l, p.day)),
      axisLabel: { interval: 1 },
    },
    yAxis: { type: "value", minInterval: 1 },
    series: [
      {
        name: t("wfd.started"),
        type: "bar",
        itemStyle: { color: "#4c6ef5" },
        data: d.perDay.map((p) => p.started),
      },
      {
        name: t("wfd.completed"),
        type: "bar",
        itemStyle: { color: "#2f9e44" },
        data: d.perDay.map((p) => p.completed),
      },
    ],
  };
}

function Kpis({ d }: { d: Dashboard }) {
  const t = useT();
  const l = useReader().locale;
  return (
    <Grid size="sm">
      <Kpi
        label={t("wfd.active")}
        value={formatNumber(l, d.processes.active)}
        hint={d.processes.suspended
          ? t("wfd.suspended", { n: formatNumber(l, d.processes.suspended) })
          : undefined}
        icon="workflow"
        href="/workflow/processes?state=active"
      />
      <Kpi
        label={t("wfd.incidents")}
        value={formatNumber(l, d.processes.openIncidents)}
        icon="triangle-alert"
        href="/workflow/processes?incident=true"
        tone={d.processes.openIncidents > 0 ? "red" : undefined}
      />
      <Kpi
        label={t("wfd.myTasks")}
        value={formatNumber(l, d.tasks.mine)}
        icon="list-todo"
        href="/workflow/my-tasks"
      />
      <Kpi
        label={t("wfd.pool")}
        value={formatNumber(l, d.tasks.pool)}
        icon="users"
        href="/workflow/task-pool"
      />
      <Kpi
        label={t("wfd.overdue")}
        value={formatNumber(l, d.tasks.overdue)}
        icon="alarm-clock"
        href="/workflow/my-tasks"
        tone={d.tasks.overdue > 0 ? "amber" : undefined}
      />
    </Grid>
  );
}

function NewestTasks({ d }: { d: Dashboard }) {
  const t = useT();
  return (
    <Card
      title={t("wfd.newestTasks")}
      flush
      actions={<Button href="/workflow/my-tasks" variant="ghost" small>{t("wfd.allTasks")}</Button>}
    >
      <DataTable
        id="wf-dashboard-tasks"
        label={t("wfd.newestTasks")}
        rows={d.myNewestTasks}
        columns={[
          {
            label: t("wfd.col.task"),
            cell: (r) => <a href={`/workflow/tasks/${r.id}`}>{r.name}</a>,
          },
          {
            label: t("wfd.col.process"),
            cell: (r) => r.instanceName ?? <span class="muted">{t("wfd.standalone")}</span>,
            wide: true,
          },
          {
            label: t("wfd.col.priority"),
            cell: (r) => (
              <StateBadge
                kind="priority"
                value={r.priority}
                label={t(knownKey(`wfi.priority.${r.priority}`, "wfi.priority.normal"))}
              />
            ),
          },
          { label: t("wfd.col.due"), cell: (r) => <RelativeTime at={r.dueAt} /> },
        ]}
        empty={<EmptyState icon="circle-check" title={t("wfd.noTasks")} />}
      />
    </Card>
  );
}

function RecentIncidents({ d }: { d: Dashboard }) {
  const t = useT();
  return (
    <Card
      title={t("wfd.recentIncidents")}
      flush
      actions={
        <Button href="/workflow/processes?incident=true" variant="ghost" small>
          {t("wfd.allProcesses")}
        </Button>
      }
    >
      <DataTable
        id="wf-dashboard-incidents"
        label={t("wfd.recentIncidents")}
        rows={d.recentIncidents}
        columns={[
          {
            label: t("wfd.col.process"),
            cell: (r) => <a href={`/workflow/processes/${r.instanceId}`}>{r.instanceName}</a>,
          },
          { label: t("wfd.col.step"), cell: (r) => r.elementName },
          {
            label: t("wfd.col.message"),
            cell: (r) => <span class="muted">{incidentMessage(t, r)}</span>,
            wide: true,
          },
          { label: t("wfd.col.when"), cell: (r) => <RelativeTime at={r.createdAt} /> },
        ]}
        empty={<EmptyState icon="circle-check" title={t("wfd.noIncidents")} />}
      />
    </Card>
  );
}

/** The dashboard: KPIs, the per-day chart, newest tasks and recent incidents. */
export function DashboardView({ d }: { d: Dashboard }) {
  const t = useT();
  const l = useReader().locale;
  return (
    <div class="stack" role="region" aria-label={t("wfd.figures")}>
      <Kpis d={d} />
      <ChartCard title={t("wfd.chart")} option={chartOption(t, l, d)} height={260} />
      <Grid size="lg">
        <NewestTasks d={d} />
        <RecentIncidents d={d} />
      </Grid>
    </div>
  );
}
