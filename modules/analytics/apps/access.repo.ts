/** SQL of per-application access: an app with the caller's strongest grant, a sheet by id. */
import type { Sql } from "../../../shared/db/database.ts";
import type { Session } from "../../../shared/modules.ts";
import type { AppLevel, AppRecord, SheetRecord } from "./access.rules.ts";

type AppRaw = Omit<AppRecord, "createdAt" | "updatedAt"> & {
  createdAt: Date;
  updatedAt: Date;
  granted: AppLevel | null;
};

export const toApp = (r: Omit<AppRaw, "granted">): AppRecord => ({
  id: r.id,
  name: r.name,
  description: r.description,
  createdBy: r.createdBy,
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

/** The app with the strongest grant of the user or their roles (null: no such app). */
export async function selectAppWithGrant(
  sql: Sql,
  session: Pick<Session, "userId" | "roles">,
  appId: string,
  lock: boolean,
): Promise<(AppRecord & { granted: AppLevel | null }) | null> {
  // The grant rank travels as a number so max() picks the strongest of user and role grants.
  const [row] = await sql<AppRaw[]>`
    select a.id, a.name, a.description, a.created_by, a.created_at, a.updated_at,
      (select (array['view', 'edit', 'manage'])[max(case g.level when 'view' then 1
          when 'edit' then 2 else 3 end)]
        from analytics_app_access g
        where g.app_id = a.id and (g.user_id = ${session.userId}
          or g.role = any(${sql.array(session.roles)}::text[]))) as granted
    from analytics_apps a where a.id = ${appId}
    ${lock ? sql`for update of a` : sql``}`;
  return row ? { ...toApp(row), granted: row.granted } : null;
}

type SheetRaw = Omit<SheetRecord, "createdAt" | "updatedAt"> & {
  createdAt: Date;
  updatedAt: Date;
};

export const toSheet = (r: SheetRaw): SheetRecord => ({
  id: r.id,
  appId: r.appId,
  name: r.name,
  position: r.position,
  refreshSeconds: r.refreshSeconds,
  filters: Array.isArray(r.filters) ? r.filters : [],
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

/** One sheet by id (any app), or null. */
export async function selectSheet(sql: Sql, sheetId: string): Promise<SheetRecord | null> {
  const [row] = await sql<SheetRaw[]>`
    select id, app_id, name, position, refresh_seconds, filters, created_at, updated_at
    from analytics_sheets where id = ${sheetId}`;
  return row ? toSheet(row) : null;
}
