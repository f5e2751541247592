import type { Sql } from "../../../shared/db/database.ts";
import type { JobRecord } from "../common/common.schemas.ts";
import { jobColumns, toRecord } from "../jobs/jobs.repo.ts";

/**
 * Due jobs of active tenants, oldest due first (run as the worker role, across tenants). Not
 * locked here: each is locked in its tenant's own transaction, where a racing ticker skips it.
 */
export async function dueJobs(
  sql: Sql,
  now: Date,
  limit: number,
  exclude: string[],
): Promise<{ tenantId: string; id: string }[]> {
  return await sql<{ tenantId: string; id: string }[]>`
    select j.tenant_id, j.id from automation_jobs j
    join tenants t on t.id = j.tenant_id and t.status = 'active'
    where j.enabled and j.next_run_at <= ${now}
      ${exclude.length ? sql`and not (j.id = any(${exclude}::uuid[]))` : sql``}
    order by j.next_run_at, j.id limit ${limit}`;
}

/**
 * Locks a job that is still due (in the tenant's scope). Null when another ticker holds it
 * (skip locked) or already fired it (its next run moved past `now`).
 */
export async function lockDueJob(sql: Sql, id: string, now: Date): Promise<JobRecord | null> {
  const [row] = await sql`
    select ${jobColumns(sql)} from automation_jobs j
    where j.id = ${id} and j.enabled and j.next_run_at <= ${now}
    for update skip locked`;
  return row ? toRecord(row as never) : null;
}

/** Moves a fired job on: its next occurrence, when it last fired; a one-off is switched off. */
export async function advanceJob(
  sql: Sql,
  id: string,
  next: Date | null,
  firedAt: Date | null,
  disable: boolean,
) {
  await sql`update automation_jobs set next_run_at = ${next},
              last_fired_at = coalesce(${firedAt}, last_fired_at),
              enabled = enabled and not ${disable}
            where id = ${id}`;
}
