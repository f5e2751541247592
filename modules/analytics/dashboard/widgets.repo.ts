/** SQL of widgets (tenant-scoped connection; RLS keeps tenants apart). */
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { LayoutInput, Widget, WidgetPatch } from "./widgets.schemas.ts";

type Raw = Omit<Widget, "createdAt" | "updatedAt"> & { createdAt: Date; updatedAt: Date };

const toWidget = (r: Raw): Widget => ({
  ...r,
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

const COLUMNS =
  "id, sheet_id, title, chart_type, query, options, x, y, w, h, created_at, updated_at";

export async function selectWidgets(sql: Sql, sheetId: string): Promise<Widget[]> {
  const rows = await sql<Raw[]>`
    select ${sql.unsafe(COLUMNS)} from analytics_widgets where sheet_id = ${sheetId}
    order by y, x, id`;
  return rows.map(toWidget);
}

export async function selectWidget(sql: Sql, id: string): Promise<Widget | null> {
  const [row] = await sql<Raw[]>`
    select ${sql.unsafe(COLUMNS)} from analytics_widgets where id = ${id}`;
  return row ? toWidget(row) : null;
}

export async function insertWidget(
  sql: Sql,
  sheetId: string,
  w: Omit<Widget, "id" | "sheetId" | "createdAt" | "updatedAt">,
): Promise<Widget> {
  const [row] = await sql<Raw[]>`
    insert into analytics_widgets (tenant_id, id, sheet_id, title, chart_type, query, options,
      x, y, w, h)
    values (current_setting('app.tenant_id')::uuid, ${uuidv7()}, ${sheetId}, ${w.title},
      ${w.chartType}, ${sql.json(w.query as never)}, ${sql.json(w.options as never)},
      ${w.x}, ${w.y}, ${w.w}, ${w.h})
    returning ${sql.unsafe(COLUMNS)}`;
  return toWidget(row);
}

export async function updateWidget(sql: Sql, id: string, p: WidgetPatch): Promise<Widget> {
  const [row] = await sql<Raw[]>`
    update analytics_widgets set
      title = coalesce(${p.title ?? null}, title),
      chart_type = coalesce(${p.chartType ?? null}, chart_type),
      query = ${p.query ? sql`${sql.json(p.query as never)}` : sql`query`},
      options = ${p.options ? sql`${sql.json(p.options as never)}` : sql`options`},
      x = coalesce(${p.x ?? null}::int, x), y = coalesce(${p.y ?? null}::int, y),
      w = coalesce(${p.w ?? null}::int, w), h = coalesce(${p.h ?? null}::int, h),
      updated_at = now()
    where id = ${id}
    returning ${sql.unsafe(COLUMNS)}`;
  return toWidget(row);
}

export async function deleteWidget(sql: Sql, id: string): Promise<void> {
  await sql`delete from analytics_widgets where id = ${id}`;
}

/** Places every listed widget of the sheet in one statement (ids of other sheets are skipped). */
export async function saveLayout(sql: Sql, sheetId: string, items: LayoutInput["items"]) {
  if (!items.length) return 0;
  const rows = await sql`
    update analytics_widgets w set x = v.x, y = v.y, w = v.w, h = v.h, updated_at = now()
    from (select * from jsonb_to_recordset(${sql.json(items as never)})
      as t(id uuid, x int, y int, w int, h int)) v
    where w.id = v.id and w.sheet_id = ${sheetId}
    returning w.id`;
  return rows.length;
}

/** The tenant of the scoped transaction. */
export async function currentTenantId(sql: Sql): Promise<string> {
  const [row] = await sql<{ id: string }[]>`select current_setting('app.tenant_id') as id`;
  return row.id;
}
