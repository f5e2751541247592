import { Cron } from "croner";
import type { Database, Sql } from "../db/database.ts";
import { inSavepoint } from "../db/savepoint.ts";
import { problems } from "../http/problem.ts";
import { log } from "../log.ts";
import { asWorker } from "./dispatcher.ts";
import { enqueue, PLATFORM_TENANT } from "./queue.ts";

export interface ScheduleDef {
  /** Unique per tenant: names the schedule in schedule_marks and in dedupe keys. */
  key: string;
  cron: string;
  timezone?: string;
  /** The job to enqueue at each occurrence. */
  job: string;
  payload?: unknown;
  priority?: number;
  /** Enqueue one job per tenant (system jobs that work inside each tenant). */
  perTenant?: boolean;
  /**
   * For a per-tenant schedule that runs often: the tenants with work due at `now` (the rest get
   * no job). Runs in the scheduler's transaction as the worker role, so it reaches tenant tables
   * only through a security-definer function of the module's migration that returns ids.
   */
  tenantsWithWork?: (tx: Sql, now: Date) => Promise<string[]>;
  /** A tenant's own schedule; absent for platform schedules. */
  tenantId?: string;
}

/** Parses a cron expression (5 or 6 fields) in a time zone; a bad one is a 400 with the reason. */
export function parseCron(expression: string, timezone?: string): Cron {
  try {
    // croner accepts an unknown zone silently; Intl does not.
    if (timezone) new Intl.DateTimeFormat("en", { timeZone: timezone });
    return new Cron(expression, { timezone, paused: true });
  } catch (err) {
    throw problems.validation(
      [{ path: "cron", message: (err as Error).message }],
      "Invalid schedule.",
    );
  }
}

export function nextRuns(expression: string, timezone: string | undefined, n: number, from?: Date) {
  return parseCron(expression, timezone).nextRuns(n, from);
}

/** The last occurrence at or before `now` (croner's previousRuns excludes `now` itself). */
function latestOccurrence(cron: Cron, now: Date): Date | undefined {
  const exact = cron.nextRun(new Date(now.getTime() - 1000));
  if (exact && exact <= now) return exact;
  return cron.previousRuns(1, now)[0];
}

/**
 * Turns due schedule occurrences into jobs. Each occurrence has a dedupe key, so however many
 * instances tick at once, it is enqueued exactly once. Occurrences missed while no instance was
 * running collapse into the latest one.
 */
export class Scheduler {
  constructor(
    private readonly db: Database,
    private readonly schedules: () => ScheduleDef[] | Promise<ScheduleDef[]>,
  ) {}

  async tick(now = new Date()): Promise<number> {
    let enqueued = 0;
    for (const def of await this.schedules()) {
      try {
        enqueued += await this.tickOne(def, now);
      } catch (err) {
        log.error("schedule tick failed", { schedule: def.key, error: String(err) });
      }
    }
    return enqueued;
  }

  private async tickOne(def: ScheduleDef, now: Date): Promise<number> {
    const latest = latestOccurrence(parseCron(def.cron, def.timezone), now);
    if (!latest) return 0;
    const markTenant = def.tenantId ?? PLATFORM_TENANT;
    return await asWorker(this.db.sql, async (tx) => {
      await tx`insert into schedule_marks (tenant_id, key, last_occurrence)
               values (${markTenant}, ${def.key}, '-infinity') on conflict do nothing`;
      const [mark] = await tx`select last_occurrence from schedule_marks
                              where tenant_id = ${markTenant} and key = ${def.key} for update`;
      if (mark.lastOccurrence !== "-infinity" && new Date(mark.lastOccurrence) >= latest) return 0;
      const tenants = def.perTenant ? await activeTenants(tx, def, now) : [markTenant];
      let count = 0;
      for (const tenantId of tenants) {
        const id = await enqueue(tx, def.job, {
          tenantId,
          payload: def.payload,
          priority: def.priority,
          dedupeKey: `schedule:${def.key}:${latest.toISOString()}`,
        });
        if (id) count++;
      }
      await tx`update schedule_marks set last_occurrence = ${latest}
               where tenant_id = ${markTenant} and key = ${def.key}`;
      return count;
    });
  }
}

/** The tenants a per-tenant schedule gives a job to; suspended ones get no scheduled work. */
async function activeTenants(tx: Sql, def: ScheduleDef, now: Date): Promise<string[]> {
  const busy = def.tenantsWithWork ? await tenantsWithWork(tx, def, now) : null;
  if (busy?.length === 0) return [];
  const rows = busy
    ? await tx`select id from tenants where status = 'active' and id = any(${busy}::uuid[])
               order by id`
    : await tx`select id from tenants where status = 'active' order by id`;
  return rows.map((r) => r.id as string);
}

/**
 * A schedule's sweep, in a savepoint: if it fails (a migration not applied yet, a timeout), every
 * active tenant gets the job as before the sweep existed, rather than none getting it until the
 * sweep is fixed.
 */
async function tenantsWithWork(tx: Sql, def: ScheduleDef, now: Date): Promise<string[] | null> {
  try {
    return await inSavepoint(tx, (sp) => def.tenantsWithWork!(sp, now));
  } catch (err) {
    log.error("schedule sweep failed: every active tenant gets the job", {
      schedule: def.key,
      error: String(err),
    });
    return null;
  }
}

/**
 * The heartbeat behind every timed job: Deno.cron where the runtime has it (once a minute),
 * a timer otherwise. Returns a function that stops it.
 */
export function startHeartbeat(beat: () => Promise<unknown>, everyMs = 60_000): () => void {
  const run = async () => {
    try {
      await beat();
    } catch (err) {
      log.error("scheduler heartbeat failed", { error: String(err) });
    }
  };
  queueMicrotask(run);
  if (typeof Deno.cron === "function" && everyMs === 60_000) {
    const stop = new AbortController();
    Deno.cron("platform-heartbeat", "* * * * *", { signal: stop.signal }, run);
    return () => stop.abort();
  }
  const timer = setInterval(run, everyMs);
  return () => clearInterval(timer);
}
