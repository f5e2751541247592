import type { ComponentChildren } from "preact";
import { hasMessageKey } from "../../../shared/i18n/i18n.ts";
import {
  Badge,
  Button,
  Card,
  type Column,
  DataTable,
  DateTime,
  Dialog,
  EmptyState,
  Field,
  Filters,
  IconButton,
  RelativeTime,
  StateBadge,
  Toast,
} from "../../../ui/kit.ts";
import type { Flash } from "../../../shared/http/pages.ts";
import { CATCHUP_POLICIES, CONCURRENCY_POLICIES, TRIGGER_KINDS } from "../common/types.ts";
import type { Job } from "./jobs.schemas.ts";

export type T = (key: string, vars?: Record<string, string | number>) => string;

const UNITS: [number, string][] = [[86_400, "day"], [3600, "hour"], [60, "minute"], [1, "second"]];

/** "Every 15 minutes": the largest whole unit of an interval. */
export function everyText(t: T, seconds: number): string {
  const [size, unit] = UNITS.find(([s]) => seconds % s === 0)!;
  const n = seconds / size;
  return n === 1 ? t(`automation.jobs.every.${unit}`) : t(`automation.jobs.every.${unit}s`, { n });
}

/** An event's label ("When a ticket is opened"); events without one get a generic label. */
export function eventText(t: T, event: string | null): string {
  const key = `automation.jobs.event.${event}`;
  return event && hasMessageKey(key) ? t(key) : t("automation.jobs.event.other");
}

/** A job's trigger in words, with its next run where it has one. */
export function TriggerText({ t, job }: { t: T; job: Job }) {
  const next = job.nextRunAt && (
    <span class="muted">
      {" · "}
      {t("automation.jobs.next")}: <RelativeTime at={job.nextRunAt} />
    </span>
  );
  switch (job.triggerKind) {
    case "cron":
      return (
        <span>
          <code>{job.cron}</code>
          {job.timezone && ` ${t("automation.jobs.cronIn", { zone: job.timezone })}`}
          {next}
        </span>
      );
    case "interval":
      return <span>{everyText(t, job.intervalSeconds ?? 60)}{next}</span>;
    case "once":
      return (
        <span>
          {t("automation.jobs.once")}: <DateTime at={job.runAt} />
        </span>
      );
    case "event":
      return <span>{eventText(t, job.event)}</span>;
    case "webhook":
      return <span>{t("automation.jobs.webhook")}</span>;
    default:
      return <span>{t("automation.jobs.manual")}</span>;
  }
}

export const AgentState = ({ t, state }: { t: T; state: string }) => (
  <StateBadge kind="agent" value={state} label={t(`automation.jobs.agentState.${state}`)} />
);

const RunBadge = ({ t, status }: { t: T; status: string }) => (
  <StateBadge kind="job" value={status} label={t(`automation.runs.state.${status}`)} />
);

/** What runs now: "2 running", "1 waiting", or idle. */
function LiveCell({ t, job }: { t: T; job: Job }) {
  if (job.running) {
    return <Badge tone="blue">{t("automation.jobs.running", { n: job.running })}</Badge>;
  }
  if (job.queued) {
    return <Badge tone="gray">{t("automation.jobs.queued", { n: job.queued })}</Badge>;
  }
  return <span class="muted">{t("automation.jobs.idle")}</span>;
}

