import { uuidv7 } from "uuidv7";
import type { Sql } from "../../shared/db/database.ts";
import type { NotificationRow } from "./notifications.schemas.ts";

export type { NotificationRow };

export interface NewNotification {
  userId: string;
  module: string;
  title: string;
  body?: string;
  link?: string | null;
}

const columns = (sql: Sql) => sql`id, user_id, module, title, body, link, read_at, created_at`;
// The paging key keeps microseconds: rows written in one transaction share one now(), and a
// millisecond cursor would skip or repeat them.
const sortKey = (sql: Sql) =>
  sql`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_at`;

export async function insertNotification(sql: Sql, n: NewNotification): Promise<NotificationRow> {
  const [row] = await sql<NotificationRow[]>`
    insert into notifications (tenant_id, id, user_id, module, title, body, link)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${uuidv7()}, ${n.userId},
            ${n.module}, ${n.title}, ${n.body ?? ""}, ${n.link ?? null})
    returning ${columns(sql)}`;
  return row;
}

/** A user's inbox, newest first, keyset-paged on (created_at, id). */
export async function listNotifications(
  sql: Sql,
  userId: string,
  opts: { unreadOnly?: boolean; module?: string; limit: number; after?: [string, string] | null },
): Promise<(NotificationRow & { sortAt: string })[]> {
  return await sql<(NotificationRow & { sortAt: string })[]>`
    select ${columns(sql)}, ${sortKey(sql)} from notifications
    where user_id = ${userId}
      ${opts.unreadOnly ? sql`and read_at is null` : sql``}
      ${opts.module ? sql`and module = ${opts.module}` : sql``}
      ${
    opts.after
      ? sql`and (created_at, id) < (${opts.after[0]}::timestamptz, ${opts.after[1]}::uuid)`
      : sql``
  }
    order by created_at desc, id desc
    limit ${opts.limit + 1}`;
}

export async function unreadCount(sql: Sql, userId: string): Promise<number> {
  const [{ n }] = await sql`select count(*)::int as n from notifications
                            where user_id = ${userId} and read_at is null`;
  return n;
}

/** Marks one of the user's notifications read; false when it is not theirs (or not there). */
export async function markRead(sql: Sql, userId: string, id: string): Promise<boolean> {
  const rows = await sql`update notifications set read_at = coalesce(read_at, now())
                         where id = ${id} and user_id = ${userId} returning id`;
  return rows.length > 0;
}

export async function markAllRead(sql: Sql, userId: string): Promise<number> {
  const rows = await sql`update notifications set read_at = now()
                         where user_id = ${userId} and read_at is null returning id`;
  return rows.length;
}

/** Whether the user is an active member of the current tenant (who may be notified). */
export async function isActiveRecipient(sql: Sql, userId: string): Promise<boolean> {
  const [member] = await sql`
    select 1 from memberships
    where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
      and user_id = ${userId} and status = 'active'`;
  return Boolean(member);
}

/** The transaction's current tenant (the inbox bus message names it). */
export async function currentTenantId(sql: Sql): Promise<string> {
  const [{ tenantId }] = await sql`select current_setting('app.tenant_id', true) as tenant_id`;
  return tenantId;
}

/** Whether a session may still read its inbox: an active member, its token not revoked. */
export async function inboxStillOpen(
  tx: Sql,
  who: { tenantId: string; userId: string; jti?: string },
): Promise<boolean> {
  const { tenantId, userId, jti } = who;
  const [live] = await tx`
    select exists(select 1 from memberships where tenant_id = ${tenantId}
                    and user_id = ${userId} and status = 'active')
       and not exists(select 1 from revoked_tokens where jti = ${jti ?? null}) as ok`;
  return live.ok;
}

/** One of the user's notifications, as the live inbox pushes it. */
export async function freshNotification(tx: Sql, userId: string, id: string) {
  return (await tx`select id, module, title, body, link, created_at from notifications
                where id = ${id} and user_id = ${userId}`)[0];
}
