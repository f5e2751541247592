import type { Sql } from "../../../shared/db/database.ts";
import type { Settings } from "./settings.schemas.ts";

const DEFAULTS: Settings = {
  defaultPriority: "normal",
  defaultLocale: "en",
  customerEmails: true,
  signature: "",
};

export async function readSettings(sql: Sql): Promise<Settings> {
  const [row] = await sql<Settings[]>`
    select default_priority, default_locale, customer_emails, signature from support_settings`;
  return row ?? DEFAULTS;
}

export async function writeSettings(sql: Sql, patch: Partial<Settings>): Promise<Settings> {
  const next = { ...(await readSettings(sql)), ...patch };
  const [row] = await sql<Settings[]>`
    insert into support_settings (default_priority, default_locale, customer_emails, signature)
    values (${next.defaultPriority}, ${next.defaultLocale}, ${next.customerEmails},
            ${next.signature})
    on conflict (tenant_id) do update set default_priority = excluded.default_priority,
      default_locale = excluded.default_locale, customer_emails = excluded.customer_emails,
      signature = excluded.signature, updated_at = now()
    returning default_priority, default_locale, customer_emails, signature`;
  return row;
}
