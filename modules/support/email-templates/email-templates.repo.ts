import type { Sql } from "../../../shared/db/database.ts";
import { tableRepo } from "../common/table.repo.ts";
import type { EmailTemplate, TemplateKind } from "./email-templates.schemas.ts";

export const emailTemplatesRepo = tableRepo<EmailTemplate>({
  table: "support_email_templates",
  columns: ["kind", "locale", "subject", "body"],
  sort: "kind || '/' || locale",
  search: ["subject", "body"],
});

/** The template of a kind in the first of the given languages that has one. */
export async function findTemplate(sql: Sql, kind: TemplateKind, locales: string[]) {
  const [row] = await sql<EmailTemplate[]>`
    select subject, body, locale from support_email_templates
    where kind = ${kind} and locale = any(${locales})
    order by array_position(${locales}::text[], locale) limit 1`;
  return row;
}
