import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { readSettings, writeSettings } from "./settings.repo.ts";
import type { Settings } from "./settings.schemas.ts";

/** The tenant's Support settings (defaults until first saved). */
export const getSettings = (actor: SystemActor): Promise<Settings> => readSettings(actor.sql);

/** Saves a change of the settings and records it in the activity log. */
export async function updateSettings(actor: Actor, patch: Partial<Settings>): Promise<Settings> {
  const before = await readSettings(actor.sql);
  const after = await writeSettings(actor.sql, patch);
  await recordActivity(actor, {
    module: "support",
    entityType: "settings",
    entityId: "support",
    action: "updated",
    summary: "Updated Support settings",
    before: { ...before },
    after: { ...after },
  });
  return after;
}
