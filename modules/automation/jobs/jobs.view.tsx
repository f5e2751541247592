/** What the job views share: a trigger in words, agent and run states. */
import { hasMessageKey } from "../../../shared/i18n/i18n.ts";
import { DateTime, RelativeTime, StateBadge } from "../../../ui/kit.ts";
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

export const RunBadge = ({ t, status }: { t: T; status: string }) => (
  <StateBadge kind="job" value={status} label={t(`automation.runs.state.${status}`)} />
);
