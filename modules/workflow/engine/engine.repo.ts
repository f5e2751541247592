/**
 * The engine's SQL. Variables travel as text and are parsed here: the connection's camelCase
 * transform would otherwise rename the keys of process variables (`first_name`).
 */
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { ProcessModel } from "../common/model.lib.ts";

export type Vars = Record<string, unknown>;
export type TokenState =
  | "ready"
  | "waiting"
  | "scope"
  | "joined"
  | "done"
  | "cancelled"
  | "incident";

export interface InstanceRow {
  id: string;
  definitionId: string;
  versionId: string;
  name: string;
  businessKey: string | null;
  state: "active" | "suspended" | "completed" | "cancelled" | "terminated";
  variables: Vars;
  parentInstanceId: string | null;
  parentTokenId: string | null;
  startedBy: string | null;
  revision: number;
  incidentCount: number;
}

export interface TokenRow {
  id: string;
  instanceId: string;
  elementId: string;
  state: TokenState;
  parentTokenId: string | null;
  loopIndex: number | null;
  vars: Vars;
  viaFlow: string | null;
  createdAt?: string;
}

const parse = (text: string | null): Vars => (text ? JSON.parse(text) : {});

export async function lockInstance(sql: Sql, id: string): Promise<InstanceRow | null> {
  const [row] = await sql`
    select id, definition_id, version_id, name, business_key, state,
      variables::text as variables_json, parent_instance_id, parent_token_id, started_by,
      revision, incident_count
    from workflow_instances where id = ${id} for update`;
  if (!row) return null;
  const { variablesJson, ...rest } = row;
  return { ...rest, variables: parse(variablesJson) } as InstanceRow;
}

// Deployed versions never change: their compiled model is cached by version id.
const models = new Map<string, ProcessModel>();

export async function versionModel(sql: Sql, versionId: string): Promise<ProcessModel> {
  const cached = models.get(versionId);
  if (cached) return cached;
  const [row] = await sql`select model::text as model_json from workflow_definition_versions
                          where id = ${versionId}`;
  if (!row) throw new Error(`process version ${versionId} not found`);
  const model = JSON.parse(row.modelJson) as ProcessModel;
  if (models.size > 500) models.clear();
  models.set(versionId, model);
  return model;
}

export async function liveTokens(sql: Sql, instanceId: string): Promise<TokenRow[]> {
  const rows = await sql`
    select id, instance_id, element_id, state, parent_token_id, loop_index,
      vars::text as vars_json, via_flow, created_at
    from workflow_tokens where instance_id = ${instanceId} and ended_at is null
    order by created_at, id`;
  return rows.map(({ varsJson, ...r }) => ({ ...r, vars: parse(varsJson) }) as TokenRow);
}

export async function insertToken(sql: Sql, t: TokenRow) {
  await sql`
    insert into workflow_tokens (tenant_id, id, instance_id, element_id, state, parent_token_id,
      loop_index, vars, via_flow)
    values (current_setting('app.tenant_id')::uuid, ${t.id}, ${t.instanceId}, ${t.elementId},
      ${t.state}, ${t.parentTokenId}, ${t.loopIndex}, ${JSON.stringify(t.vars)}::text::jsonb,
      ${t.viaFlow})`;
}

const ENDED = new Set(["done", "cancelled"]);

export async function saveToken(sql: Sql, t: TokenRow) {
  await sql`
    update workflow_tokens set state = ${t.state}, vars = ${JSON.stringify(t.vars)}::text::jsonb,
      element_id = ${t.elementId},
      ended_at = ${ENDED.has(t.state) ? sql`now()` : null}
    where id = ${t.id}`;
}

export async function saveInstance(
  sql: Sql,
  i: InstanceRow,
  end?: { state: InstanceRow["state"]; endElementId: string | null },
) {
  await sql`
    update workflow_instances set variables = ${JSON.stringify(i.variables)}::text::jsonb,
      revision = revision + 1, state = ${end?.state ?? i.state},
      ended_at = ${end && end.state !== "suspended" && end.state !== "active" ? sql`now()` : null},
      end_element_id = ${end?.endElementId ?? null},
      incident_count = ${i.incidentCount}
    where id = ${i.id}`;
}

export interface HistoryRow {
  instanceId: string;
  tokenId: string | null;
  elementId: string | null;
  elementType: string | null;
  event: string;
  actor: string | null;
  data: Vars;
}

export async function insertHistory(sql: Sql, rows: HistoryRow[]) {
  if (!rows.length) return;
  const values = rows.map((r) => ({
    id: uuidv7(),
    instanceId: r.instanceId,
    tokenId: r.tokenId,
    elementId: r.elementId,
    elementType: r.elementType,
    event: r.event,
    actor: r.actor,
    data: JSON.stringify(r.data),
  }));
  await sql`
    insert into workflow_history (tenant_id, id, instance_id, token_id, element_id, element_type,
      event, actor, data, at)
    select current_setting('app.tenant_id')::uuid, x.id, x.instance_id, x.token_id,
      x.element_id, x.element_type, x.event, x.actor, x.data::jsonb,
      clock_timestamp() + (x.n * interval '1 microsecond')
    from jsonb_to_recordset(${
    JSON.stringify(values.map((v, n) => ({ ...toSnake(v), n })))
  }::text::jsonb)
      as x(id uuid, instance_id uuid, token_id uuid, element_id text, element_type text,
           event text, actor uuid, data text, n int)`;
}

