/**
 * The job form as the pages read and fill it: raw fields to a JobInput (checked by the same
 * schema as the API), and a job back to the strings its form shows.
 */
import { type Form, one } from "../common/common.lib.ts";
import { problems } from "../../../shared/http/problem.ts";
import { JobInput } from "./jobs.schemas.ts";
import type { Job } from "./jobs.schemas.ts";
import type { JobFormValues } from "./jobs.form.view.tsx";

const UNIT_SECONDS: Record<string, number> = { second: 1, minute: 60, hour: 3600, day: 86_400 };

/** The UTC offset (ms) of a zone at an instant. */
function zoneOffset(zone: string, at: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return wall - Math.floor(at / 1000) * 1000;
}

/** A `datetime-local` value read as wall time in the tenant's zone, as an ISO instant. */
export function localToIso(value: string, zone: string): string | null {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d))?$/.exec(value);
  if (!m) return null;
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0));
  // Two passes settle the offset around a daylight-saving change.
  let at = wall - zoneOffset(zone, wall);
  at = wall - zoneOffset(zone, at);
  return new Date(at).toISOString();
}

/** An instant as a `datetime-local` value in the tenant's zone. */
export function isoToLocal(iso: string | null, zone: string): string {
  if (!iso) return "";
  const at = Date.parse(iso);
  return new Date(at + zoneOffset(zone, at)).toISOString().slice(0, 16);
}

const num = (v: string) => (v === "" ? undefined : Number(v));

/** Reads the posted job form into what the API takes (a bad JSON input is a 400). */
export function readJobForm(form: Form, zone: string): unknown {
  const f = (name: string) => one(form[name]);
  let input: unknown = {};
  if (f("input")) {
    try {
      input = JSON.parse(f("input"));
    } catch {
      throw problems.validation([{ path: "input", message: "Not valid JSON" }]);
    }
  }
  const kind = f("triggerKind");
  const interval = num(f("intervalValue"));
  return {
    name: f("name"),
    description: f("description"),
    agentId: f("agentId"),
    triggerKind: kind,
    cron: kind === "cron" ? f("cron") || null : null,
    timezone: kind === "cron" ? f("timezone") || null : null,
    runAt: kind === "once" ? (localToIso(f("runAt"), zone) ?? (f("runAt") || null)) : null,
    intervalSeconds: kind === "interval" && interval !== undefined
      ? interval * (UNIT_SECONDS[f("intervalUnit")] ?? 1)
      : null,
    event: kind === "event" ? f("event") || null : null,
    input,
    priority: num(f("priority")),
    timeoutSeconds: num(f("timeoutSeconds")) ?? null,
    maxAttempts: num(f("maxAttempts")),
    backoffSeconds: num(f("backoffSeconds")),
    concurrency: f("concurrency") || undefined,
    catchup: f("catchup") || undefined,
    catchupLimit: num(f("catchupLimit")),
    notifyOnFailure: f("notifyOnFailure") !== "",
    enabled: f("enabled") !== "",
  };
}

/** Parses a posted form with the API's schema; a problem lists the fields to check. */
export function parseJobForm(form: Form, zone: string) {
  const parsed = JobInput.safeParse(readJobForm(form, zone));
  if (!parsed.success) {
    throw problems.validation(parsed.error.issues.map((i) => ({
      path: i.path.map(String).join("."),
      message: i.message,
    })));
  }
  return parsed.data;
}

/** The largest whole unit of an interval, for the form's number and unit. */
function intervalParts(seconds: number | null): [string, string] {
  if (!seconds) return ["15", "minute"];
  for (const unit of ["day", "hour", "minute"]) {
    if (seconds % UNIT_SECONDS[unit] === 0) return [String(seconds / UNIT_SECONDS[unit]), unit];
  }
  return [String(seconds), "second"];
}

export const EMPTY_FORM: JobFormValues = {
  name: "",
  description: "",
  agentId: "",
  triggerKind: "cron",
  cron: "0 9 * * 1-5",
  timezone: "",
  runAt: "",
  intervalValue: "15",
  intervalUnit: "minute",
  event: "",
  input: "{}",
  priority: "0",
  timeoutSeconds: "",
  maxAttempts: "1",
  backoffSeconds: "30",
  concurrency: "skip",
  catchup: "latest",
  catchupLimit: "10",
  notifyOnFailure: true,
  enabled: true,
};

export function jobToForm(job: Job, zone: string): JobFormValues {
  const [intervalValue, intervalUnit] = intervalParts(job.intervalSeconds);
  return {
    name: job.name,
    description: job.description,
    agentId: job.agentId,
    triggerKind: job.triggerKind,
    cron: job.cron ?? "",
    timezone: job.timezone ?? "",
    runAt: isoToLocal(job.runAt, zone),
    intervalValue,
    intervalUnit,
    event: job.event ?? "",
    input: JSON.stringify(job.input, null, 2),
    priority: String(job.priority),
    timeoutSeconds: job.timeoutSeconds === null ? "" : String(job.timeoutSeconds),
    maxAttempts: String(job.maxAttempts),
    backoffSeconds: String(job.backoffSeconds),
    concurrency: job.concurrency,
    catchup: job.catchup,
    catchupLimit: String(job.catchupLimit),
    notifyOnFailure: job.notifyOnFailure,
    enabled: job.enabled,
  };
}

/** The posted form as it is shown again after a failure (what the person typed). */
export function formValues(form: Form): JobFormValues {
  const f = (name: string) => one(form[name]);
  const out = { ...EMPTY_FORM };
  for (const key of Object.keys(EMPTY_FORM) as (keyof JobFormValues)[]) {
    if (key === "notifyOnFailure" || key === "enabled") out[key] = f(key) !== "";
    else out[key] = f(key);
  }
  return out;
}