/** The on/off switch of a row: a button that posts enable or disable and redraws the table. */
export function EnabledSwitch({ t, job, canWrite }: { t: T; job: Job; canWrite: boolean }) {
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

function RowActions({ t, job }: { t: T; job: Job }) {
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
  { t, v, agents }: { t: T; v: JobFilterValues; agents: { id: string; name: string }[] },
) {
  return (
    <Filters action="/automation/jobs" target="#jobs-table" label={t("automation.jobs.filters")}>
      <Field label={t("automation.jobs.filter.search")}>
        <input type="search" name="q" value={v.q} maxLength={200} />
      </Field>
      <Field label={t("automation.jobs.filter.state")}>
        <select name="state">
          {["", "active", "pending"].map((s) => (
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
  { t, rows, more, live, canWrite, filtered, flash }: {
    t: T;
    rows: Job[];
    more: string | null;
    live: string;
    canWrite: boolean;
    filtered: boolean;
    flash?: Flash;
  },
) {
  const columns: Column<Job>[] = [
    {
      label: t("automation.jobs.col.name"),
      cell: (j) => <a href={`/automation/jobs/${j.id}`}>{j.name}</a>,
    },
    { label: t("automation.jobs.col.agent"), cell: (j) => j.agentName },
    { label: t("automation.jobs.col.trigger"), cell: (j) => <TriggerText t={t} job={j} /> },
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
              <RunBadge t={t} status={j.lastRun.status} /> <RelativeTime at={j.lastRun.at} />
            </a>
          )
          : <span class="muted">{t("automation.jobs.never")}</span>,
    },
    { label: t("automation.jobs.col.now"), cell: (j) => <LiveCell t={t} job={j} /> },
    {
      label: t("automation.jobs.col.enabled"),
      cell: (j) => <EnabledSwitch t={t} job={j} canWrite={canWrite} />,
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
        actions={canWrite ? (j) => <RowActions t={t} job={j} /> : undefined}
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

/** Form values of a job, as the form shows them (strings), for create, edit and re-display. */
export interface JobFormValues {
  name: string;
  description: string;
  agentId: string;
  triggerKind: string;
  cron: string;
  timezone: string;
  runAt: string;
  intervalValue: string;
  intervalUnit: string;
  event: string;
  input: string;
  priority: string;
  timeoutSeconds: string;
  maxAttempts: string;
  backoffSeconds: string;
  concurrency: string;
  catchup: string;
  catchupLimit: string;
  notifyOnFailure: boolean;
  enabled: boolean;
}

export interface JobFormProps {
  t: T;
  id: string;
  action: string;
  v: JobFormValues;
  agents: { id: string; name: string; state: string }[];
  events: string[];
  minIntervalSeconds: number;
  flash?: Flash;
  submit: string;
}

const options = (values: readonly string[], current: string, label: (v: string) => string) =>
  values.map((x) => <option value={x} selected={x === current}>{label(x)}</option>);

/**
 * The job form. Each trigger kind's fields sit in their own group; jobs.css shows only the
 * chosen kind's group (no script). The cron field previews its next runs as people type.
 */
export function JobForm(p: JobFormProps) {
  const { t, v, id } = p;
  const f = (name: string) => `${id}-${name}`;
  return (
    <form
      id={`${id}-form`}
      class="form-grid job-form"
      method="post"
      action={p.action}
      hx-post={p.action}
      hx-target="this"
      hx-swap="outerHTML"
    >
      {p.flash && (
        <div class="field-wide">
          <Toast flash={p.flash} />
        </div>
      )}
      <Field label={t("automation.jobs.field.name")}>
        <input id={f("name")} name="name" required maxLength={200} value={v.name} />
      </Field>
      <Field label={t("automation.jobs.field.agent")}>
        <select id={f("agent")} name="agentId" required>
          {p.agents.map((a) => (
            <option value={a.id} selected={a.id === v.agentId}>
              {a.state === "aktif"
                ? a.name
                : `${a.name} (${t(`automation.jobs.agentState.${a.state}`)})`}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("automation.jobs.field.description")} wide>
        <textarea id={f("description")} name="description" rows={2} maxLength={2000}>
          {v.description}
        </textarea>
      </Field>
      <Field label={t("automation.jobs.field.triggerKind")} wide>
        <select id={f("trigger")} name="triggerKind" class="job-trigger-kind">
          {options(TRIGGER_KINDS, v.triggerKind, (k) => t(`automation.jobs.trigger.${k}`))}
        </select>
      </Field>
      <div class="trigger-fields trigger-cron form-grid field-wide">
        <Field label={t("automation.jobs.field.cron")} hint={t("automation.jobs.field.cronHint")}>
          <input
            id={f("cron")}
            name="cron"
            value={v.cron}
            maxLength={200}
            autocomplete="off"
            spellcheck={false}
            hx-post="/automation/jobs/preview"
            hx-trigger="input changed delay:400ms, load"
            hx-include={`#${id}-form [name=cron], #${id}-form [name=timezone]`}
            hx-target={`#${f("preview")}`}
            hx-swap="innerHTML"
          />
        </Field>
        <Field
          label={t("automation.jobs.field.timezone")}
          hint={t("automation.jobs.field.timezoneHint")}
        >
          <input
            id={f("timezone")}
            name="timezone"
            value={v.timezone}
            maxLength={100}
            list={f("zones")}
            hx-post="/automation/jobs/preview"
            hx-trigger="change"
            hx-include={`#${id}-form [name=cron], #${id}-form [name=timezone]`}
            hx-target={`#${f("preview")}`}
            hx-swap="innerHTML"
          />
        </Field>
        <datalist id={f("zones")}>
          {["UTC", "Europe/Istanbul", "Europe/London", "Europe/Berlin", "America/New_York"].map((
            z,
          ) => <option value={z} />)}
        </datalist>
        <div class="field-wide" aria-live="polite">
          <span class="field-label">{t("automation.jobs.preview")}</span>
          <div id={f("preview")} class="cron-preview muted">
            {t("automation.jobs.previewEmpty")}
          </div>
        </div>
      </div>
      <div class="trigger-fields trigger-once form-grid field-wide">
        <Field label={t("automation.jobs.field.runAt")}>
          <input id={f("runAt")} type="datetime-local" name="runAt" value={v.runAt} />
        </Field>
      </div>
      <div class="trigger-fields trigger-interval form-grid field-wide">
        <Field
          label={t("automation.jobs.field.intervalSeconds")}
          hint={t("automation.jobs.field.intervalHint", { n: p.minIntervalSeconds })}
        >
          <input
            id={f("interval")}
            type="number"
            name="intervalValue"
            min={1}
            value={v.intervalValue}
          />
        </Field>
        <Field label={t("automation.jobs.field.intervalUnit")}>
          <select id={f("unit")} name="intervalUnit">
            {options(
              ["second", "minute", "hour", "day"],
              v.intervalUnit,
              (u) => t(`automation.jobs.unit.${u}`),
            )}
          </select>
        </Field>
      </div>
      <div class="trigger-fields trigger-event form-grid field-wide">
        <Field label={t("automation.jobs.field.event")} wide>
          <select id={f("event")} name="event">
            {options(p.events, v.event, (e) => eventText(t, e))}
          </select>
        </Field>
      </div>
      <Field
        label={t("automation.jobs.field.input")}
        hint={t("automation.jobs.field.inputHint")}
        wide
      >
        <textarea id={f("input")} name="input" rows={3} class="mono" spellcheck={false}>
          {v.input}
        </textarea>
      </Field>
      <details class="field-wide job-policies">
        <summary>{t("automation.jobs.policies")}</summary>
        <div class="form-grid">
          <Field
            label={t("automation.jobs.field.priority")}
            hint={t("automation.jobs.field.priorityHint")}
          >
            <input
              id={f("priority")}
              type="number"
              name="priority"
              min={-100}
              max={100}
              value={v.priority}
            />
          </Field>
          <Field
            label={t("automation.jobs.field.timeoutSeconds")}
            hint={t("automation.jobs.field.timeoutHint")}
          >
            <input
              id={f("timeout")}
              type="number"
              name="timeoutSeconds"
              min={1}
              max={3600}
              value={v.timeoutSeconds}
            />
          </Field>
          <Field
            label={t("automation.jobs.field.maxAttempts")}
            hint={t("automation.jobs.field.maxAttemptsHint")}
          >
            <input
              id={f("attempts")}
              type="number"
              name="maxAttempts"
              min={1}
              max={20}
              value={v.maxAttempts}
            />
          </Field>
          <Field label={t("automation.jobs.field.backoffSeconds")}>
            <input
              id={f("backoff")}
              type="number"
              name="backoffSeconds"
              min={0}
              max={86400}
              value={v.backoffSeconds}
            />
          </Field>
          <Field label={t("automation.jobs.field.concurrency")}>
            <select id={f("concurrency")} name="concurrency">
              {options(
                CONCURRENCY_POLICIES,
                v.concurrency,
                (c) => t(`automation.jobs.concurrency.${c}`),
              )}
            </select>
          </Field>
          <Field label={t("automation.jobs.field.catchup")}>
            <select id={f("catchup")} name="catchup">
              {options(CATCHUP_POLICIES, v.catchup, (c) => t(`automation.jobs.catchup.${c}`))}
            </select>
          </Field>
          <Field label={t("automation.jobs.field.catchupLimit")}>
            <input
              id={f("catchupLimit")}
              type="number"
              name="catchupLimit"
              min={1}
              max={1000}
              value={v.catchupLimit}
            />
          </Field>
          <Field
            label={t("automation.jobs.field.notifyOnFailure")}
            hint={t("automation.jobs.field.notifyHint")}
          >
            <input
              id={f("notify")}
              type="checkbox"
              name="notifyOnFailure"
              value="1"
              checked={v.notifyOnFailure}
            />
          </Field>
          <Field label={t("automation.jobs.field.enabled")}>
            <input id={f("enabled")} type="checkbox" name="enabled" value="1" checked={v.enabled} />
          </Field>
        </div>
      </details>
      <div class="form-actions field-wide">
        <Button type="submit" icon="save">{p.submit}</Button>
      </div>
    </form>
  );
}

export function NewJobDialog(props: Omit<JobFormProps, "id" | "action" | "submit">) {
  const { t } = props;
  return (
    <Dialog
      id="new-job"
      title={t("automation.jobs.new")}
      trigger={t("automation.jobs.new")}
      icon="plus"
      closeLabel={t("automation.jobs.close")}
      wide
    >
      <JobForm
        {...props}
        id="job-new"
        action="/automation/jobs"
        submit={t("automation.jobs.create")}
      />
    </Dialog>
  );
}

/** The cron preview: the next runs in the reader's zone, or why the expression is refused. */
export function CronPreview(
  { t, items, error, tooOften }: {
    t: T;
    items: string[];
    error?: string;
    tooOften?: number;
  },
) {
  if (error) return <span class="field-message" role="alert">{error}</span>;
  if (!items.length) return <span>{t("automation.jobs.previewEmpty")}</span>;
  return (
    <>
      {tooOften !== undefined && (
        <span class="field-message" role="alert">
          {t("automation.jobs.previewTooOften", { n: tooOften })}
        </span>
      )}
      <ol class="cron-runs">
        {items.map((at) => (
          <li>
            <DateTime at={at} />{" "}
            <span class="muted">
              (<RelativeTime at={at} />)
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}

const yesNo = (t: T, v: boolean) =>
  t(v ? "automation.jobs.detail.yes" : "automation.jobs.detail.no");

/** Facts as a definition list (label, value). */
function Facts({ rows }: { rows: [string, ComponentChildren][] }) {
  return (
    <dl class="facts">
      {rows.map(([label, value]) => (
        <>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </>
      ))}
    </dl>
  );
}

export function JobSummary({ t, job }: { t: T; job: Job }) {
  return (
    <Card title={t("automation.jobs.detail.trigger")}>
      {job.agentState !== "aktif" && (
        <Toast
          flash={{
            kind: "error",
            text: t("automation.jobs.detail.agentNotActive", {
              state: t(`automation.jobs.agentState.${job.agentState}`),
            }),
          }}
        />
      )}
      <Facts
        rows={[
          [
            t("automation.jobs.field.agent"),
            (
              <>
                {job.agentName} <AgentState t={t} state={job.agentState} />
              </>
            ),
          ],
          [t("automation.jobs.field.triggerKind"), <TriggerText t={t} job={job} />],
          [t("automation.jobs.field.enabled"), yesNo(t, job.enabled)],
          [t("automation.jobs.detail.lastFired"), <RelativeTime at={job.lastFiredAt} />],
          [t("automation.jobs.detail.created"), <RelativeTime at={job.createdAt} />],
        ]}
      />
      {job.description && <p>{job.description}</p>}
    </Card>
  );
}

export function PolicyCard({ t, job }: { t: T; job: Job }) {
  const seconds = (n: number | null) =>
    n === null ? t("automation.jobs.detail.default") : t("automation.jobs.detail.seconds", { n });
  return (
    <Card title={t("automation.jobs.detail.policies")}>
      <Facts
        rows={[
          [t("automation.jobs.field.priority"), String(job.priority)],
          [t("automation.jobs.field.timeoutSeconds"), seconds(job.timeoutSeconds)],
          [t("automation.jobs.field.maxAttempts"), String(job.maxAttempts)],
          [t("automation.jobs.field.backoffSeconds"), seconds(job.backoffSeconds)],
          [
            t("automation.jobs.field.concurrency"),
            t(`automation.jobs.concurrency.${job.concurrency}`),
          ],
          [
            t("automation.jobs.field.catchup"),
            job.catchup === "all"
              ? `${t("automation.jobs.catchup.all")} · ${job.catchupLimit}`
              : t(`automation.jobs.catchup.${job.catchup}`),
          ],
          [t("automation.jobs.field.notifyOnFailure"), yesNo(t, job.notifyOnFailure)],
        ]}
      />
      <h3 class="card-subtitle">{t("automation.jobs.detail.input")}</h3>
      <pre class="job-input">{JSON.stringify(job.input, null, 2)}</pre>
    </Card>
  );
}

export function NextRunsCard({ t, items }: { t: T; items: string[] }) {
  return (
    <Card title={t("automation.jobs.detail.nextRuns")}>
      {items.length
        ? (
          <ol class="cron-runs">
            {items.map((at) => (
              <li>
                <DateTime at={at} />{" "}
                <span class="muted">
                  (<RelativeTime at={at} />)
                </span>
              </li>
            ))}
          </ol>
        )
        : <p class="muted">{t("automation.jobs.detail.noNextRuns")}</p>}
    </Card>
  );
}

/** The webhook address with copy, and the secret's regeneration (the new one shown once). */
export function WebhookCard(
  { t, job, origin, canWrite }: { t: T; job: Job; origin: string; canWrite: boolean },
) {
  const url = `${origin}${job.webhookUrl}`;
  const action = `/automation/jobs/${job.id}/webhook-secret`;
  return (
    <Card title={t("automation.jobs.detail.webhook")}>
      <p class="muted">{t("automation.jobs.detail.webhookHelp")}</p>
      <div class="webhook-url">
        <label class="field-label" for="webhook-url">
          {t("automation.jobs.detail.webhookUrl")}
        </label>
        <div class="copy-row">
          <input id="webhook-url" readonly value={url} class="mono" />
          <Button variant="secondary" small icon="copy" data-copy="#webhook-url">
            {t("automation.jobs.detail.copy")}
          </Button>
        </div>
      </div>
      <p>
        {job.hasWebhookSecret
          ? <Badge tone="green">{t("automation.jobs.detail.secretSet")}</Badge>
          : <Badge tone="amber">{t("automation.jobs.detail.secretMissing")}</Badge>}
      </p>
      {canWrite && (
        <Dialog
          id="webhook-secret"
          title={t("automation.jobs.detail.regenerate")}
          trigger={t("automation.jobs.detail.regenerate")}
          icon="key-round"
          variant="secondary"
          closeLabel={t("automation.jobs.close")}
        >
          <form method="post" action={action} hx-post={action} hx-target="this" hx-swap="outerHTML">
            <p>{t("automation.jobs.detail.regenerateHelp")}</p>
            <div class="form-actions">
              <Button type="submit" icon="key-round">
                {t("automation.jobs.detail.regenerate")}
              </Button>
            </div>
          </form>
        </Dialog>
      )}
    </Card>
  );
}

/** The freshly generated secret, shown once (inside the dialog, or as a page without script). */
export function NewSecret({ t, secret }: { t: T; secret: string }) {
  return (
    <div class="new-secret">
      <Toast flash={{ kind: "ok", text: t("automation.jobs.detail.secretOnce") }} />
      <label class="field-label" for="new-secret">{t("automation.jobs.detail.newSecret")}</label>
      <div class="copy-row">
        <input id="new-secret" readonly value={secret} class="mono" />
        <Button variant="secondary" small icon="copy" data-copy="#new-secret">
          {t("automation.jobs.detail.copy")}
        </Button>
      </div>
    </div>
  );
}
