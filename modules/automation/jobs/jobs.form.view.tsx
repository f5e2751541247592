/** The job form (create and edit) and its cron preview. */
import { Button, DateTime, Dialog, RelativeTime, Toast, useT } from "../../../ui/kit.ts";
import type { Flash } from "../../../shared/http/pages.ts";
import {
  type AgentState,
  CATCHUP_POLICIES,
  CONCURRENCY_POLICIES,
  TRIGGER_KINDS,
} from "../common/common.schemas.ts";
import { eventText } from "./jobs.view.tsx";
import { JobField, NumberInput } from "./jobs.field.view.tsx";

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
  id: string;
  action: string;
  v: JobFormValues;
  agents: { id: string; name: string; state: AgentState }[];
  events: string[];
  minIntervalSeconds: number;
  flash?: Flash;
  submit: string;
}

const options = <V extends string>(
  values: readonly V[],
  current: string,
  label: (v: V) => string,
) => values.map((x) => <option value={x} selected={x === current}>{label(x)}</option>);

/**
 * The job form. Each trigger kind's fields sit in their own group; jobs.css shows only the
 * chosen kind's group (no script). The cron field previews its next runs as people type.
 */
export function JobForm(p: JobFormProps) {
  const t = useT();
  const { v, id } = p;
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
      <JobField field="name">
        <input id={f("name")} name="name" required maxLength={200} value={v.name} />
      </JobField>
      <JobField field="agent">
        <select id={f("agent")} name="agentId" required>
          {p.agents.map((a) => (
            <option value={a.id} selected={a.id === v.agentId}>
              {a.state === "aktif"
                ? a.name
                : `${a.name} (${t(`automation.jobs.agentState.${a.state}`)})`}
            </option>
          ))}
        </select>
      </JobField>
      <JobField field="description" wide>
        <textarea id={f("description")} name="description" rows={2} maxLength={2000}>
          {v.description}
        </textarea>
      </JobField>
      <JobField field="triggerKind" wide>
        <select id={f("trigger")} name="triggerKind" class="job-trigger-kind">
          {options(TRIGGER_KINDS, v.triggerKind, (k) => t(`automation.jobs.trigger.${k}`))}
        </select>
      </JobField>
      <div class="trigger-fields trigger-cron form-grid field-wide">
        <JobField field="cron" hint={t("automation.jobs.field.cronHint")}>
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
        </JobField>
        <JobField
          field="timezone"
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
        </JobField>
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
        <JobField field="runAt">
          <input id={f("runAt")} type="datetime-local" name="runAt" value={v.runAt} />
        </JobField>
      </div>
      <div class="trigger-fields trigger-interval form-grid field-wide">
        <JobField
          field="intervalSeconds"
          hint={t("automation.jobs.field.intervalHint", { n: p.minIntervalSeconds })}
        >
          <NumberInput id={f("interval")} name="intervalValue" min={1} value={v.intervalValue} />
        </JobField>
        <JobField field="intervalUnit">
          <select id={f("unit")} name="intervalUnit">
            {options(
              ["second", "minute", "hour", "day"] as const,
              v.intervalUnit,
              (u) => t(`automation.jobs.unit.${u}`),
            )}
          </select>
        </JobField>
      </div>
      <div class="trigger-fields trigger-event form-grid field-wide">
        <JobField field="event" wide>
          <select id={f("event")} name="event">
            {options(p.events, v.event, (e) => eventText(t, e))}
          </select>
        </JobField>
      </div>
      <JobField
        field="input"
        hint={t("automation.jobs.field.inputHint")}
        wide
      >
        <textarea id={f("input")} name="input" rows={3} class="mono" spellcheck={false}>
          {v.input}
        </textarea>
      </JobField>
      <details class="field-wide job-policies">
        <summary>{t("automation.jobs.policies")}</summary>
        <div class="form-grid">
          {NUMBER_POLICIES.map((n) => (
            <JobField field={n.field} hint={n.hint && t(n.hint)}>
              <NumberInput
                id={f(n.id)}
                name={n.field}
                min={n.min}
                max={n.max}
                value={v[n.field]}
              />
            </JobField>
          ))}
          <JobField field="concurrency">
            <select id={f("concurrency")} name="concurrency">
              {options(
                CONCURRENCY_POLICIES,
                v.concurrency,
                (c) => t(`automation.jobs.concurrency.${c}`),
              )}
            </select>
          </JobField>
          <JobField field="catchup">
            <select id={f("catchup")} name="catchup">
              {options(CATCHUP_POLICIES, v.catchup, (c) => t(`automation.jobs.catchup.${c}`))}
            </select>
          </JobField>
          <JobField field="catchupLimit">
            <NumberInput
              id={f("catchupLimit")}
              name="catchupLimit"
              min={1}
              max={1000}
              value={v.catchupLimit}
            />
          </JobField>
          <JobField
            field="notifyOnFailure"
            hint={t("automation.jobs.field.notifyHint")}
          >
            <input
              id={f("notify")}
              type="checkbox"
              name="notifyOnFailure"
              value="1"
              checked={v.notifyOnFailure}
            />
          </JobField>
          <JobField field="enabled">
            <input id={f("enabled")} type="checkbox" name="enabled" value="1" checked={v.enabled} />
          </JobField>
        </div>
      </details>
      <div class="form-actions field-wide">
        <Button type="submit" icon="save">{p.submit}</Button>
      </div>
    </form>
  );
}

/** The form's number policies, in the order shown: field, element id, bounds, hint. */
const NUMBER_POLICIES = [
  {
    field: "priority",
    id: "priority",
    min: -100,
    max: 100,
    hint: "automation.jobs.field.priorityHint",
  },
  {
    field: "timeoutSeconds",
    id: "timeout",
    min: 1,
    max: 3600,
    hint: "automation.jobs.field.timeoutHint",
  },
  {
    field: "maxAttempts",
    id: "attempts",
    min: 1,
    max: 20,
    hint: "automation.jobs.field.maxAttemptsHint",
  },
  { field: "backoffSeconds", id: "backoff", min: 0, max: 86400, hint: undefined },
] as const;

export function NewJobDialog(props: Omit<JobFormProps, "id" | "action" | "submit">) {
  const t = useT();
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
  { items, error, tooOften }: {
    items: string[];
    error?: string;
    tooOften?: number;
  },
) {
  const t = useT();
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
