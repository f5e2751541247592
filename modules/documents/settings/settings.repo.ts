import type { Sql } from "../../../shared/db/database.ts";
import type { Settings } from "./settings.schemas.ts";

/** The tenant's own settings row, if any. */
export async function settingsRow(sql: Sql) {
  const [row] = await sql`select * from doc_settings`;
  return row;
}

/** Stores the given settings (null keeps the current value). */
export async function upsertSettings(sql: Sql, s: Partial<Settings>): Promise<void> {
  await sql`
    insert into doc_settings (tenant_id, quota_bytes, max_file_bytes, version_limit,
      retention_days, notify_on_access)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${s.quotaBytes ?? null},
      ${s.maxFileBytes ?? null}, ${s.versionLimit ?? null}, ${s.retentionDays ?? null},
      ${s.notifyOnAccess ?? false})
    on conflict (tenant_id) do update set
      quota_bytes = coalesce(excluded.quota_bytes, doc_settings.quota_bytes),
      max_file_bytes = coalesce(excluded.max_file_bytes, doc_settings.max_file_bytes),
      version_limit = coalesce(excluded.version_limit, doc_settings.version_limit),
      retention_days = coalesce(excluded.retention_days, doc_settings.retention_days),
      notify_on_access = coalesce(${s.notifyOnAccess ?? null}::boolean,
        doc_settings.notify_on_access),
      updated_at = now()`;
}

/** Current files (trash included) and kept versions, summed. */
export async function usedBytesRow(sql: Sql) {
  // Through a function that sums the whole tenant under any role (migration 0053).
  const [row] = await sql`select doc_used_bytes()::float8 as used`;
  return row;
}
