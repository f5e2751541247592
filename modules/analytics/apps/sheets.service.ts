/**
 * Sheets of an application: listed by everyone who sees the app, created, changed, reordered
 * and deleted by those who may edit it. Deleting a sheet deletes its widgets (foreign key).
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import type { AppLevel, SheetRecord } from "./access.rules.ts";
import { findSheet, requireApp } from "./access.service.ts";
import {
  deleteSheet,
  insertSheet,
  reorderSheets,
  selectSheets,
  updateSheet,
} from "./sheets.repo.ts";
import type { SheetInput, SheetPatch } from "./apps.schemas.ts";

export async function listSheets(
  actor: Actor,
  appId: string,
): Promise<{ items: SheetRecord[]; level: AppLevel }> {
  const { level } = await requireApp(actor, { appId, level: "view" });
  return { items: await selectSheets(actor.sql, appId), level };
}

/** The sheet of this app (404 when it belongs to another app or does not exist). */
async function sheetOf(actor: Actor, appId: string, sheetId: string): Promise<SheetRecord> {
  const sheet = await findSheet(actor, sheetId);
  if (!sheet || sheet.appId !== appId) throw problems.notFound("No such sheet.");
  return sheet;
}

export async function createSheet(
  actor: Actor,
  { appId, input }: { appId: string; input: SheetInput },
): Promise<SheetRecord> {
  const { app } = await requireApp(actor, { appId, level: "edit", lock: true });
  const id = crypto.randomUUID();
  await insertSheet(actor.sql, { id, appId, ...input });
  await recordActivity(actor, {
    module: "analytics",
    entityType: "sheet",
    entityId: id,
    action: "created",
    summary: `Added the sheet ${input.name} to ${app.name}`,
    after: { name: input.name },
  });
  return (await findSheet(actor, id))!;
}

export async function patchSheet(
  actor: Actor,
  { appId, sheetId, patch }: { appId: string; sheetId: string; patch: SheetPatch },
): Promise<SheetRecord> {
  await requireApp(actor, { appId, level: "edit" });
  const before = await sheetOf(actor, appId, sheetId);
  await updateSheet(actor.sql, sheetId, patch);
  const after = (await findSheet(actor, sheetId))!;
  // Filters change every time someone narrows a dashboard; only renames are worth a line.
  if (patch.name !== undefined && patch.name !== before.name) {
    await recordActivity(actor, {
      module: "analytics",
      entityType: "sheet",
      entityId: sheetId,
      action: "updated",
      summary: `Renamed the sheet ${before.name} to ${after.name}`,
      before: { name: before.name },
      after: { name: after.name },
    });
  }
  return after;
}

export async function removeSheet(
  actor: Actor,
  { appId, sheetId }: { appId: string; sheetId: string },
): Promise<void> {
  await requireApp(actor, { appId, level: "edit", lock: true });
  const sheet = await sheetOf(actor, appId, sheetId);
  await deleteSheet(actor.sql, sheetId);
  await recordActivity(actor, {
    module: "analytics",
    entityType: "sheet",
    entityId: sheetId,
    action: "deleted",
    summary: `Deleted the sheet ${sheet.name}`,
    before: { name: sheet.name },
  });
}

/** PUT /apps/{id}/sheets/order: every sheet of the app exactly once, in the new order. */
export async function orderSheets(
  actor: Actor,
  { appId, sheetIds }: { appId: string; sheetIds: string[] },
): Promise<{ items: SheetRecord[]; level: AppLevel }> {
  const { level } = await requireApp(actor, { appId, level: "edit", lock: true });
  const current = await selectSheets(actor.sql, appId);
  const given = new Set(sheetIds);
  if (
    given.size !== sheetIds.length || given.size !== current.length ||
    current.some((s) => !given.has(s.id))
  ) {
    throw problems.validation([{
      path: "sheetIds",
      message: "List every sheet of the application exactly once",
    }]);
  }
  await reorderSheets(actor.sql, appId, sheetIds);
  return { items: await selectSheets(actor.sql, appId), level };
}

/** Moves one sheet one place left (-1) or right (+1); used by the page's arrow buttons. */
export async function moveSheet(
  actor: Actor,
  { appId, sheetId, by }: { appId: string; sheetId: string; by: -1 | 1 },
) {
  const ids = (await listSheets(actor, appId)).items.map((s) => s.id);
  const i = ids.indexOf(sheetId);
  if (i < 0) throw problems.notFound("No such sheet.");
  const j = i + by;
  if (j < 0 || j >= ids.length) return;
  [ids[i], ids[j]] = [ids[j], ids[i]];
  await orderSheets(actor, { appId, sheetIds: ids });
}
