/** SQL of the workflow settings and the history cleanup (tenant-scoped connection). */
import type { Sql } from "../../../shared/db/database.ts";

export interface SettingsRow {
  historyTtlDays: number | null;
  updatedBy: string | null;
  updatedAt: string | null;
}

export async function selectSettings(sql: Sql, lock = false): Promise<SettingsRow> {
  const [row] = await sql<SettingsRow[]>`
    select history_ttl_days, updated_by, updated_at from workflow_settings
    ${lock ? sql`for update` : sql``}`;
  return row
    ? { ...row, updatedAt: row.updatedAt ? new Date(row.updatedAt).toISOString() : null }
    : { historyTtlDays: null, updatedBy: null, updatedAt: null };
}

export async function upsertSettings(
  sql: Sql,
  s: { historyTtlDays: number | null; updatedBy: string },
): Promise<void> {
  await sql`
    insert into workflow_settings (history_ttl_days, updated_by)
    values (${s.historyTtlDays}::int, ${s.updatedBy})
    on conflict (tenant_id) do update set history_ttl_days = excluded.history_ttl_days,
      updated_by = excluded.updated_by, updated_at = now()`;
}

/** Whether any time to live applies in the tenant (a default, or a version naming one). */
export async function anyTtl(sql: Sql, defaultDays: number | null): Promise<boolean> {
  if (defaultDays !== null) return true;
  const [row] = await sql<{ found: boolean }[]>`
    select exists (select 1 from workflow_definition_versions where history_ttl_days is not null)
      as found`;
  return row.found;
}

/**
 * Deletes up to `limit` finished instances whose time to live ran out at `now`, oldest end
 * first; returns how many. A version's own time to live wins over the tenant default; with
 * neither, an instance is kept. A called child waits until its parent has ended too (its
 * parent's timeline links to it). Rows another transaction holds are skipped, not waited for.
 * Tokens, incidents, history, tasks (their events, comments, attachments) and event
 * subscriptions go with the instance (foreign keys cascade); timers have no key and are deleted
 * here; variables live on the instance row.
 */
export async function deleteExpired(
  sql: Sql,
  { now, defaultDays, limit }: { now: Date; defaultDays: number | null; limit: number },
): Promise<number> {
  const rows = await sql<{ id: string }[]>`
    select i.id from workflow_instances i
      join workflow_definition_versions v on v.id = i.version_id
    where i.ended_at is not null and i.state in ('completed', 'cancelled', 'terminated')
      and coalesce(v.history_ttl_days, ${defaultDays}::int) is not null
      and i.ended_at < ${now}::timestamptz
        - make_interval(days => coalesce(v.history_ttl_days, ${defaultDays}::int))
      and (i.parent_instance_id is null or not exists (
        select 1 from workflow_instances p
        where p.id = i.parent_instance_id and p.ended_at is null))
    order by i.ended_at, i.id
    limit ${limit}
    for update of i skip locked`;
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => r.id);
  await sql`delete from workflow_timers where instance_id = any(${ids}::uuid[])`;
  const deleted = await sql`delete from workflow_instances where id = any(${ids}::uuid[])`;
  return deleted.count;
}
