/**
 * Who may do what with an analytics application: the caller's level read from the app and its
 * grants (access.rules.ts says what each level allows). Without any level the app does not
 * exist for the caller (404), so nobody learns the names or ids of apps not shared with them.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import {
  APP_READ,
  APP_WRITE,
  type AppLevel,
  type AppRecord,
  atLeast,
  baseLevel,
  highest,
  isUuid,
  type SheetRecord,
} from "./access.rules.ts";
import { selectAppWithGrant, selectSheet } from "./access.repo.ts";

/** The app and the caller's level (null level: no access; null app: no such app). */
async function loadApp(actor: Actor, appId: string, lock: boolean) {
  if (!isUuid(appId)) return { app: null, level: null };
  const { sql, session } = actor;
  const row = await selectAppWithGrant(sql, session, appId, lock);
  if (!row) return { app: null, level: null };
  const level = hasPermission(session.permissions, APP_READ) ||
      hasPermission(session.permissions, APP_WRITE)
    ? highest([baseLevel(session, row.createdBy), row.granted])
    : null;
  const { granted: _granted, ...app } = row;
  return { app, level };
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
  input: { appId: string; level: AppLevel; lock?: boolean },
): Promise<{ app: AppRecord; level: AppLevel }> {
  const { appId, level, lock } = input;
  const { app, level: have } = await loadApp(actor, appId, lock ?? false);
  if (!app || have === null) throw problems.notFound("No such application.");
  if (!atLeast(have, level)) {
    throw problems.forbidden(`This needs the "${level}" access to the application.`);
  }
  return { app, level: have };
}

/** One sheet by id (any app), or null. */
export async function findSheet(actor: Actor, sheetId: string): Promise<SheetRecord | null> {
  if (!isUuid(sheetId)) return null;
  return await selectSheet(actor.sql, sheetId);
}

/**
 * A sheet with its app and the caller's level on that app: 404 when the sheet does not exist
 * or its app is not shared with the caller, 403 below `level`. Widgets use this.
 */
export async function requireSheet(
  actor: Actor,
  input: { sheetId: string; level: AppLevel },
): Promise<{ sheet: SheetRecord; app: AppRecord; level: AppLevel }> {
  const { sheetId, level } = input;
  const sheet = await findSheet(actor, sheetId);
  if (!sheet) throw problems.notFound("No such sheet.");
  try {
    const { app, level: have } = await requireApp(actor, { appId: sheet.appId, level });
    return { sheet, app, level: have };
  } catch (err) {
    if (err instanceof Problem && err.status === 404) {
      throw problems.notFound("No such sheet.");
    }
    throw err;
  }
}
