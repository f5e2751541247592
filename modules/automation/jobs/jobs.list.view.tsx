/** The jobs list: filters, the live table and its row actions. */
import {
  Badge,
  Button,
  type Column,
  DataTable,
  EmptyState,
  Field,
  Filters,
  IconButton,
  RelativeTime,
  Toast,
  useT,
} from "../../../ui/kit.ts";
import type { Flash } from "../../../shared/http/pages.ts";
import { TRIGGER_KINDS } from "../common/common.schemas.ts";
import type { Job } from "./jobs.schemas.ts";
import { RunBadge, TriggerText } from "./jobs.view.tsx";

/** What runs now: "2 running", "1 waiting", or idle. */
function LiveCell({ job }: { job: Job }) {
  const t = useT();
  if (job.running) {
    return <Badge tone="blue">{t("automation.jobs.running", { n: job.running })}</Badge>;
  }
  if (job.queued) {
    return <Badge tone="gray">{t("automation.jobs.queued", { n: job.queued })}</Badge>;
  }
  return <span class="muted">{t("automation.jobs.idle")}</span>;
}

/** The on/off switch of a row: a button that posts enable or disable and redraws the table. */
export function EnabledSwitch({ job, canWrite }: { job: Job; canWrite: boolean }) {
  const t = useT();
  const label = job.enabled ? t("automation.jobs.enabled") : t("automation.jobs.disabled");
  if (!canWrite) return <Badge tone={job.enabled ? "green" : "gray"}>{label}</Badge>;
  const action = `/automation/jobs/${job.id}/${job.enabled ? "disable" : "enable"}`;
  return (
    <form method="post" action={action} hx-post={action} class="inline-form">
      <Button
        type="submit"
        small
        variant={job.enabled ? "secondary" : "ghost"}
        icon={job.enabled ? "toggle-right" : "toggle-left"}
        role="switch"
        aria-checked={job.enabled ? "true" : "false"}
        aria-label={t(
          job.enabled ? "automation.jobs.disableNamed" : "automation.jobs.enableNamed",
          {
            name: job.name,
          },
        )}
      >
        {label}
      </Button>
    </form>
  );
}

function RowActions({ job }: { job: Job }) {
  const t = useT();
  const base = `/automation/jobs/${job.id}`;
  return (
    <div class="row-actions">
      <form method="post" action={`${base}/run`} hx-post={`${base}/run`} class="inline-form">
        <IconButton
          type="submit"
          icon="play"
          label={t("automation.jobs.runNowNamed", { name: job.name })}
        />
      </form>
      <IconButton
        icon="pencil"
        href={`${base}?edit=1`}
        label={t("automation.jobs.editNamed", { name: job.name })}
      />
      <form
        method="post"
        action={`${base}/delete`}
        hx-post={`${base}/delete`}
        hx-confirm={t("automation.jobs.deleteConfirm", { name: job.name })}
        class="inline-form"
      >
        <IconButton
          type="submit"
          icon="trash-2"
          variant="danger"
          label={t("automation.jobs.deleteNamed", { name: job.name })}
        />
      </form>
    </div>
  );
}

export interface JobFilterValues {
  q: string;
  state: string;
  agentId: string;
  trigger: string;
  enabled: string;
}

export function JobFilters(
  { v, agents }: { v: JobFilterValues; agents: { id: string; name: string }[] },
) {
  const t = useT();
  return (
    <Filters action="/automation/jobs" target="#jobs-table" label={t("automation.jobs.filters")}>
      <Field label={t("automation.jobs.filter.search")}>
        <input type="search" name="q" value={v.q} maxLength={200} />
      </Field>
      <Field label={t("automation.jobs.filter.state")}>
        <select name="state">
          {(["", "active", "pending"] as const).map((s) => (
            <option value={s} selected={v.state === s}>
              {t(`automation.jobs.filter.state.${s || "all"}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("automation.jobs.filter.agent")}>
        <select name="agentId">
          <option value="">{t("automation.jobs.filter.any")}</option>
          {agents.map((a) => <option value={a.id} selected={v.agentId === a.id}>{a.name}</option>)}
        </select>
      </Field>
      <Field label={t("automation.jobs.filter.trigger")}>
        <select name="trigger">
          <option value="">{t("automation.jobs.filter.any")}</option>
          {TRIGGER_KINDS.map((k) => (
            <option value={k} selected={v.trigger === k}>
              {t(`automation.jobs.trigger.${k}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("automation.jobs.filter.enabled")}>
        <select name="enabled">
          <option value="">{t("automation.jobs.filter.any")}</option>
          <option value="true" selected={v.enabled === "true"}>
            {t("automation.jobs.filter.yes")}
          </option>
          <option value="false" selected={v.enabled === "false"}>
            {t("automation.jobs.filter.no")}
          </option>
        </select>
      </Field>
    </Filters>
  );
}

/** The jobs table; redrawn when a run changes (automation-live.js fires automation-run). */
export function JobsTable(
  { rows, more, live, canWrite, filtered, flash }: {
    rows: Job[];
    more: string | null;
    live: string;
    canWrite: boolean;
    filtered: boolean;
    flash?: Flash;
  },
) {
  const t = useT();
  const columns: Column<Job>[] = [
    {
      label: t("automation.jobs.col.name"),
      cell: (j) => <a href={`/automation/jobs/${j.id}`}>{j.name}</a>,
    },
    { label: t("automation.jobs.col.agent"), cell: (j) => j.agentName },
    { label: t("automation.jobs.col.trigger"), cell: (j) => <TriggerText job={j} /> },
    {
      label: t("automation.jobs.col.priority"),
      numeric: true,
      wide: true,
      cell: (j) => j.priority,
    },
    {
      label: t("automation.jobs.col.lastRun"),
      cell: (j) =>
        j.lastRun
          ? (
            <a href={`/automation/runs/${j.lastRun.id}`} class="job-last-run">
              <RunBadge status={j.lastRun.status} /> <RelativeTime at={j.lastRun.at} />
            </a>
          )
          : <span class="muted">{t("automation.jobs.never")}</span>,
    },
    { label: t("automation.jobs.col.now"), cell: (j) => <LiveCell job={j} /> },
    {
      label: t("automation.jobs.col.enabled"),
      cell: (j) => <EnabledSwitch job={j} canWrite={canWrite} />,
    },
  ];
  return (
    <div
      id="jobs-table"
      hx-get={live}
      hx-trigger="automation-run from:body throttle:2s"
      hx-select="#jobs-table"
      hx-target="this"
      hx-swap="outerHTML"
    >
      {flash && <Toast flash={flash} />}
      <DataTable
        id="jobs"
        label={t("automation.jobs.table")}
        columns={columns}
        rows={rows}
        actions={canWrite ? (j) => <RowActions job={j} /> : undefined}
        empty={
          <EmptyState
            icon="calendar-clock"
            title={t(filtered ? "automation.jobs.emptyFiltered" : "automation.jobs.empty")}
          >
            {filtered ? undefined : t("automation.jobs.emptyHint")}
          </EmptyState>
        }
        more={more ? { href: more, label: t("automation.jobs.more") } : undefined}
      />
    </div>
  );
}
