import type { Actor } from "../../../shared/http/actor.ts";
import {
  AGENT_STATES,
  type AgentState,
  RUN_STATUSES,
  type RunStatus,
  TRIGGER_KINDS,
  type TriggerKind,
} from "../common/common.schemas.ts";
import { loadSettings } from "../settings/settings.repo.ts";
import {
  countAgentsByState,
  countJobsByTrigger,
  type CountRow,
  countRunsPerDay,
  countRunsSince,
  countRunsToday,
  durationPercentiles,
  runQueue,
  selectNextRuns,
  selectRecentFailures,
  sharedQueue,
} from "./dashboard.repo.ts";
import type { Dashboard } from "./dashboard.schemas.ts";

export type { Dashboard };

const HOUR = 3_600_000;
export const CHART_DAYS = 14;
/** "Active" workers: those that held one of the tenant's jobs within this many seconds. */
const WORKER_WINDOW_SECONDS = 60;
const LIST_SIZE = 5;

function zeros<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
}

function byStatus(rows: { key: string | null; n: number }[]): Record<RunStatus, number> {
  const out = zeros(RUN_STATUSES);
  for (const r of rows) if (r.key && r.key in out) out[r.key as RunStatus] += r.n;
  return out;
}

/** succeeded / (succeeded + failed + timed out): cancelled and skipped runs say nothing. */
export function successRate(counts: Record<RunStatus, number>): number | null {
  const judged = counts.succeeded + counts.failed + counts.timed_out;
  return judged === 0 ? null : counts.succeeded / judged;
}

function runWindow(rows: CountRow[]) {
  const counts = byStatus(rows);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return { total, byStatus: counts, successRate: successRate(counts) };
}

/** A zone PostgreSQL and Intl both know, else UTC (the dashboard must not fail on it). */
function zoneOf(timeZone: string | undefined): string {
  if (!timeZone || !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(timeZone)) return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

/**
 * The dashboard's figures for the caller's tenant: agents by state, jobs by trigger, runs today,
 * in the last 24 hours and 7 days (success rate, duration percentiles), runs per day for the
 * chart, the queue and workers, the next scheduled runs and the latest failures.
 */
export async function dashboardFigures(
  { sql }: Actor,
  opts: { timeZone?: string; now?: Date } = {},
): Promise<Dashboard> {
  const now = opts.now ?? new Date();
  const zone = zoneOf(opts.timeZone);
  const day = new Date(now.getTime() - 24 * HOUR);
  const week = new Date(now.getTime() - 7 * 24 * HOUR);
  // One transaction (one connection): the queries run one after another.
  const agents = await countAgentsByState(sql);
  const jobs = await countJobsByTrigger(sql);
  const today = await countRunsToday(sql, zone);
  const last24h = await countRunsSince(sql, day);
  const last7 = await countRunsSince(sql, week);
  const durations = await durationPercentiles(sql, week);
  const perDay = await countRunsPerDay(sql, CHART_DAYS, zone);
  const queue = await runQueue(sql);
  const shared = await sharedQueue(sql, WORKER_WINDOW_SECONDS);
  const settings = await loadSettings(sql);
  const nextRuns = await selectNextRuns(sql, LIST_SIZE);
  const failures = await selectRecentFailures(sql, LIST_SIZE);

  const agentStates = zeros(AGENT_STATES);
  for (const r of agents) if (r.key in agentStates) agentStates[r.key as AgentState] = r.n;
  const byTrigger = Object.fromEntries(TRIGGER_KINDS.map((k) => [k, { total: 0, enabled: 0 }]));
  for (const r of jobs) {
    if (r.key in byTrigger) byTrigger[r.key] = { total: r.n, enabled: r.enabled };
  }
  const days = [...new Set(perDay.map((r) => r.day))];

  return {
    agents: { total: agents.reduce((a, r) => a + r.n, 0), byState: agentStates },
    jobs: {
      total: jobs.reduce((a, r) => a + r.n, 0),
      enabled: jobs.reduce((a, r) => a + r.enabled, 0),
      byTrigger: byTrigger as Record<TriggerKind, { total: number; enabled: number }>,
    },
    runs: {
      today: runWindow(today),
      last24h: runWindow(last24h),
      last7Days: {
        ...runWindow(last7),
        durationP50Ms: durations.p50 === null ? null : Math.round(durations.p50),
        durationP95Ms: durations.p95 === null ? null : Math.round(durations.p95),
      },
      perDay: days.map((d) => ({ day: d, byStatus: byStatus(perDay.filter((r) => r.day === d)) })),
    },
    queue: {
      queuedRuns: queue.queued,
      runningRuns: queue.running,
      oldestQueuedAt: queue.oldestQueuedAt,
      backlogThreshold: settings.backlogThreshold,
      overThreshold: queue.queued >= settings.backlogThreshold,
      sharedDue: shared.due,
      sharedRunning: shared.running,
      activeWorkers: shared.workers,
    },
    runtime: { deno: Deno.version.deno, v8: Deno.version.v8 },
    nextRuns: nextRuns as Dashboard["nextRuns"],
    recentFailures: failures as Dashboard["recentFailures"],
    generatedAt: now.toISOString(),
  };
}
