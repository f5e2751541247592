import type { Actor } from "../../../shared/http/actor.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { readPortalSettings, writePortalSettings } from "./portal.repo.ts";
import { portalPath, type PortalSettings } from "./portal.rules.ts";
import type { PortalSettingsUpdate, PortalSettingsView } from "./portal.schemas.ts";

const view = (actor: Actor, s: PortalSettings): PortalSettingsView => ({
  ...s,
  portalPath: portalPath(actor.session.tenantSlug),
});

/** The tenant's portal settings (closed, with defaults, until first saved). */
export async function getPortalSettings(actor: Actor): Promise<PortalSettingsView> {
  return view(actor, await readPortalSettings(actor.sql));
}

/** Saves a change of the portal settings and records it in the activity log. */
export async function updatePortalSettings(
  actor: Actor,
  patch: PortalSettingsUpdate,
): Promise<PortalSettingsView> {
  const before = await readPortalSettings(actor.sql);
  const after = await writePortalSettings(actor.sql, { ...before, ...patch });
  await recordActivity(actor, {
    module: "support",
    entityType: "settings",
    entityId: "portal",
    action: "updated",
    summary: "Updated the customer portal settings",
    before: { ...before },
    after: { ...after },
  });
  return view(actor, after);
}