function toSnake(v: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(v).map(([k, x]) => [k.replace(/[A-Z]/g, (c) => "_" + c.toLowerCase()), x]),
  );
}

// -- timers

export interface TimerRow {
  id: string;
  instanceId: string | null;
  tokenId: string | null;
  elementId: string;
  kind: "catch" | "boundary" | "start" | "task-due" | "gateway" | "event-subprocess";
  interrupting: boolean;
  dueAt: string;
  cycle: string | null;
  firedAt: string | null;
  cancelledAt: string | null;
  /** Start timers: the definition they start (they have no instance). */
  definitionId?: string | null;
}

export async function insertTimer(sql: Sql, t: Omit<TimerRow, "firedAt" | "cancelledAt">) {
  await sql`
    insert into workflow_timers (tenant_id, id, instance_id, token_id, definition_id, element_id,
      kind, interrupting, due_at, cycle)
    values (current_setting('app.tenant_id')::uuid, ${t.id}, ${t.instanceId}, ${t.tokenId},
      ${t.definitionId ?? null}, ${t.elementId}, ${t.kind}, ${t.interrupting}, ${t.dueAt},
      ${t.cycle})`;
}

export async function timerById(sql: Sql, id: string): Promise<TimerRow | null> {
  const [row] = await sql<TimerRow[]>`select * from workflow_timers where id = ${id}`;
  return row ?? null;
}

export async function markTimer(sql: Sql, id: string, what: "fired" | "cancelled") {
  await sql`update workflow_timers set ${
    what === "fired" ? sql`fired_at = now()` : sql`cancelled_at = now()`
  } where id = ${id}`;
}

/** Cancels the open timers of these tokens (a boundary's activity ended, a catch was cancelled). */
export async function cancelTimersOf(sql: Sql, tokenIds: string[]) {
  if (!tokenIds.length) return;
  await sql`update workflow_timers set cancelled_at = now()
            where token_id = any(${tokenIds}::uuid[]) and fired_at is null
              and cancelled_at is null`;
}

export async function openTimersOfInstance(sql: Sql, instanceId: string): Promise<TimerRow[]> {
  return await sql<TimerRow[]>`select * from workflow_timers where instance_id = ${instanceId}
    and fired_at is null and cancelled_at is null order by due_at`;
}

/** Due timers of the current tenant (the sweep fires them when their job is missing). */
export async function dueTimers(sql: Sql, now: Date, limit: number): Promise<TimerRow[]> {
  return await sql<TimerRow[]>`select * from workflow_timers
    where fired_at is null and cancelled_at is null and due_at <= ${now}
      and instance_id is not null
    order by due_at limit ${limit}`;
}

// -- incidents

export async function insertIncident(
  sql: Sql,
  i: { instanceId: string; tokenId: string; elementId: string; kind: string; message: string },
): Promise<string> {
  const id = uuidv7();
  await sql`insert into workflow_incidents (tenant_id, id, instance_id, token_id, element_id,
              kind, message)
            values (current_setting('app.tenant_id')::uuid, ${id}, ${i.instanceId},
              ${i.tokenId}, ${i.elementId}, ${i.kind}, ${i.message.slice(0, 2000)})`;
  return id;
}

export interface IncidentRow {
  id: string;
  instanceId: string;
  tokenId: string;
  elementId: string;
  kind: string;
  message: string;
  resolvedAt: string | null;
}

export async function incidentById(sql: Sql, id: string): Promise<IncidentRow | null> {
  const [row] = await sql<IncidentRow[]>`
    select id, instance_id, token_id, element_id, kind, message, resolved_at
    from workflow_incidents where id = ${id}`;
  return row ?? null;
}

export async function resolveIncidents(
  sql: Sql,
  where: { id?: string; instanceId?: string },
  resolution: "retried" | "skipped" | "cancelled" | "migrated",
  by: string | null,
): Promise<number> {
  const rows = await sql`
    update workflow_incidents set resolved_at = now(), resolved_by = ${by},
      resolution = ${resolution}
    where resolved_at is null and ${
    where.id ? sql`id = ${where.id}` : sql`instance_id = ${where.instanceId!}`
  }
    returning id`;
  return rows.length;
}

// -- tasks and definitions

/** Cancels the open user tasks of these tokens (boundary interrupt, cancel, migration). */
export async function cancelTasksOf(sql: Sql, tokenIds: string[]) {
  if (!tokenIds.length) return;
  await sql`update workflow_tasks set state = 'cancelled'
            where token_id = any(${tokenIds}::uuid[])
              and state in ('created', 'claimed', 'delegated')`;
}

