import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { Chart } from "../../../ui/chart.tsx";
import type { Dashboard, Report } from "./reports.schemas.ts";
import { Empty } from "../common/ui.view.tsx";

const TYPES = ["status", "sla", "team", "volume"] as const;

function chartOption(l: Locale, r: Report): Record<string, unknown> {
  const rows = r.rows;
  const bar = (labels: string[], series: [string, number[]][], stack = false) => ({
    tooltip: { trigger: "axis" },
    legend: {},
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
    return bar(
      rows.map((x) =>
        `${t(l, `support.status.${x.status}`)} · ${t(l, `support.priority.${x.priority}`)}`
      ),
      [[t(l, "support.report.tickets"), rows.map((x) => Number(x.tickets))]],
    );
  }
  if (r.type === "sla") {
    return bar(rows.map((x) => String(x.day)), [
      [t(l, "support.sla.met"), rows.map((x) => Number(x.met))],
      [t(l, "support.sla.breached"), rows.map((x) => Number(x.breached))],
    ], true);
  }
  if (r.type === "team") {
    return bar(rows.map((x) => String(x.agent)), [
      [t(l, "support.report.assigned"), rows.map((x) => Number(x.assigned))],
      [t(l, "support.report.resolved"), rows.map((x) => Number(x.resolved))],
    ]);
  }
  return {
    tooltip: { trigger: "axis" },
    legend: {},
    xAxis: { type: "category", data: rows.map((x) => x.day) },
    yAxis: { type: "value", minInterval: 1 },
    series: [
      { name: t(l, "support.report.created"), type: "line", data: rows.map((x) => x.created) },
      { name: t(l, "support.report.resolved"), type: "line", data: rows.map((x) => x.resolved) },
    ],
  };
}

export function ReportTable({ l, report }: { l: Locale; report: Report }) {
  if (!report.rows.length) return <Empty>{t(l, "support.report.empty")}</Empty>;
  return (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            {report.columns.filter((c) => c !== "agentId").map((c) => (
              <th scope="col">{t(l, `support.report.col.${c}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr>
              {report.columns.filter((c) => c !== "agentId").map((c) => <td>{row[c] ?? "—"}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ReportsView({ l, report }: { l: Locale; report: Report }) {
  const qs = new URLSearchParams({ type: report.type, from: report.from, to: report.to });
  return (
    <div id="report-panel">
      <form
        class="toolbar"
        method="get"
        action="/support/reports"
        hx-get="/support/reports"
        hx-target="#report-panel"
        hx-swap="outerHTML"
        hx-push-url="true"
      >
        <label for="report-type">{t(l, "support.report.type")}</label>
        <select id="report-type" name="type">
          {TYPES.map((x) => (
            <option value={x} selected={x === report.type}>{t(l, `support.report.${x}`)}</option>
          ))}
        </select>
        <label for="report-from">{t(l, "support.report.from")}</label>
        <input id="report-from" name="from" type="date" value={report.from} />
        <label for="report-to">{t(l, "support.report.to")}</label>
        <input id="report-to" name="to" type="date" value={report.to} />
        <button type="submit" class="secondary">{t(l, "support.filter")}</button>
        <a class="button" href={`/support/reports?${qs}&format=csv`} download>
          {t(l, "support.report.csv")}
        </a>
      </form>
      <h2>{t(l, `support.report.${report.type}`)}</h2>
      {report.rows.length > 0 && (
        <Chart option={chartOption(l, report)} label={t(l, `support.report.${report.type}`)} />
      )}
      <ReportTable l={l} report={report} />
    </div>
  );
}

export function DashboardView({ l, data }: { l: Locale; data: Dashboard }) {
  const sla = ["ok", "warning", "breached", "none"];
  return (
    <div id="support-dashboard">
      <div class="cards">
        <section class="card" aria-labelledby="dash-open">
          <h2 id="dash-open">{t(l, "support.dashboard.open")}</h2>
          <p class="support-big" data-testid="open-count">{data.open}</p>
          <p class="muted">
            {t(l, "support.status.acik")}:{" "}
            <span data-testid="count-acik">{data.byStatus.acik}</span> ·{" "}
            {t(l, "support.status.islemde")}:{" "}
            <span data-testid="count-islemde">{data.byStatus.islemde}</span>
          </p>
          <a href="/support/tickets">{t(l, "page.tickets")}</a>
        </section>
        <section class="card" aria-labelledby="dash-sla">
          <h2 id="dash-sla">{t(l, "support.dashboard.sla")}</h2>
          <ul>
            {sla.map((s) => (
              <li>
                <a href={`/support/tickets?sla=${s}`}>{t(l, `support.sla.${s}`)}</a>:{" "}
                {data.bySla[s] ?? 0}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <h2>{t(l, "support.report.volume")}</h2>
      <Chart option={chartOption(l, data.volume)} label={t(l, "support.report.volume")} />
      <h2>{t(l, "support.dashboard.team")}</h2>
      {data.team.rows.length > 0 && (
        <Chart
          option={chartOption(l, data.team)}
          label={t(l, "support.dashboard.team")}
          height={220}
        />
      )}
      <ReportTable l={l} report={data.team} />
    </div>
  );
}
