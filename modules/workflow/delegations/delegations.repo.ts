/** SQL of standing delegations and of the delegation history of tasks. */
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";

export interface StandingRow {
  id: string;
  fromUser: string;
  fromName: string | null;
  toUser: string;
  toName: string | null;
  startsAt: string;
  endsAt: string;
  definitionId: string | null;
  definitionName: string | null;
  reason: string;
  createdBy: string | null;
  createdAt: string;
  revokedAt: string | null;
  active: boolean;
}

const standingColumns = (sql: Sql) =>
  sql.unsafe(`d.id, d.from_user, f.name as from_name, d.to_user, u.name as to_name, d.starts_at,
  d.ends_at, d.definition_id, w.name as definition_name, d.reason, d.created_by, d.created_at,
  d.revoked_at,
  (d.revoked_at is null and d.starts_at <= now() and d.ends_at > now()) as active
  from workflow_delegations d
  left join member_directory f on f.user_id = d.from_user
  left join member_directory u on u.user_id = d.to_user
  left join workflow_definitions w on w.id = d.definition_id`);

/** The delegation in force now for a user (and definition): a specific one before a general one. */
export async function activeStanding(sql: Sql, fromUser: string, definitionId: string | null) {
  const [row] = await sql<{ id: string; toUser: string }[]>`
    select id, to_user from workflow_delegations
    where from_user = ${fromUser} and revoked_at is null
      and starts_at <= now() and ends_at > now()
      and (definition_id is null or definition_id = ${definitionId})
    order by definition_id nulls last, created_at desc limit 1`;
  return row ?? null;
}

export async function selectStanding(
  sql: Sql,
  o: { view: "given" | "received" | "all"; me: string; includeEnded: boolean },
) {
  const who = o.view === "given"
    ? sql`and d.from_user = ${o.me}`
    : o.view === "received"
    ? sql`and d.to_user = ${o.me}`
    : sql``;
  return await sql<StandingRow[]>`
    select ${standingColumns(sql)} where true ${who}
    ${o.includeEnded ? sql`` : sql`and d.revoked_at is null and d.ends_at > now()`}
    order by d.starts_at desc, d.id desc limit 200`;
}

export async function findStanding(sql: Sql, id: string) {
  const [row] = await sql<StandingRow[]>`select ${standingColumns(sql)} where d.id = ${id}`;
  return row;
}

export async function insertStanding(
  sql: Sql,
  d: {
    fromUser: string;
    toUser: string;
    startsAt: string;
    endsAt: string;
    definitionId: string | null;
    reason: string;
    createdBy: string;
  },
) {
  const id = uuidv7();
  await sql`insert into workflow_delegations (tenant_id, id, from_user, to_user, starts_at, ends_at,
      definition_id, reason, created_by)
    values (current_setting('app.tenant_id')::uuid, ${id}, ${d.fromUser}, ${d.toUser},
      ${d.startsAt}, ${d.endsAt}, ${d.definitionId}, ${d.reason}, ${d.createdBy})`;
  return id;
}

export async function revokeStanding(sql: Sql, id: string) {
  await sql`update workflow_delegations set revoked_at = now() where id = ${id}`;
}

export async function definitionExists(sql: Sql, id: string) {
  const [row] = await sql`select 1 from workflow_definitions where id = ${id}`;
  return !!row;
}

export interface DelegationEventRow {
  id: string;
  taskId: string;
  taskName: string;
  taskState: string;
  event: string;
  actor: string | null;
  actorName: string | null;
  fromUser: string | null;
  fromName: string | null;
  toUser: string | null;
  toName: string | null;
  at: string;
  data: Record<string, unknown>;
}

/** Hand-overs of tasks (delegated, reassigned, substituted, resolved) given by or to a user. */
export async function selectHandovers(
  sql: Sql,
  o: { view: "given" | "received"; me: string; limit: number; after: string | null },
) {
  const who = o.view === "given" ? sql`e.from_user = ${o.me}` : sql`e.to_user = ${o.me}`;
  return await sql<DelegationEventRow[]>`
    select e.id, e.task_id, t.name as task_name, t.state as task_state, e.event, e.actor,
      a.name as actor_name, e.from_user, f.name as from_name, e.to_user, u.name as to_name,
      e.at, e.data
    from workflow_task_events e join workflow_tasks t on t.id = e.task_id
    left join member_directory a on a.user_id = e.actor
    left join member_directory f on f.user_id = e.from_user
    left join member_directory u on u.user_id = e.to_user
    where e.event in ('delegated', 'reassigned', 'substituted', 'resolved') and ${who}
    ${o.after ? sql`and e.id < ${o.after}::uuid` : sql``}
    order by e.id desc limit ${o.limit + 1}`;
}

/** Definitions a standing delegation can be limited to (name order). */
export async function definitionChoices(sql: Sql) {
  return await sql<{ id: string; name: string }[]>`
    select id, name from workflow_definitions where archived_at is null
    order by lower(name), id limit 500`;
}
