import type { Sql } from "../../../shared/db/database.ts";

import type { MailPreferences, NoticeKind } from "./notices.types.ts";
export { type MailPreferences, NOTICE_KINDS, type NoticeKind } from "./notices.types.ts";

const TENANT = (sql: Sql) => sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;

export async function selectPreferences(sql: Sql, userId: string): Promise<MailPreferences> {
  const [row] = await sql<MailPreferences[]>`
    select assignment, comment, mention, due from project_mail_preferences
    where user_id = ${userId}`;
  return row ?? { assignment: false, comment: false, mention: false, due: false };
}

export async function upsertPreferences(sql: Sql, userId: string, p: MailPreferences) {
  await sql`
    insert into project_mail_preferences (tenant_id, user_id, assignment, comment, mention, due)
    values (${TENANT(sql)}, ${userId}, ${p.assignment}, ${p.comment}, ${p.mention}, ${p.due})
    on conflict (tenant_id, user_id) do update set assignment = excluded.assignment,
      comment = excluded.comment, mention = excluded.mention, due = excluded.due`;
}

/** Recipients that want this kind by e-mail, with their address. */
export async function mailRecipients(sql: Sql, userIds: string[], kind: NoticeKind) {
  if (!userIds.length) return [];
  return await sql<{ userId: string; email: string }[]>`
    select p.user_id, d.email from project_mail_preferences p
      join member_directory d on d.user_id = p.user_id
    where p.user_id = any(${userIds}::uuid[]) and ${sql(kind)} = true`;
}
