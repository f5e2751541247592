/** SQL of sheets: ordered inside their application (tenant-scoped connection; RLS). */
import type { Sql } from "../../../shared/db/database.ts";
import type { SheetRecord } from "./access.rules.ts";
import { toSheet } from "./access.repo.ts";

const COLS = "id, app_id, name, position, refresh_seconds, filters, created_at, updated_at";

export async function selectSheets(sql: Sql, appId: string): Promise<SheetRecord[]> {
  const rows = await sql<Parameters<typeof toSheet>[0][]>`
    select ${sql.unsafe(COLS)} from analytics_sheets where app_id = ${appId}
    order by position, created_at, id limit 500`;
  return rows.map(toSheet);
}

export async function insertSheet(
  sql: Sql,
  s: { id: string; appId: string; name: string; refreshSeconds: number | null; filters: unknown[] },
) {
  // Appended after the app's last sheet; the app row is locked by the caller, so two creates
  // cannot take the same position.
  await sql`insert into analytics_sheets (tenant_id, id, app_id, name, position, refresh_seconds,
      filters)
    select current_setting('app.tenant_id')::uuid, ${s.id}, ${s.appId}, ${s.name},
      coalesce(max(position) + 1, 0), ${s.refreshSeconds}, ${JSON.stringify(s.filters)}::text::jsonb
    from analytics_sheets where app_id = ${s.appId}`;
}

export async function updateSheet(
  sql: Sql,
  id: string,
  patch: { name?: string; refreshSeconds?: number | null; filters?: unknown[] },
) {
  const refresh = patch.refreshSeconds !== undefined;
  await sql`update analytics_sheets set
      name = coalesce(${patch.name ?? null}::text, name),
      refresh_seconds = case when ${refresh} then ${patch.refreshSeconds ?? null}::int
        else refresh_seconds end,
      filters = coalesce(${
    patch.filters ? JSON.stringify(patch.filters) : null
  }::text::jsonb, filters),
      updated_at = now()
    where id = ${id}`;
}

export async function deleteSheet(sql: Sql, id: string) {
  await sql`delete from analytics_sheets where id = ${id}`;
}

/** Positions 0..n-1 in the given order (ids already checked to be exactly the app's sheets). */
export async function reorderSheets(sql: Sql, appId: string, ids: string[]) {
  await sql`update analytics_sheets s set position = x.ord - 1, updated_at = now()
    from unnest(${sql.array(ids)}::uuid[]) with ordinality as x(id, ord)
    where s.id = x.id and s.app_id = ${appId}`;
}
