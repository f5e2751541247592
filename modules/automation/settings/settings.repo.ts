import type { Sql } from "../../../shared/db/database.ts";
import { type AutomationSettings, DEFAULT_SETTINGS } from "../common/types.ts";

/** The current tenant's automation settings; the defaults until someone saves them. */
export async function loadSettings(sql: Sql): Promise<AutomationSettings> {
  const [row] = await sql<AutomationSettings[]>`
    select concurrency, default_timeout_seconds, memory_mb, log_cap_kb, log_retention_days,
      history_retention_days, allowlist, failure_threshold, recipients, notify_email,
      min_interval_seconds, backlog_threshold
    from automation_settings`;
  return row ? { ...row } : { ...DEFAULT_SETTINGS };
}
