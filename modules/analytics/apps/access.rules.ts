/**
 * Who may do what with an analytics application, in one place (the pure rules; access.service.ts reads
 * the app and the grants). Levels rise view < edit <
 * manage: view reads the app and its sheets, edit changes sheets and widgets, manage also
 * renames/deletes the app and grants access. Holders of analytics.app.write (owners, admins)
 * manage every app; the creator manages their own; everyone else needs a grant for their user
 * or one of their roles. Without any level the app does not exist for the caller (404), so
 * nobody learns the names or ids of apps not shared with them.
 */
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
