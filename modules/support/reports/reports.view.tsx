import { knownKey, type Locale } from "../../../shared/i18n/i18n.ts";
import type { Priority, Status } from "../common/common.schemas.ts";
import {
  Button,
  Card,
  ChartCard,
  type Column,
  DataTable,
  EmptyState,
  Field,
  Filters,
  formatNumber,
  Grid,
  Kpi,
  type Translate,
  UserChip,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { Dashboard, Report } from "./reports.schemas.ts";
import { PriorityBadge, SlaBadge, StatusBadge } from "../common/ui.view.tsx";

const TYPES = ["status", "sla", "team", "volume"] as const;
const PRIORITIES = ["dusuk", "normal", "yuksek", "kritik"] as const;
const SLA_STATES = ["ok", "warning", "breached", "none"] as const;
type Row = Report["rows"][number];

/** "12 Mar" / "12 Mar": a report day (a UTC calendar day) as people write it. */
function shortDay(l: Locale, day: unknown) {
  const d = new Date(`${String(day)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return String(day ?? "");
  return new Intl.DateTimeFormat(l === "tr" ? "tr-TR" : "en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(d);
}

const num = (v: unknown) => Number(v ?? 0);
/** The sum of one column of a report (the dashboard's 14-day figures). */
const total = (r: Report, key: string) => r.rows.reduce((n, row) => n + num(row[key]), 0);

/** The report's chart (echarts option): bars, stacked bars or lines with labels. */
function chartOption(t: Translate, l: Locale, r: Report): Record<string, unknown> {
  const rows = r.rows;
  const bar = (labels: string[], series: [string, number[]][], stack = false) => ({
    tooltip: { trigger: "axis" },
    legend: { top: 0 },
    xAxis: { type: "category", data: labels },
    yAxis: { type: "value", minInterval: 1 },
    series: series.map(([name, data]) => ({
      name,
      type: "bar",
      data,
      ...(stack ? { stack: "a" } : {}),
    })),
  });
  if (r.type === "status") {
    // Stacked bars per status, one colour per priority.
    const statuses = ["acik", "islemde"] as const;
    return bar(
      statuses.map((s) => t(`support.status.${s}`)),
      PRIORITIES.map((p) => [
        t(`support.priority.${p}`),
        statuses.map((s) => num(rows.find((x) => x.status === s && x.priority === p)?.tickets)),
      ]),
      true,
    );
  }
  if (r.type === "sla") {
    return bar(rows.map((x) => shortDay(l, x.day)), [
      [t("support.sla.met"), rows.map((x) => num(x.met))],
      [t("support.sla.breached"), rows.map((x) => num(x.breached))],
    ], true);
  }
  if (r.type === "team") {
    return bar(rows.map((x) => String(x.agent)), [
      [t("support.report.assigned"), rows.map((x) => num(x.assigned))],
      [t("support.report.resolved"), rows.map((x) => num(x.resolved))],
    ]);
  }
  return {
    tooltip: { trigger: "axis" },
    legend: { top: 0 },
    xAxis: { type: "category", data: rows.map((x) => shortDay(l, x.day)) },
    yAxis: { type: "value", minInterval: 1 },
    series: [
      { name: t("support.report.created"), type: "line", data: rows.map((x) => num(x.created)) },
      {
        name: t("support.report.resolved"),
        type: "line",
        data: rows.map((x) => num(x.resolved)),
      },
    ],
  };
}

/** One report column as the table shows it: labels, names, days and numbers. */
function column(t: Translate, l: Locale, key: string): Column<Row> {
  const label = t(knownKey(`support.report.col.${key}`, "support.report.empty"));
  switch (key) {
    case "status":
      return { label, cell: (r) => <StatusBadge status={r.status as Status} /> };
    case "priority":
      return { label, cell: (r) => <PriorityBadge priority={r.priority as Priority} /> };
    case "agent":
      return { label, cell: (r) => <UserChip name={r.agent ? String(r.agent) : null} /> };
    case "day":
      return { label, cell: (r) => shortDay(l, r.day) };
    default:
      return {
        label,
        numeric: true,
        cell: (
          r,
        ) => (r[key] === null || r[key] === undefined ? "—" : formatNumber(l, num(r[key]), 1)),
      };
  }
}

export function ReportTable({ report, id }: { report: Report; id: string }) {
  const t = useT();
  const { locale: l } = useReader();
  return (
    <DataTable
      id={id}
      label={t(`support.report.${report.type}`)}
      rows={report.rows}
      columns={report.columns.filter((c) => c !== "agentId").map((c) => column(t, l, c))}
      empty={<EmptyState icon="chart-column" title={t("support.report.empty")} />}
    />
  );
}

/** The chart and figures of one report, with its CSV download. */
function ReportBody({ report }: { report: Report }) {
  const t = useT();
  const { locale: l } = useReader();
  const qs = new URLSearchParams({ type: report.type, from: report.from, to: report.to });
  const title = t(`support.report.${report.type}`);
  const csv = (
    <Button href={`/support/reports?${qs}&format=csv`} variant="secondary" small icon="download">
      {t("support.report.csv")}
    </Button>
  );
  return (
    <div id="report">
      {report.rows.length > 0
        ? (
          <ChartCard title={title} option={chartOption(t, l, report)} height={320} actions={csv}>
            <ReportTable report={report} id="report-table" />
          </ChartCard>
        )
        : (
          <Card title={title} actions={csv}>
            <EmptyState icon="chart-column" title={t("support.report.empty")} />
          </Card>
        )}
    </div>
  );
}

export function ReportsView({ report }: { report: Report }) {
  const t = useT();
  return (
    <div id="report-panel">
      <Filters action="/support/reports" target="#report" label={t("support.filters")}>
        <Field label={t("support.report.type")}>
          <select id="report-type" name="type">
            {TYPES.map((x) => (
              <option value={x} selected={x === report.type}>{t(`support.report.${x}`)}</option>
            ))}
          </select>
        </Field>
        <Field label={t("support.report.from")}>
          <input id="report-from" name="from" type="date" value={report.from} />
        </Field>
        <Field label={t("support.report.to")}>
          <input id="report-to" name="to" type="date" value={report.to} />
        </Field>
      </Filters>
      <ReportBody report={report} />
    </div>
  );
}

/** The module's front page: headline figures, then charts of volume, SLA and the team. */
export function DashboardView({ data }: { data: Dashboard }) {
  const t = useT();
  const { locale: l } = useReader();
  const sla = (s: string) => data.bySla[s] ?? 0;
  const slaData = SLA_STATES.filter((s) => sla(s) > 0).map((s) => ({
    name: t(`support.sla.${s}`),
    value: sla(s),
  }));
  return (
    <div id="support-dashboard" class="support-dashboard">
      <Grid size="sm">
        <Kpi
          label={t("support.dashboard.open")}
          value={<span data-testid="open-count">{data.open}</span>}
          icon="inbox"
          href="/support/tickets?sort=due"
          hint={t("support.dashboard.openHint", {
            open: data.byStatus.acik,
            working: data.byStatus.islemde,
          })}
        />
        <Kpi
          label={t("support.sla.warning")}
          value={sla("warning")}
          icon="alarm-clock"
          tone={sla("warning") ? "amber" : undefined}
          href="/support/tickets?sla=warning"
        />
        <Kpi
          label={t("support.sla.breached")}
          value={sla("breached")}
          icon="triangle-alert"
          tone={sla("breached") ? "red" : undefined}
          href="/support/tickets?sla=breached"
        />
        <Kpi
          label={t("support.dashboard.created")}
          value={total(data.volume, "created")}
          icon="plus"
        />
        <Kpi
          label={t("support.dashboard.resolved")}
          value={total(data.volume, "resolved")}
          icon="circle-check"
          tone="green"
        />
      </Grid>
      <Grid size="lg">
        <ChartCard
          title={t("support.dashboard.volume")}
          option={chartOption(t, l, data.volume)}
          height={280}
        />
        <ChartCard
          title={t("support.dashboard.sla")}
          height={280}
          option={{
            tooltip: { trigger: "item" },
            legend: { top: 0 },
            series: [{ type: "pie", radius: ["45%", "70%"], data: slaData }],
          }}
        >
          {slaData.length === 0 && <p class="muted">{t("support.dashboard.noneOpen")}</p>}
          <ul class="support-legend">
            {SLA_STATES.map((s) => (
              <li>
                <a href={`/support/tickets?sla=${s}`}>
                  <SlaBadge state={s} />
                </a>{" "}
                {sla(s)}
              </li>
            ))}
          </ul>
        </ChartCard>
        <ChartCard
          title={t("support.dashboard.priority")}
          height={280}
          option={{
            tooltip: { trigger: "axis" },
            legend: { show: false },
            xAxis: { type: "category", data: PRIORITIES.map((p) => t(`support.priority.${p}`)) },
            yAxis: { type: "value", minInterval: 1 },
            series: [{
              type: "bar",
              name: t("support.report.tickets"),
              data: PRIORITIES.map((p) => data.byPriority[p] ?? 0),
            }],
          }}
        />
        <ChartCard
          title={t("support.dashboard.teamChart")}
          height={280}
          option={chartOption(t, l, data.team)}
        />
      </Grid>
      <Card title={t("support.dashboard.team")} flush>
        <ReportTable report={data.team} id="team-table" />
      </Card>
    </div>
  );
}
