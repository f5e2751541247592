/**
 * SQL of event subscriptions (elements/subscriptions.service.ts): what waiting tokens listen
 * for, and who a message or signal reaches. Variables and correlation objects travel as text:
 * the connection's camelCase transform would otherwise rename their keys.
 */
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { StartTargetRow } from "./engine.repo.ts";

export type SubscriptionKind = "message" | "signal" | "conditional";
export type SubscriptionRole = "catch" | "boundary" | "eventSubprocess" | "gateway";

export interface SubscriptionRow {
  id: string;
  instanceId: string;
  tokenId: string;
  elementId: string;
  kind: SubscriptionKind;
  name: string;
  role: SubscriptionRole;
  interrupting: boolean;
  correlation: Record<string, unknown>;
}

const COLUMNS = `s.id, s.instance_id, s.token_id, s.element_id, s.kind, s.name, s.role,
  s.interrupting, s.correlation::text as correlation_json`;

const toRow = ({ correlationJson, ...r }: Record<string, unknown>) =>
  ({ ...r, correlation: JSON.parse(String(correlationJson ?? "{}")) }) as SubscriptionRow;

/**
 * Only subscriptions of active instances whose token still waits (or whose process scope is
 * the subscriber: token id = instance id) can be reached. The token is read by its primary key
 * in a per-row subquery: as an EXISTS the planner semi-joins every live token of the tenant.
 */
const LIVE = `i.state = 'active' and (s.token_id = s.instance_id or (
  select k.state from workflow_tokens k
  where k.tenant_id = s.tenant_id and k.id = s.token_id and k.ended_at is null
) in ('waiting', 'scope'))`;

export async function insertSubscription(
  sql: Sql,
  s: Omit<SubscriptionRow, "id"> & { businessKey: string | null },
) {
  await sql`
    insert into workflow_event_subscriptions (tenant_id, id, instance_id, token_id, element_id,
      kind, name, role, interrupting, correlation, business_key)
    values (current_setting('app.tenant_id')::uuid, ${uuidv7()}, ${s.instanceId}, ${s.tokenId},
      ${s.elementId}, ${s.kind}, ${s.name}, ${s.role}, ${s.interrupting},
      ${JSON.stringify(s.correlation)}::text::jsonb, ${s.businessKey})`;
}

export async function deleteSubscription(sql: Sql, id: string): Promise<boolean> {
  const rows = await sql`delete from workflow_event_subscriptions where id = ${id} returning id`;
  return rows.length > 0;
}

export async function deleteSubscriptionsOfTokens(sql: Sql, tokenIds: string[]) {
  if (!tokenIds.length) return;
  await sql`delete from workflow_event_subscriptions where token_id = any(${tokenIds}::uuid[])`;
}

const cols = (sql: Sql) => sql.unsafe(COLUMNS);
const live = (sql: Sql) => sql.unsafe(LIVE);

/** One subscription, read again under its instance's lock (null once consumed or dropped). */
export async function subscriptionById(sql: Sql, id: string): Promise<SubscriptionRow | null> {
  const [row] = await sql`select ${cols(sql)} from workflow_event_subscriptions s
                          where s.id = ${id}`;
  return row ? toRow(row) : null;
}

/** The instance's subscriptions of one kind, oldest first. */
export async function subscriptionsOfInstance(
  sql: Sql,
  instanceId: string,
  kind: SubscriptionKind,
): Promise<SubscriptionRow[]> {
  const rows = await sql`select ${cols(sql)} from workflow_event_subscriptions s
    where s.instance_id = ${instanceId} and s.kind = ${kind} order by s.created_at, s.id`;
  return rows.map(toRow);
}

/**
 * Waiting message subscriptions a correlation reaches: by name, then narrowed by business
 * key, instance and process variables that must equal the correlation keys (jsonb @>).
 */
export async function messageSubscriptions(
  sql: Sql,
  q: {
    name: string;
    businessKey?: string;
    instanceId?: string;
    correlationKeys?: Record<string, unknown>;
    limit: number;
  },
): Promise<(SubscriptionRow & { definitionKey: string })[]> {
  const keys = q.correlationKeys && Object.keys(q.correlationKeys).length
    ? JSON.stringify(q.correlationKeys)
    : null;
  const rows = await sql`
    select ${cols(sql)}, d.key as definition_key
    from workflow_event_subscriptions s
    join workflow_instances i on i.tenant_id = s.tenant_id and i.id = s.instance_id
    join workflow_definitions d on d.tenant_id = i.tenant_id and d.id = i.definition_id
    where s.kind = 'message' and s.name = ${q.name} and ${live(sql)}
      ${q.businessKey !== undefined ? sql`and s.business_key = ${q.businessKey}` : sql``}
      ${q.instanceId !== undefined ? sql`and s.instance_id = ${q.instanceId}::uuid` : sql``}
      ${keys ? sql`and i.variables @> ${keys}::text::jsonb` : sql``}
    order by s.instance_id, s.created_at, s.id limit ${q.limit}`;
  return rows.map((r) => ({ ...toRow(r), definitionKey: String(r.definitionKey) }));
}

/** Every waiting signal subscription of this name in the tenant, by instance. */
export async function signalSubscriptions(sql: Sql, name: string): Promise<SubscriptionRow[]> {
  const rows = await sql`select ${cols(sql)} from workflow_event_subscriptions s
    join workflow_instances i on i.tenant_id = s.tenant_id and i.id = s.instance_id
    where s.kind = 'signal' and s.name = ${name} and ${live(sql)}
    order by s.instance_id, s.created_at, s.id`;
  return rows.map(toRow);
}

/** The latest versions of live processes with a process-level signal start event of this name. */
export async function signalStartTargets(sql: Sql, name: string) {
  return await sql<StartTargetRow[]>`
    select d.id as definition_id, d.key, d.name, v.version, d.created_by,
      v.model::text as model_json
    from workflow_definitions d
    join workflow_definition_versions v on v.definition_id = d.id and v.version = d.latest_version
    where d.archived_at is null and jsonb_path_exists(v.model,
      '$.elements.* ? (@.type == "startEvent" && @.parent == null
                       && @.event.kind == "signal" && @.event.signal == $n)',
      jsonb_build_object('n', ${name}::text))
    order by d.key`;
}