export interface DefinitionRef {
  id: string;
  key: string;
  name: string;
  latestVersion: number;
  archivedAt: string | null;
}

export async function findDefinition(
  sql: Sql,
  by: { id?: string; key?: string },
): Promise<DefinitionRef | null> {
  const [row] = await sql<DefinitionRef[]>`
    select id, key, name, latest_version, archived_at from workflow_definitions
    where ${by.id ? sql`id = ${by.id}` : sql`key = ${by.key ?? ""}`}`;
  return row ?? null;
}

export async function versionOf(
  sql: Sql,
  definitionId: string,
  version: number,
): Promise<{ id: string; version: number } | null> {
  const [row] = await sql<{ id: string; version: number }[]>`
    select id, version from workflow_definition_versions
    where definition_id = ${definitionId} and version = ${version}`;
  return row ?? null;
}

/** Resolves an e-mail (or a user id) of an active member to the user id; null otherwise. */
export async function memberIdOf(sql: Sql, who: string): Promise<string | null> {
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(who);
  const [row] = await sql<{ userId: string }[]>`
    select user_id from member_directory
    where ${isId ? sql`user_id = ${who}::uuid` : sql`lower(email) = lower(${who})`}
      and status = 'active'`;
  return row?.userId ?? null;
}

/** The tenant of the current scope (app.tenant_id). */
export async function currentTenantId(sql: Sql): Promise<string> {
  const [{ tenantId }] = await sql`select current_setting('app.tenant_id') as tenant_id`;
  return tenantId;
}

/** A new instance's row (engine.start.service.ts builds the values). */
export async function insertInstance(
  sql: Sql,
  i: {
    id: string;
    definitionId: string;
    versionId: string;
    businessKey: string | null;
    name: string;
    variables: Vars;
    parentInstanceId: string | null;
    parentTokenId: string | null;
    startedBy: string | null;
    search: string;
  },
) {
  await sql`
    insert into workflow_instances (tenant_id, id, definition_id, version_id, business_key, name,
      variables, parent_instance_id, parent_token_id, started_by, search)
    values (current_setting('app.tenant_id')::uuid, ${i.id}, ${i.definitionId}, ${i.versionId},
      ${i.businessKey}, ${i.name}, ${JSON.stringify(i.variables)}::text::jsonb,
      ${i.parentInstanceId}, ${i.parentTokenId}, ${i.startedBy},
      ${i.search})`;
}

/** A definition's key (for the domain events); null when it is gone. */
export async function definitionKeyOf(sql: Sql, definitionId: string): Promise<string | null> {
  const [d] = await sql`select key from workflow_definitions
                            where id = ${definitionId}`;
  return (d?.key as string) ?? null;
}

/** The open incidents of one token. */
export async function openIncidentsOfToken(sql: Sql, tokenId: string): Promise<{ id: string }[]> {
  const rows = await sql<{ id: string }[]>`select id from workflow_incidents
                           where token_id = ${tokenId} and resolved_at is null`;
  return rows;
}

/** How a called (child) instance stands: state, variables, version and end element. */
export async function calledInstanceEnd(sql: Sql, childId: string) {
  const [child] = await sql<{
    state: InstanceRow["state"];
    variablesJson: string;
    versionId: string;
    endElementId: string | null;
  }[]>`select state, variables::text as variables_json, version_id,
                                end_element_id
                              from workflow_instances where id = ${childId}`;
  return child ?? null;
}

/** A deployed latest version a start event (message, signal) may start, with its model. */
export interface StartTargetRow {
  definitionId: string;
  key: string;
  name: string;
  version: number;
  createdBy: string | null;
  modelJson: string;
}

/** The latest versions of live processes with a message start event for this event name. */
export async function messageStartTargets(sql: Sql, eventName: string) {
  return await sql<StartTargetRow[]>`
    select d.id as definition_id, d.key, d.name, v.version, d.created_by,
      v.model::text as model_json
    from workflow_definitions d
    join workflow_definition_versions v on v.definition_id = d.id and v.version = d.latest_version
    where d.archived_at is null and ${eventName} = any(v.start_events)`;
}

/** Tokens waiting for an Automation run. */
export async function tokensWaitingForRun(sql: Sql, runId: string) {
  return await sql<{ id: string; instanceId: string }[]>`
    select id, instance_id from workflow_tokens
    where state = 'waiting' and ended_at is null and vars->>'runId' = ${runId}`;
}

/** Timers of every tenant due before `late` and not fired (the sweep; runs as the worker). */
export async function lateTimers(tx: Sql, late: Date) {
  return await tx<{ tenantId: string; id: string; instanceId: string | null }[]>`
      select t.tenant_id, t.id, t.instance_id from workflow_timers t
      left join workflow_instances i on i.tenant_id = t.tenant_id and i.id = t.instance_id
      where t.fired_at is null and t.cancelled_at is null and t.due_at <= ${late}
        and (i.state = 'active' or (t.kind = 'start' and t.instance_id is null))
      order by t.due_at limit 200`;
}
