/** What the job views share: a trigger in words, agent and run states. */
import { knownKey } from "../../../shared/i18n/i18n.ts";
import { DateTime, RelativeTime, StateBadge, type Translate, useT } from "../../../ui/kit.ts";
import type { AgentState as AgentStateValue, RunStatus } from "../common/common.schemas.ts";
import type { Job } from "./jobs.schemas.ts";

type Unit = "day" | "hour" | "minute" | "second";
const UNITS: [number, Unit][] = [[86_400, "day"], [3600, "hour"], [60, "minute"], [1, "second"]];

/** "Every 15 minutes": the largest whole unit of an interval. */
export function everyText(t: Translate, seconds: number): string {
  const [size, unit] = UNITS.find(([s]) => seconds % s === 0)!;
  const n = seconds / size;
  return n === 1 ? t(`automation.jobs.every.${unit}`) : t(`automation.jobs.every.${unit}s`, { n });
}

/** An event's label ("When a ticket is opened"); events without one get a generic label. */
export function eventText(t: Translate, event: string | null): string {
  const other = "automation.jobs.event.other";
  return t(event ? knownKey(`automation.jobs.event.${event}`, other) : other);
}

/** A job's trigger in words, with its next run where it has one. */
export function TriggerText({ job }: { job: Job }) {
  const t = useT();
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

export function AgentState({ state }: { state: AgentStateValue }) {
  const t = useT();
  return <StateBadge kind="agent" value={state} label={t(`automation.jobs.agentState.${state}`)} />;
}

export function RunBadge({ status }: { status: RunStatus }) {
  const t = useT();
  return <StateBadge kind="job" value={status} label={t(`automation.runs.state.${status}`)} />;
}
