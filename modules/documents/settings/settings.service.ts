import { z } from "zod";
import type { SystemActor } from "../../../shared/http/actor.ts";
import { audit } from "../audit/audit.repo.ts";
import { settingsRow, upsertSettings, usedBytesRow } from "./settings.repo.ts";
import type { Settings } from "./settings.schemas.ts";

export type { Settings };

const GiB = 1024 ** 3;
const num = (fallback: number) =>
  z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().positive().optional())
    .transform((v) => v ?? fallback);

/** Defaults of the per-tenant limits, from the environment (see docs/modules/documents.md). */
export const DEFAULTS = z.object({
  DOCUMENTS_MAX_FILE_BYTES: num(5 * GiB),
  DOCUMENTS_QUOTA_BYTES: num(100 * GiB),
  DOCUMENTS_VERSION_LIMIT: num(20),
  DOCUMENTS_TRASH_RETENTION_DAYS: num(30),
}).parse({
  DOCUMENTS_MAX_FILE_BYTES: Deno.env.get("DOCUMENTS_MAX_FILE_BYTES"),
  DOCUMENTS_QUOTA_BYTES: Deno.env.get("DOCUMENTS_QUOTA_BYTES"),
  DOCUMENTS_VERSION_LIMIT: Deno.env.get("DOCUMENTS_VERSION_LIMIT"),
  DOCUMENTS_TRASH_RETENTION_DAYS: Deno.env.get("DOCUMENTS_TRASH_RETENTION_DAYS"),
});

/** The tenant's limits: its own row where set, the configured defaults otherwise. */
export async function loadSettings({ sql }: Pick<SystemActor, "sql">): Promise<Settings> {
  const row = await settingsRow(sql);
  return {
    quotaBytes: Number(row?.quotaBytes ?? DEFAULTS.DOCUMENTS_QUOTA_BYTES),
    maxFileBytes: Number(row?.maxFileBytes ?? DEFAULTS.DOCUMENTS_MAX_FILE_BYTES),
    versionLimit: row?.versionLimit ?? DEFAULTS.DOCUMENTS_VERSION_LIMIT,
    retentionDays: row?.retentionDays ?? DEFAULTS.DOCUMENTS_TRASH_RETENTION_DAYS,
    notifyOnAccess: row?.notifyOnAccess ?? false,
  };
}

export async function saveSettings(
  { sql }: Pick<SystemActor, "sql">,
  s: Partial<Settings>,
): Promise<Settings> {
  await upsertSettings(sql, s);
  return await loadSettings({ sql });
}

/** Bytes used by the tenant: current files (trash included) and kept versions. */
export async function usedBytes({ sql }: Pick<SystemActor, "sql">): Promise<number> {
  const row = await usedBytesRow(sql);
  return Number(row.used);
}

/** Saves a change of the settings and audits it (the API and the settings page share it). */
export async function changeSettings(
  actor: Pick<SystemActor, "sql">,
  patch: Partial<Settings>,
): Promise<Settings> {
  const { sql } = actor;
  const before = await loadSettings(actor);
  const after = await saveSettings(actor, patch);
  await audit(sql, "settings", "documents", "updated", "Changed storage settings", before, after);
  return after;
}
