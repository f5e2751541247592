import { uuidv7 } from "uuidv7";
import type { Sql } from "../../shared/db/database.ts";
import { rowsOf } from "../../shared/db/rows.ts";

import type {
  ActivityEntry,
  ActivityFilter,
  Changes,
  Json,
  NewActivity,
} from "./activity.schemas.ts";

export type { ActivityEntry, ActivityFilter, Changes, Json, NewActivity };

/**
 * Adds one line in the caller's transaction. Tenant, actor and request come from the scope's
 * settings (app.tenant_id, app.user_id, app.request_id), never from the caller.
 */
export async function insertActivity(sql: Sql, a: NewActivity): Promise<ActivityEntry> {
  const json = (v: Json) => (v === null ? null : sql.json(v as never));
  const [row] = await sql<ActivityEntry[]>`
    insert into activity (tenant_id, id, actor_id, module, entity_type, entity_id, action,
      summary, changes, before, after, request_id, address)
    values (
      nullif(current_setting('app.tenant_id', true), '')::uuid, ${uuidv7()},
      nullif(current_setting('app.user_id', true), '')::uuid,
      ${a.module}, ${a.entityType}, ${a.entityId}, ${a.action}, ${a.summary},
      ${json(a.changes)}, ${json(a.before)}, ${json(a.after)},
      nullif(current_setting('app.request_id', true), ''), ${a.address ?? null})
    returning id, occurred_at, actor_id, null::text as actor_name, null::text as actor_email,
      module, entity_type, entity_id, action, summary, changes, before, after, request_id,
      address`;
  return row;
}

/**
 * Newest first, keyset on (occurred_at, id). `after` is the sort key of the last row already
 * shown: the timestamp at full (microsecond) precision and the id. Fetches limit + 1 rows.
 */
export async function selectActivity(
  sql: Sql,
  f: ActivityFilter,
  limit: number,
  after: [string, string] | null,
): Promise<(ActivityEntry & { sortAt: string })[]> {
  return await rowsOf<ActivityEntry & { sortAt: string }>(sql`
    select a.id, a.occurred_at, a.actor_id, coalesce(m.display_name, u.name) as actor_name,
      u.email as actor_email,
      a.module, a.entity_type, a.entity_id, a.action, a.summary, a.changes, a.before, a.after,
      a.request_id, a.address,
      to_char(a.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_at
    from activity a left join users u on u.id = a.actor_id
      left join memberships m on m.tenant_id = a.tenant_id and m.user_id = a.actor_id
    where a.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
      ${f.module ? sql`and a.module = ${f.module}` : sql``}
      ${f.entityType ? sql`and a.entity_type = ${f.entityType}` : sql``}
      ${f.entityId ? sql`and a.entity_id = ${f.entityId}` : sql``}
      ${f.actorId ? sql`and a.actor_id = ${f.actorId}::uuid` : sql``}
      ${f.actorId === null ? sql`and a.actor_id is null` : sql``}
      ${f.action ? sql`and a.action = ${f.action}` : sql``}
      ${f.from ? sql`and a.occurred_at >= ${f.from}::timestamptz` : sql``}
      ${f.to ? sql`and a.occurred_at < ${f.to}::timestamptz` : sql``}
      ${
    after ? sql`and (a.occurred_at, a.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``
  }
    order by a.occurred_at desc, a.id desc
    limit ${limit + 1}`);
}
