/**
 * Read models of process instances, straight from the engine's tables (RLS-scoped): lists,
 * one instance with its tokens, tasks, incidents and history. The engine writes these rows;
 * this feature only reads them, except an admin's variable edit.
 */
import type { Sql } from "../../../shared/db/database.ts";
import { foldedContains } from "../../../shared/text/fold.ts";
import { type FieldColumns, selectList } from "../../../shared/db/fieldset.ts";
import type { ProcessModel } from "../common/model.lib.ts";
import type { HistoryEntry, Incident, Instance, InstanceTask } from "./instances.schemas.ts";

const US = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
// deno-lint-ignore no-explicit-any
const joinSql = (sql: Sql, parts: any[]) =>
  parts.filter(Boolean).reduce((acc, part) => sql`${acc} ${part}`, sql``);

/** Who is asking: everything for managers, else what they started or hold a task in. */
export interface Viewer {
  userId: string;
  roles: string[];
  all: boolean;
}

/** The instances (alias `i`) a viewer may see. */
export function visibleTo(sql: Sql, v: Viewer) {
  if (v.all) return sql``;
  return sql`and (i.started_by = ${v.userId} or exists (
    select 1 from workflow_tasks t where t.instance_id = i.id and (
      t.assignee = ${v.userId} or t.owner = ${v.userId} or t.completed_by = ${v.userId}
      or ${v.userId}::uuid = any(t.candidate_users)
      or t.candidate_roles && ${v.roles}::text[])))`;
}

/** Text search over name and business key: the stored folded `search`, or folded now. */
export function instanceSearch(sql: Sql, q: string) {
  return sql`and (case when i.search <> '' then i.search
    else platform_fold(i.name || ' ' || coalesce(i.business_key, '')) end) like ${
    foldedContains(q)
  }`;
}

/**
 * An instance's API fields and their select items, for a sparse fieldset (`fields=`,
 * shared/db/fieldset.ts): a list reads the asked ones, the id and its keyset key.
 */
const INSTANCE_FIELDS: FieldColumns = {
  id: "i.id",
  name: "i.name",
  businessKey: "i.business_key",
  definitionId: "i.definition_id",
  definitionKey: "d.key as definition_key",
  definitionName: "d.name as definition_name",
  versionId: "i.version_id",
  version: "v.version",
  state: "i.state",
  incidentCount: "i.incident_count",
  startedBy: "i.started_by",
  startedByName: "md.name as started_by_name",
  startedAt: "i.started_at",
  endedAt: "i.ended_at",
};

/** The instance's columns (all, or a sparse fieldset's and the id) and its keyset key. */
const columns = (sql: Sql, fields?: readonly string[]) =>
  sql.unsafe(`${selectList(INSTANCE_FIELDS, fields, ["id"])},
    to_char(i.started_at at time zone 'UTC', ${US}) as started_key`);

const from = (sql: Sql) =>
  sql`from workflow_instances i
    join workflow_definitions d on d.id = i.definition_id
    join workflow_definition_versions v on v.id = i.version_id
    left join member_directory md on md.user_id = i.started_by`;

export type InstanceRow = Instance & { startedKey: string };

export interface ListOptions {
  viewer: Viewer;
  startedBy?: string;
  definitionId?: string;
  versionId?: string;
  state?: string;
  states?: string[];
  startedFrom?: string;
  startedTo?: string;
  q?: string;
  incident?: boolean;
  limit: number;
  after: (string | number)[] | null;
  /** A sparse fieldset: only these fields' columns (and the id and the keyset key). */
  fields?: readonly string[];
}

export async function selectInstances(sql: Sql, o: ListOptions): Promise<InstanceRow[]> {
  const f = joinSql(sql, [
    visibleTo(sql, o.viewer),
    o.startedBy && sql`and i.started_by = ${o.startedBy}`,
    o.definitionId && sql`and i.definition_id = ${o.definitionId}`,
    o.versionId && sql`and i.version_id = ${o.versionId}`,
    o.state && sql`and i.state = ${o.state}`,
    o.states && sql`and i.state = any(${o.states}::text[])`,
    o.startedFrom && sql`and i.started_at >= ${o.startedFrom}`,
    o.startedTo && sql`and i.started_at < ${o.startedTo}`,
    o.q && instanceSearch(sql, o.q),
    o.incident && sql`and i.incident_count > 0`,
    o.after && sql`and (i.started_at, i.id) < (${o.after[0]}::timestamptz, ${o.after[1]}::uuid)`,
  ]);
  return await sql<InstanceRow[]>`select ${columns(sql, o.fields)} ${from(sql)} where true ${f}
    order by i.started_at desc, i.id desc limit ${o.limit + 1}`;
}

export type InstanceFull = InstanceRow & {
  variables: Record<string, unknown>;
  endElementId: string | null;
  parentInstanceId: string | null;
  model: ProcessModel;
};

// jsonb is read as text and parsed here: the driver's camel transform would rename the keys
// inside JSON values too (variable `first_name`, element `Task_1`).
export async function findInstance(sql: Sql, id: string, viewer: Viewer, lock = false) {
  const [row] = await sql<(InstanceRow & Record<string, unknown>)[]>`select ${columns(sql)},
      i.variables::text as variables_json, i.end_element_id, i.parent_instance_id,
      v.model::text as model_json
    ${from(sql)} where i.id = ${id} ${visibleTo(sql, viewer)}
    ${lock ? sql`for update of i` : sql``}`;
  if (!row) return undefined;
  const { variablesJson, modelJson, ...rest } = row;
  return {
    ...rest,
    variables: JSON.parse(String(variablesJson)),
    model: JSON.parse(String(modelJson)),
  } as InstanceFull;
}

