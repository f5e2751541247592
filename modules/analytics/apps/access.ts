/**
 * Who may do what with an analytics application, in one place. Levels rise view < edit <
 * manage: view reads the app and its sheets, edit changes sheets and widgets, manage also
 * renames/deletes the app and grants access. Holders of analytics.app.write (owners, admins)
 * manage every app; the creator manages their own; everyone else needs a grant for their user
 * or one of their roles. Without any level the app does not exist for the caller (404), so
 * nobody learns the names or ids of apps not shared with them.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";

export const APP_LEVELS = ["view", "edit", "manage"] as const;
export type AppLevel = typeof APP_LEVELS[number];

export const APP_READ = "analytics.app.read";
export const APP_WRITE = "analytics.app.write";
export const SHEET_READ = "analytics.sheet.read";

const RANK: Record<AppLevel, number> = { view: 0, edit: 1, manage: 2 };

/** Whether `have` allows what `need` asks for. */
export const atLeast = (have: AppLevel | null, need: AppLevel) =>
  have !== null && RANK[have] >= RANK[need];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

export interface AppRecord {
  id: string;
  name: string;
  description: string;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SheetRecord {
  id: string;
  appId: string;
  name: string;
  position: number;
  refreshSeconds: number | null;
  filters: unknown[];
  createdAt: string;
  updatedAt: string;
}

/** The highest of several levels (null when none). */
export function highest(levels: (AppLevel | null | undefined)[]): AppLevel | null {
  let best: AppLevel | null = null;
  for (const l of levels) if (l && (best === null || RANK[l] > RANK[best])) best = l;
  return best;
}

/** The level that follows from the caller alone, before any grant is read. */
export function baseLevel(
  session: { userId: string; permissions: readonly string[] },
  createdBy: string | null,
): AppLevel | null {
  if (hasPermission(session.permissions, APP_WRITE)) return "manage";
  if (!hasPermission(session.permissions, APP_READ)) return null;
  return createdBy === session.userId ? "manage" : null;
}

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

/** The app and the caller's level (null level: no access; null app: no such app). */
async function loadApp(actor: Actor, appId: string, lock: boolean) {
  if (!isUuid(appId)) return { app: null, level: null };
  const { sql, session } = actor;
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
  if (!row) return { app: null, level: null };
  const level = hasPermission(session.permissions, APP_READ) ||
      hasPermission(session.permissions, APP_WRITE)
    ? highest([baseLevel(session, row.createdBy), row.granted])
    : null;
  return { app: toApp(row), level };
}

/** The caller's level on an app: "view" | "edit" | "manage", or null (no access / no app). */
export async function appLevel(actor: Actor, appId: string): Promise<AppLevel | null> {
  return (await loadApp(actor, appId, false)).level;
}

/**
 * The app when the caller holds at least `level`: 404 without any access (or no such app),
 * 403 when the caller sees it but with a lower level. `lock` takes a row lock for changes.
 */
export async function requireApp(
  actor: Actor,
  appId: string,
  level: AppLevel,
  opts: { lock?: boolean } = {},
): Promise<{ app: AppRecord; level: AppLevel }> {
  const { app, level: have } = await loadApp(actor, appId, opts.lock ?? false);
  if (!app || have === null) throw problems.notFound("No such application.");
  if (!atLeast(have, level)) {
    throw problems.forbidden(`This needs the "${level}" access to the application.`);
  }
  return { app, level: have };
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
export async function findSheet(actor: Actor, sheetId: string): Promise<SheetRecord | null> {
  if (!isUuid(sheetId)) return null;
  const [row] = await actor.sql<SheetRaw[]>`
    select id, app_id, name, position, refresh_seconds, filters, created_at, updated_at
    from analytics_sheets where id = ${sheetId}`;
  return row ? toSheet(row) : null;
}

/**
 * A sheet with its app and the caller's level on that app: 404 when the sheet does not exist
 * or its app is not shared with the caller, 403 below `level`. Widgets use this.
 */
export async function requireSheet(
  actor: Actor,
  sheetId: string,
  level: AppLevel,
): Promise<{ sheet: SheetRecord; app: AppRecord; level: AppLevel }> {
  const sheet = await findSheet(actor, sheetId);
  if (!sheet) throw problems.notFound("No such sheet.");
  try {
    const { app, level: have } = await requireApp(actor, sheet.appId, level);
    return { sheet, app, level: have };
  } catch (err) {
    if (err instanceof Problem && err.status === 404) {
      throw problems.notFound("No such sheet.");
    }
    throw err;
  }
}
