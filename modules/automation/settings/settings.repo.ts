import type { Sql } from "../../../shared/db/database.ts";
import { type AutomationSettings, DEFAULT_SETTINGS } from "../common/common.schemas.ts";

/** The current tenant's automation settings; the defaults until someone saves them. */
export async function loadSettings(sql: Sql): Promise<AutomationSettings> {
  const [row] = await sql<AutomationSettings[]>`
    select concurrency, default_timeout_seconds, memory_mb, log_cap_kb, log_retention_days,
      history_retention_days, allowlist, failure_threshold, recipients, notify_email,
      min_interval_seconds, backlog_threshold
    from automation_settings`;
  return row ? { ...row } : { ...DEFAULT_SETTINGS };
}

/** Saves the tenant's settings (one row per tenant). */
export async function saveSettings(sql: Sql, s: AutomationSettings): Promise<void> {
  await sql`
    insert into automation_settings (tenant_id, concurrency, default_timeout_seconds, memory_mb,
      log_cap_kb, log_retention_days, history_retention_days, allowlist, failure_threshold,
      recipients, notify_email, min_interval_seconds, backlog_threshold)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${s.concurrency},
      ${s.defaultTimeoutSeconds}, ${s.memoryMb}, ${s.logCapKb}, ${s.logRetentionDays},
      ${s.historyRetentionDays}, ${s.allowlist}::text[], ${s.failureThreshold},
      ${s.recipients}::uuid[], ${s.notifyEmail}, ${s.minIntervalSeconds}, ${s.backlogThreshold})
    on conflict (tenant_id) do update set concurrency = excluded.concurrency,
      default_timeout_seconds = excluded.default_timeout_seconds,
      memory_mb = excluded.memory_mb, log_cap_kb = excluded.log_cap_kb,
      log_retention_days = excluded.log_retention_days,
      history_retention_days = excluded.history_retention_days,
      allowlist = excluded.allowlist, failure_threshold = excluded.failure_threshold,
      recipients = excluded.recipients, notify_email = excluded.notify_email,
      min_interval_seconds = excluded.min_interval_seconds,
      backlog_threshold = excluded.backlog_threshold, updated_at = now()`;
}