/** The BPMN XML of an instance's version (for the diagram). */
export async function versionXml(sql: Sql, versionId: string) {
  const [row] = await sql<{ xml: string }[]>`
    select xml from workflow_definition_versions where id = ${versionId}`;
  return row?.xml ?? null;
}

/** Where the live tokens stand, with their state. */
export async function liveTokens(sql: Sql, instanceId: string) {
  return await sql<{ elementId: string; state: string }[]>`
    select element_id, state from workflow_tokens
    where instance_id = ${instanceId} and ended_at is null
      and state in ('ready', 'waiting', 'incident')`;
}

/** Elements that completed at least once (the diagram's "done" marks). */
export async function doneElements(sql: Sql, instanceId: string) {
  const rows = await sql<{ elementId: string }[]>`
    select distinct element_id from workflow_history
    where instance_id = ${instanceId} and event in ('element.completed', 'completed')
      and element_id is not null`;
  return rows.map((r) => r.elementId);
}

export async function openTasksOf(sql: Sql, instanceId: string) {
  return await sql<InstanceTask[]>`
    select t.id, t.name, t.element_id, t.state, t.assignee, md.name as assignee_name,
      t.priority, t.due_at, t.created_at
    from workflow_tasks t left join member_directory md on md.user_id = t.assignee
    where t.instance_id = ${instanceId} and t.state in ('created', 'claimed', 'delegated')
    order by t.created_at, t.id`;
}

/** Open incidents, newest first: of one instance, or every one the viewer may see. */
export async function selectIncidents(
  sql: Sql,
  o: { viewer: Viewer; instanceId?: string; limit: number; after: (string | number)[] | null },
) {
  return await sql<(Incident & { createdKey: string })[]>`
    select x.id, x.instance_id, i.name as instance_name, x.element_id,
      coalesce(nullif(v.model->'elements'->x.element_id->>'name', ''), x.element_id)
        as element_name,
      x.kind, x.message, x.created_at,
      to_char(x.created_at at time zone 'UTC', ${sql.unsafe(US)}) as created_key
    from workflow_incidents x
      join workflow_instances i on i.id = x.instance_id
      join workflow_definition_versions v on v.id = i.version_id
    where x.resolved_at is null ${visibleTo(sql, o.viewer)}
      ${o.instanceId ? sql`and x.instance_id = ${o.instanceId}` : sql``}
      ${
    o.after
      ? sql`and (x.created_at, x.id) < (${o.after[0]}::timestamptz, ${o.after[1]}::uuid)`
      : sql``
  }
    order by x.created_at desc, x.id desc limit ${o.limit + 1}`;
}

/** The instance an incident belongs to (null: no such incident in this tenant). */
export async function incidentInstance(sql: Sql, incidentId: string) {
  const [row] = await sql<{ instanceId: string; resolvedAt: string | null }[]>`
    select instance_id, resolved_at from workflow_incidents where id = ${incidentId}`;
  return row ?? null;
}

/** The instance's history, oldest first, with element names from the model and people's names. */
export async function selectHistory(sql: Sql, instanceId: string, limit: number) {
  const rows = await sql<(Omit<HistoryEntry, "data"> & { dataJson: string })[]>`
    select h.id, h.at, h.event, h.element_id, h.element_type,
      coalesce(nullif(v.model->'elements'->h.element_id->>'name', ''), h.element_id)
        as element_name,
      h.actor as actor_id, md.name as actor_name, h.data::text as data_json
    from workflow_history h
      join workflow_instances i on i.id = h.instance_id
      join workflow_definition_versions v on v.id = i.version_id
      left join member_directory md on md.user_id = h.actor
    where h.instance_id = ${instanceId}
    order by h.at, h.id limit ${limit}`;
  return rows.map(({ dataJson, ...r }): HistoryEntry => ({ ...r, data: JSON.parse(dataJson) }));
}

/** Sets variables (merged over the current ones), bumps the revision, records it in history. */
export async function mergeVariables(
  sql: Sql,
  instanceId: string,
  vars: Record<string, unknown>,
  historyId: string,
) {
  await sql`update workflow_instances
    set variables = variables || ${sql.json(vars as never)}, revision = revision + 1
    where id = ${instanceId}`;
  await sql`insert into workflow_history (tenant_id, id, instance_id, event, actor, data)
    values (current_setting('app.tenant_id')::uuid, ${historyId}, ${instanceId},
      'variables.changed', nullif(current_setting('app.user_id', true), '')::uuid,
      ${sql.json({ names: Object.keys(vars) } as never)})`;
}

/** A deployed version of a definition (by id or key; latest unless a number is given). */
export async function findVersion(
  sql: Sql,
  by: { definitionId?: string; key?: string; version?: number },
) {
  const [row] = await sql<
    { definitionId: string; definitionName: string; startable: boolean; latestVersion: number }[]
  >`select id as definition_id, name as definition_name, startable, latest_version
    from workflow_definitions
    where archived_at is null
      and ${by.definitionId ? sql`id = ${by.definitionId}` : sql`key = ${by.key ?? ""}`}`;
  if (!row) return null;
  const [v] = await sql<{ versionId: string; version: number; modelJson: string }[]>`
    select id as version_id, version, model::text as model_json from workflow_definition_versions
    where definition_id = ${row.definitionId} and version = ${by.version ?? row.latestVersion}`;
  const version = v
    ? { versionId: v.versionId, version: v.version, model: JSON.parse(v.modelJson) as ProcessModel }
    : null;
  return { ...row, version };
}

/** Definitions for the list filters, by name. */
export async function definitionOptions(sql: Sql) {
  return await sql<{ id: string; name: string }[]>`
    select id, name from workflow_definitions order by lower(name), id limit 500`;
}
