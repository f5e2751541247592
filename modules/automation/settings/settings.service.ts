import type { Actor } from "../../../shared/http/actor.ts";
import { type FieldError, problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { activeMembers } from "../../../platform/identity/public.ts";
import type { AutomationSettings } from "../common/common.schemas.ts";
import { loadSettings, saveSettings } from "./settings.repo.ts";
import { checkAllowEntry } from "./settings.rules.ts";
import type { SettingsUpdate } from "./settings.schemas.ts";

export const readSettings = ({ sql }: Actor): Promise<AutomationSettings> => loadSettings(sql);

/**
 * Saves a change of the settings (fields left out keep their values). Allowlist entries are
 * normalised and checked; recipients must be active members of the tenant.
 */
export async function changeSettings(actor: Actor, patch: SettingsUpdate) {
  const { sql } = actor;
  const before = await loadSettings(sql);
  const next: AutomationSettings = { ...before, ...patch };
  const errors: FieldError[] = [];
  if (patch.allowlist) {
    const entries: string[] = [];
    patch.allowlist.forEach((raw, i) => {
      if (!raw.trim()) return;
      const checked = checkAllowEntry(raw);
      if (checked.ok) entries.push(checked.entry);
      else errors.push({ path: `allowlist.${i}`, message: `${raw.trim()}: ${checked.reason}` });
    });
    next.allowlist = [...new Set(entries)];
  }
  if (patch.recipients) {
    const wanted = [...new Set(patch.recipients)];
    const members = new Set(await activeMembers(sql, wanted));
    wanted.forEach((id, i) => {
      if (!members.has(id)) {
        errors.push({ path: `recipients.${i}`, message: "Not an active member of this workspace" });
      }
    });
    next.recipients = wanted;
  }
  if (errors.length) throw problems.validation(errors, "Some settings are not valid.");
  await saveSettings(sql, next);
  const after = await loadSettings(sql);
  await recordActivity({ sql }, {
    module: "automation",
    entityType: "settings",
    entityId: actor.session.tenantId,
    action: "updated",
    summary: "Changed the automation settings",
    before: { ...before },
    after: { ...after },
  });
  return after;
}
