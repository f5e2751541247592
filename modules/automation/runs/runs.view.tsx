import type { ComponentChildren } from "preact";
import {
  Button,
  Card,
  ChartCard,
  type Column,
  DataTable,
  DateTime,
  Field,
  Filters,
  RelativeTime,
  StateBadge,
  type Translate,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import { RUN_STATUSES, type RunStatus as RunStatusValue } from "../common/common.schemas.ts";
import type { Run, RunDetail } from "./runs.schemas.ts";

export const TRIGGERS = ["cron", "once", "interval", "manual", "event", "webhook", "test"] as const;
export const PERIODS = ["1", "7", "30", "all"] as const;

export function duration(t: Translate, ms: number | null) {
  if (ms === null) return "—";
  if (ms < 1000) return t("automation.runs.duration.ms", { n: Math.round(ms) });
  const s = Math.round(ms / 1000);
  if (s < 120) return t("automation.runs.duration.s", { n: s });
  return t("automation.runs.duration.min", { m: Math.floor(s / 60), s: s % 60 });
}

export function RunStatus({ status }: { status: RunStatusValue }) {
  const t = useT();
  return <StateBadge kind="job" value={status} label={t(`automation.runs.state.${status}`)} />;
}

export interface HistoryFilterValues {
  status: string;
  trigger: string;
  period: string;
  agentId: string;
  jobId: string;
}

export interface Choice {
  id: string;
  name: string;
}

export function HistoryFilters(
  { v, agents, jobs }: { v: HistoryFilterValues; agents: Choice[]; jobs: Choice[] },
) {
  const t = useT();
  const pick = (name: string, choices: Choice[], cur: string) => (
    <select name={name}>
      <option value="">{t("automation.runs.filter.any")}</option>
      {choices.map((x) => <option value={x.id} selected={x.id === cur}>{x.name}</option>)}
    </select>
  );
  const select = <V extends string>(
    name: string,
    values: readonly V[],
    label: (x: V) => string,
    cur: string,
  ) => (
    <select name={name}>
      {name !== "period" && <option value="">{t("automation.runs.filter.any")}</option>}
      {values.map((x) => <option value={x} selected={x === cur}>{label(x)}</option>)}
    </select>
  );
  return (
    <Filters
      action="/automation/jobs/history"
      target="#runs-table"
      label={t("automation.runs.filters")}
    >
      <Field label={t("automation.runs.filter.status")}>
        {select("status", RUN_STATUSES, (s) => t(`automation.runs.state.${s}`), v.status)}
      </Field>
      <Field label={t("automation.runs.filter.agent")}>{pick("agentId", agents, v.agentId)}</Field>
      <Field label={t("automation.runs.filter.job")}>{pick("jobId", jobs, v.jobId)}</Field>
      <Field label={t("automation.runs.filter.trigger")}>
        {select("trigger", TRIGGERS, (s) => t(`automation.runs.trigger.${s}`), v.trigger)}
      </Field>
      <Field label={t("automation.runs.filter.period")}>
        {select("period", PERIODS, (p) => t(`automation.runs.period.${p}`), v.period)}
      </Field>
    </Filters>
  );
}

// Success green and failure red, readable on both themes (the chart's palette would pick any).
const SUCCEEDED_COLOR = "#2f9e44";
const FAILED_COLOR = "#e03131";

export function RunsTable(
  { rows, more, live }: { rows: Run[]; more: string | null; live: string },
) {
  const t = useT();
  const columns: Column<Run>[] = [
    {
      label: t("automation.runs.col.started"),
      cell: (r) => (
        <a href={`/automation/runs/${r.id}`}>
          <RelativeTime at={r.startedAt ?? r.queuedAt} />
        </a>
      ),
    },
    { label: t("automation.runs.col.job"), cell: (r) => r.jobName ?? t("automation.runs.noJob") },
    { label: t("automation.runs.col.agent"), cell: (r) => r.agentName },
    {
      label: t("automation.runs.col.trigger"),
      cell: (r) => t(`automation.runs.trigger.${r.trigger}`),
    },
    { label: t("automation.runs.col.status"), cell: (r) => <RunStatus status={r.status} /> },
    {
      label: t("automation.runs.col.duration"),
      numeric: true,
      cell: (r) => duration(t, r.durationMs),
    },
    {
      label: t("automation.runs.col.attempt"),
      numeric: true,
      cell: (r) =>
        t("automation.runs.attemptOf", { attempt: Math.max(r.attempt, 1), max: r.maxAttempts }),
    },
  ];
  return (
    // New and changed runs re-draw the table (automation-live.js fires automation-run).
    <div
      id="runs-table"
      hx-get={live}
      hx-trigger="automation-run from:body throttle:2s"
      hx-select="#runs-table"
      hx-swap="outerHTML"
    >
      <DataTable
        id="runs"
        label={t("automation.runs.history.table")}
        columns={columns}
        rows={rows}
        empty={t("automation.runs.history.empty")}
        more={more ? { href: more, label: t("automation.runs.history.more") } : undefined}
      />
    </div>
  );
}

export interface StatItem {
  key: string;
  label: string;
  succeeded: number;
  failed: number;
  total: number;
  successRate: number | null;
}

const DAY_MS = 86_400_000;

/**
 * Runs per day over the last 14 days: every day has its bar slot (days without runs too), and
 * the axis reads "23 Nov" / "23 Kas" rather than a date code.
 */
export function DailyChart({ days }: { days: StatItem[] }) {
  const t = useT();
  const { locale } = useReader();
  const byDay = new Map(days.map((d) => [d.key, d]));
  const today = new Date().toISOString().slice(0, 10);
  const last = days.reduce((max, d) => (d.key > max ? d.key : max), today);
  const end = Date.parse(`${last}T00:00:00Z`);
  const keys = Array.from(
    { length: 14 },
    (_, i) => new Date(end - (13 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  const label = new Intl.DateTimeFormat(locale === "tr" ? "tr-TR" : "en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  return (
    <ChartCard
      title={t("automation.runs.chart.title")}
      height={240}
      option={{
        tooltip: { trigger: "axis" },
        legend: { top: 0 },
        xAxis: {
          type: "category",
          data: keys.map((k) => label.format(new Date(`${k}T00:00:00Z`))),
        },
        yAxis: { type: "value", minInterval: 1 },
        series: [
          {
            name: t("automation.runs.chart.succeeded"),
            type: "bar",
            stack: "runs",
            itemStyle: { color: SUCCEEDED_COLOR },
            data: keys.map((k) => byDay.get(k)?.succeeded ?? 0),
          },
          {
            name: t("automation.runs.chart.failed"),
            type: "bar",
            stack: "runs",
            itemStyle: { color: FAILED_COLOR },
            data: keys.map((k) => byDay.get(k)?.failed ?? 0),
          },
        ],
      }}
    />
  );
}

export function RateTable(
  { title, column, id, items }: {
    title: string;
    /** The first column's heading: what a row is (an agent, a job). */
    column: string;
    id: string;
    items: StatItem[];
  },
) {
  const t = useT();
  const rate = (r: number | null) => (r === null ? "—" : `${Math.round(r * 100)}%`);
  return (
    <Card title={title}>
      <DataTable
        id={id}
        label={title}
        rows={items}
        empty={t("automation.runs.history.empty")}
        columns={[
          { label: column, cell: (i) => i.label || t("automation.runs.noJob") },
          { label: t("automation.runs.col.runs"), numeric: true, cell: (i) => i.total },
          {
            label: t("automation.runs.col.successRate"),
            numeric: true,
            cell: (i) => rate(i.successRate),
          },
        ]}
      />
    </Card>
  );
}

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

export function RunPage(
  { run, canCancel, canRerun, csrf }: {
    run: RunDetail;
    canCancel: boolean;
    canRerun: boolean;
    csrf?: ComponentChildren;
  },
) {
  const t = useT();
  const active = run.status === "queued" || run.status === "running";
  const row = (label: string, value: ComponentChildren) => (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
  return (
    <div
      class="automation-run"
      // A finished run changes no more: no stream (browsers allow six connections per host).
      data-automation-live={active || undefined}
      data-run-id={run.id}
      data-run-status={run.status}
    >
      <div
        id="run-summary"
        hx-get={`/automation/runs/${run.id}`}
        hx-trigger="automation-run-self from:body"
        hx-select="#run-summary"
        hx-swap="outerHTML"
      >
        <Card
          title={t("automation.runs.run.details")}
          actions={
            <>
              {active && canCancel && !run.cancelRequested && (
                <form
                  method="post"
                  action={`/automation/runs/${run.id}/cancel`}
                  hx-post={`/automation/runs/${run.id}/cancel`}
                >
                  {csrf}
                  <Button variant="danger" icon="square" type="submit" small>
                    {t("automation.runs.run.cancel")}
                  </Button>
                </form>
              )}
              {run.cancelRequested && active && (
                <span class="muted">{t("automation.runs.run.cancelRequested")}</span>
              )}
              {!active && canRerun && (
                <form
                  method="post"
                  action={`/automation/agents/${run.agentId}/test-run`}
                  hx-post={`/automation/agents/${run.agentId}/test-run`}
                >
                  {csrf}
                  <input type="hidden" name="input" value={JSON.stringify(run.input ?? {})} />
                  <Button variant="secondary" icon="rotate-ccw" type="submit" small>
                    {t("automation.runs.run.again")}
                  </Button>
                </form>
              )}
            </>
          }
        >
          <dl class="details">
            {row(t("automation.runs.col.status"), <RunStatus status={run.status} />)}
            {row(
              t("automation.runs.col.job"),
              run.jobId
                ? <a href={`/automation/jobs/${run.jobId}`}>{run.jobName}</a>
                : t("automation.runs.noJob"),
            )}
            {row(
              t("automation.runs.col.agent"),
              <>
                <a href={`/automation/agents/${run.agentId}`}>{run.agentName}</a>{" "}
                <span class="muted">
                  ({t("automation.runs.run.version", { version: run.agentVersion })})
                </span>
              </>,
            )}
            {row(t("automation.runs.col.trigger"), t(`automation.runs.trigger.${run.trigger}`))}
            {row(t("automation.runs.run.queuedAt"), <DateTime at={run.queuedAt} />)}
            {run.startedAt &&
              row(t("automation.runs.run.startedAt"), <RelativeTime at={run.startedAt} />)}
            {run.finishedAt &&
              row(t("automation.runs.run.finishedAt"), <RelativeTime at={run.finishedAt} />)}
            {row(t("automation.runs.col.duration"), duration(t, run.durationMs))}
            {row(
              t("automation.runs.col.attempt"),
              t("automation.runs.attemptOf", {
                attempt: Math.max(run.attempt, 1),
                max: run.maxAttempts,
              }),
            )}
          </dl>
          {run.error && (
            <div class="alert alert-error" role="alert">
              <strong>{t("automation.runs.run.error")}</strong>
              <pre class="automation-pre">{run.error}</pre>
            </div>
          )}
        </Card>
        <Card title={t("automation.runs.run.input")}>
          <pre class="automation-pre">{pretty(run.input ?? {})}</pre>
        </Card>
        {run.result !== null && run.result !== undefined && (
          <Card title={t("automation.runs.run.result")}>
            <pre class="automation-pre">{pretty(run.result)}</pre>
          </Card>
        )}
      </div>
      <Card title={t("automation.runs.run.log")}>
        {run.logTruncated && <p class="muted">{t("automation.runs.run.logTruncated")}</p>}
        <pre
          class="automation-log"
          id="run-log"
          tabindex={0}
          aria-live="polite"
          data-empty={t("automation.runs.run.logEmpty")}
        >
          {run.log || t("automation.runs.run.logEmpty")}
        </pre>
      </Card>
    </div>
  );
}
