import type { ComponentChildren } from "preact";
import type { Locale } from "../../../shared/i18n/i18n.ts";
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
  TextWithTimes,
  type Translate,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import { RUN_STATUSES } from "../common/common.schemas.ts";
import type { Dashboard } from "./dashboard.schemas.ts";

/** Where the live container fetches its figures from (the dashboard page's fragment). */
export const FIGURES_HREF = "/automation?part=figures";

/** A duration as people read it: "850 ms", "1.2 s". */
function duration(t: Translate, l: Locale, ms: number | null): string {
  if (ms === null) return t("automation.dashboard.noDuration");
  return ms < 1000
    ? t("automation.dashboard.ms", { n: formatNumber(l, ms) })
    : t("automation.dashboard.seconds", { n: formatNumber(l, ms / 1000, 1) });
}

const percent = (l: Locale, rate: number) =>
  new Intl.NumberFormat(l === "tr" ? "tr-TR" : "en-GB", {
    style: "percent",
    maximumFractionDigits: 1,
  }).format(rate);

/** A day `YYYY-MM-DD` as a short axis label ("23 Nov"). */
function shortDay(l: Locale, day: string): string {
  return new Intl.DateTimeFormat(l === "tr" ? "tr-TR" : "en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
}

// Finished states stacked; queued and running only while the day is still going.
const CHART_STATUSES = RUN_STATUSES;
// One colour per status, as the badges mean them (the chart's own palette would pick any).
const STATUS_COLORS: Record<string, string> = {
  queued: "#868e96",
  running: "#4c6ef5",
  succeeded: "#2f9e44",
  failed: "#e03131",
  timed_out: "#f08c00",
  cancelled: "#495057",
  skipped: "#adb5bd",
};

function chartOption(t: Translate, l: Locale, d: Dashboard): Record<string, unknown> {
  const shown = CHART_STATUSES.filter((s) => d.runs.perDay.some((p) => p.byStatus[s] > 0));
  return {
    tooltip: { trigger: "axis" },
    legend: { top: 0 },
    xAxis: { type: "category", data: d.runs.perDay.map((p) => shortDay(l, p.day)) },
    yAxis: { type: "value", minInterval: 1 },
    series: (shown.length ? shown : ["succeeded", "failed"] as const).map((s) => ({
      name: t(`automation.dashboard.status.${s}`),
      type: "bar",
      stack: "runs",
      itemStyle: { color: STATUS_COLORS[s] },
      data: d.runs.perDay.map((p) => p.byStatus[s]),
    })),
  };
}

function Kpis({ d }: { d: Dashboard }) {
  const t = useT();
  const { locale: l } = useReader();
  const week = d.runs.last7Days;
  const judged = week.byStatus.succeeded + week.byStatus.failed + week.byStatus.timed_out;
  return (
    <Grid size="sm">
      <Kpi
        label={t("automation.dashboard.agents.aktif")}
        value={formatNumber(l, d.agents.byState.aktif)}
        icon="bot"
        href="/automation/agents"
      />
      <Kpi
        label={t("automation.dashboard.agents.pasif")}
        value={formatNumber(l, d.agents.byState.pasif)}
        icon="pause"
        href="/automation/agents"
      />
      <Kpi
        label={t("automation.dashboard.agents.hata")}
        value={formatNumber(l, d.agents.byState.hata)}
        icon="triangle-alert"
        href="/automation/agents"
        tone={d.agents.byState.hata > 0 ? "red" : undefined}
      />
      <Kpi
        label={t("automation.dashboard.activeJobs")}
        value={formatNumber(l, d.jobs.enabled)}
        hint={t("automation.dashboard.ofTotal", { n: formatNumber(l, d.jobs.total) })}
        icon="calendar-clock"
        href="/automation/jobs"
      />
      <Kpi
        label={t("automation.dashboard.runs24h")}
        value={formatNumber(l, d.runs.last24h.total)}
        hint={t("automation.dashboard.today", { n: formatNumber(l, d.runs.today.total) })}
        icon="play"
        href="/automation/jobs/history"
      />
      <Kpi
        label={t("automation.dashboard.successRate")}
        value={week.successRate === null ? "—" : percent(l, week.successRate)}
        hint={week.successRate === null
          ? t("automation.dashboard.noFinished")
          : t("automation.dashboard.judged", {
            ok: formatNumber(l, week.byStatus.succeeded),
            n: formatNumber(l, judged),
          })}
        icon="circle-check"
        tone={week.successRate !== null && week.successRate < 0.9 ? "amber" : undefined}
      />
      <Kpi
        label={t("automation.dashboard.queued")}
        value={formatNumber(l, d.queue.queuedRuns)}
        hint={t("automation.dashboard.running", { n: formatNumber(l, d.queue.runningRuns) })}
        icon="list-ordered"
        tone={d.queue.overThreshold ? "red" : undefined}
      />
    </Grid>
  );
}

/** Label and value pairs of the system status card. */
function SystemStatus({ d }: { d: Dashboard }) {
  const t = useT();
  const { locale: l } = useReader();
  const q = d.queue;
  const rows: [string, ComponentChildren][] = [
    [
      t("automation.dashboard.backlog"),
      <>
        {t("automation.dashboard.backlogValue", { n: formatNumber(l, q.queuedRuns) })}
        {q.overThreshold && (
          <div class="muted">
            {t("automation.dashboard.overThreshold", { n: formatNumber(l, q.backlogThreshold) })}
          </div>
        )}
      </>,
    ],
    [
      t("automation.dashboard.sharedQueue"),
      t("automation.dashboard.sharedValue", {
        due: formatNumber(l, q.sharedDue),
        running: formatNumber(l, q.sharedRunning),
      }),
    ],
    [t("automation.dashboard.workers"), formatNumber(l, q.activeWorkers)],
    [
      t("automation.dashboard.oldest"),
      q.oldestQueuedAt
        ? <RelativeTime at={q.oldestQueuedAt} />
        : t("automation.dashboard.nothingWaiting"),
    ],
    [
      t("automation.dashboard.duration"),
      `${duration(t, l, d.runs.last7Days.durationP50Ms)} / ${
        duration(t, l, d.runs.last7Days.durationP95Ms)
      }`,
    ],
    [
      t("automation.dashboard.runtime"),
      t("automation.dashboard.runtimeValue", { version: d.runtime.deno }),
    ],
  ];
  return (
    <Card title={t("automation.dashboard.system")}>
      <dl class="automation-facts">
        {rows.map(([label, value]) => (
          <div>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function NextRuns({ d }: { d: Dashboard }) {
  const t = useT();
  return (
    <Card
      title={t("automation.dashboard.next")}
      flush
      actions={
        <Button href="/automation/jobs" variant="ghost" small>
          {t("automation.dashboard.allJobs")}
        </Button>
      }
    >
      <DataTable
        id="automation-next-runs"
        label={t("automation.dashboard.next")}
        rows={d.nextRuns}
        columns={[
          {
            label: t("automation.dashboard.col.job"),
            cell: (r) => <a href={`/automation/jobs/${r.jobId}`}>{r.jobName}</a>,
          },
          { label: t("automation.dashboard.col.agent"), cell: (r) => r.agentName, wide: true },
          {
            label: t("automation.dashboard.col.trigger"),
            cell: (r) => t(`automation.dashboard.trigger.${r.triggerKind}`),
            wide: true,
          },
          {
            label: t("automation.dashboard.col.when"),
            cell: (r) => <RelativeTime at={r.nextRunAt} />,
          },
        ]}
        empty={<EmptyState icon="calendar-off" title={t("automation.dashboard.noNext")} />}
      />
    </Card>
  );
}

function RecentFailures({ d }: { d: Dashboard }) {
  const t = useT();
  return (
    <Card
      title={t("automation.dashboard.failures")}
      flush
      actions={
        <Button href="/automation/jobs/history" variant="ghost" small>
          {t("automation.dashboard.history")}
        </Button>
      }
    >
      <DataTable
        id="automation-recent-failures"
        label={t("automation.dashboard.failures")}
        rows={d.recentFailures}
        columns={[
          {
            label: t("automation.dashboard.col.job"),
            cell: (r) => (
              <a href={`/automation/runs/${r.runId}`}>
                {r.jobName ?? t("automation.dashboard.testRun")}
              </a>
            ),
          },
          { label: t("automation.dashboard.col.agent"), cell: (r) => r.agentName, wide: true },
          {
            label: t("automation.dashboard.col.status"),
            cell: (r) => (
              <StateBadge
                kind="job"
                value={r.status}
                label={t(`automation.dashboard.status.${r.status}`)}
              />
            ),
          },
          {
            label: t("automation.dashboard.col.error"),
            cell: (r) => (
              <span class="muted automation-error">
                <TextWithTimes text={r.error} />
              </span>
            ),
            wide: true,
          },
          {
            label: t("automation.dashboard.col.when"),
            cell: (r) => <RelativeTime at={r.finishedAt} />,
          },
        ]}
        empty={<EmptyState icon="circle-check" title={t("automation.dashboard.noFailures")} />}
      />
    </Card>
  );
}

/** What a tenant without agents sees: what the module does and where to start. */
function Welcome() {
  const t = useT();
  return (
    <Card>
      <EmptyState
        icon="bot"
        title={t("automation.dashboard.empty")}
        action={
          <Button href="/automation/agents" icon="plus">
            {t("automation.dashboard.createAgent")}
          </Button>
        }
      >
        {t("automation.dashboard.emptyText")}
      </EmptyState>
    </Card>
  );
}

/**
 * The live part of the dashboard: every figure, re-fetched (throttled) whenever a run of the
 * tenant changes — automation-live.js fires `automation-run` on <body> for [data-automation-live].
 */
export function DashboardFigures({ d }: { d: Dashboard }) {
  const t = useT();
  const { locale: l } = useReader();
  const fresh = d.agents.total === 0 && d.runs.last7Days.total === 0 && d.jobs.total === 0;
  return (
    <div
      id="automation-dashboard"
      data-automation-live=""
      hx-get={FIGURES_HREF}
      hx-trigger="automation-run from:body throttle:2s"
      hx-swap="outerHTML"
      aria-live="polite"
      aria-label={t("automation.dashboard.figures")}
      role="region"
    >
      {fresh && <Welcome />}
      <Kpis d={d} />
      {!fresh && (
        <ChartCard
          title={t("automation.dashboard.chart")}
          option={chartOption(t, l, d)}
          height={280}
        />
      )}
      <Grid size="lg">
        <SystemStatus d={d} />
        <NextRuns d={d} />
      </Grid>
      <RecentFailures d={d} />
    </div>
  );
}
