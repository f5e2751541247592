/** SQL of process definitions and their versions, through the tenant-scoped connection. */
import type { Sql } from "../../../shared/db/database.ts";
import type { ProcessModel, TimerDef } from "../common/model.lib.ts";
import type { BpmnProblem } from "./definitions.compile.lib.ts";
import type { Definition, DefinitionDetail, VersionSummary } from "./definitions.schemas.ts";

// Keyset key with microseconds (rows written in one transaction share one now()).
const US = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

const DEF_COLUMNS = `d.id, d.key, d.name, d.description, d.category, d.startable,
  d.latest_version, (d.draft_xml is not null and d.draft_xml is distinct from (
    select v.xml from workflow_definition_versions v
    where v.definition_id = d.id and v.version = d.latest_version)) as has_draft, d.draft_updated_at, d.archived_at,
  d.created_by, d.created_at, d.updated_at`;

type DefRow = Definition & { sortKey: string };

export async function selectDefinitions(
  sql: Sql,
  f: { q?: string; archived: boolean },
  limit: number,
  after: [string, string] | null,
): Promise<DefRow[]> {
  const like = f.q ? `%${f.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  return await sql<DefRow[]>`
    select ${sql.unsafe(DEF_COLUMNS)}, to_char(d.updated_at at time zone 'UTC', ${
    sql.unsafe(US)
  }) as sort_key
    from workflow_definitions d
    where ${f.archived ? sql`d.archived_at is not null` : sql`d.archived_at is null`}
      ${
    like
      ? sql`and (d.name ilike ${like} or d.key ilike ${like} or d.category ilike ${like})`
      : sql``
  }
      ${
    after ? sql`and (d.updated_at, d.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``
  }
    order by d.updated_at desc, d.id desc limit ${limit + 1}`;
}

export async function findDefinition(
  sql: Sql,
  id: string,
  lock = false,
): Promise<DefinitionDetail | null> {
  const [row] = await sql<DefinitionDetail[]>`
    select ${sql.unsafe(DEF_COLUMNS)}, d.draft_xml from workflow_definitions d where d.id = ${id}
    ${lock ? sql`for update` : sql``}`;
  return row ?? null;
}

export async function keyTaken(sql: Sql, key: string): Promise<boolean> {
  const [row] = await sql`select 1 from workflow_definitions where key = ${key}`;
  return !!row;
}

/** The id of this tenant's definition with the key (archived ones too), or null. */
export async function definitionIdByKey(sql: Sql, key: string): Promise<string | null> {
  const [row] = await sql<{ id: string }[]>`select id from workflow_definitions where key = ${key}`;
  return row?.id ?? null;
}

export async function insertDefinition(
  sql: Sql,
  d: { id: string; key: string; name: string; description: string; category: string },
  draftXml: string,
  userId: string,
) {
  await sql`
    insert into workflow_definitions (tenant_id, id, key, name, description, category, draft_xml,
      draft_updated_at, draft_updated_by, created_by)
    values (current_setting('app.tenant_id')::uuid, ${d.id}, ${d.key}, ${d.name},
      ${d.description}, ${d.category}, ${draftXml}, now(), ${userId}, ${userId})`;
}

export async function updateDefinitionRow(
  sql: Sql,
  id: string,
  p: { name?: string; description?: string; category?: string; startable?: boolean },
) {
  await sql`
    update workflow_definitions set
      name = coalesce(${p.name ?? null}, name),
      description = coalesce(${p.description ?? null}, description),
      category = coalesce(${p.category ?? null}, category),
      startable = coalesce(${p.startable ?? null}::boolean, startable),
      updated_at = now()
    where id = ${id}`;
}

export async function writeDraft(sql: Sql, id: string, xml: string, userId: string) {
  await sql`update workflow_definitions set draft_xml = ${xml}, draft_updated_at = now(),
    draft_updated_by = ${userId}, updated_at = now() where id = ${id}`;
}

export async function archiveDefinitionRow(sql: Sql, id: string) {
  await sql`update workflow_definitions set archived_at = now(), updated_at = now()
    where id = ${id}`;
}

export async function runningInstances(sql: Sql, definitionId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from workflow_instances
    where definition_id = ${definitionId} and state in ('active', 'suspended')`;
  return row.n;
}

export interface NewVersion {
  id: string;
  definitionId: string;
  version: number;
  name: string;
  xml: string;
  model: ProcessModel;
  lint: BpmnProblem[];
  startEvents: string[];
  startTimers: { elementId: string; timer: TimerDef }[];
  note: string;
  /** camunda:historyTimeToLive in days (null: the tenant default). */
  historyTtlDays?: number | null;
}

/** Inserts the version and moves the definition's latest_version (row already locked). */
export async function insertVersion(sql: Sql, v: NewVersion, userId: string) {
  // JSON goes in as text cast to jsonb: the driver's camelCase transform must not touch keys.
  await sql`
    insert into workflow_definition_versions (tenant_id, id, definition_id, version, name, xml,
      model, lint, start_events, start_timers, note, deployed_by, history_ttl_days)
    values (current_setting('app.tenant_id')::uuid, ${v.id}, ${v.definitionId}, ${v.version},
      ${v.name}, ${v.xml}, ${JSON.stringify(v.model)}::text::jsonb, ${
    JSON.stringify(v.lint)
  }::text::jsonb,
      ${v.startEvents}, ${JSON.stringify(v.startTimers)}::text::jsonb, ${v.note}, ${userId},
      ${v.historyTtlDays ?? null}::int)`;
  await sql`update workflow_definitions set latest_version = ${v.version}, key = ${v.model.id},
    updated_at = now() where id = ${v.definitionId}`;
}

const VERSION_COLUMNS = `v.id, v.definition_id, v.version, v.name, v.note, v.start_events,
  v.deployed_by, null::text as deployed_by_name, v.deployed_at`;

export async function selectVersions(sql: Sql, definitionId: string): Promise<VersionSummary[]> {
  return await sql<VersionSummary[]>`
    select ${sql.unsafe(VERSION_COLUMNS)} from workflow_definition_versions v
    where v.definition_id = ${definitionId} order by v.version desc`;
}

export type VersionRow = VersionSummary & {
  xml: string;
  model: ProcessModel;
  lint: BpmnProblem[];
  startTimers: { elementId: string; timer: TimerDef }[];
};

export async function findVersion(
  sql: Sql,
  definitionId: string,
  version: number,
): Promise<VersionRow | null> {
  const [row] = await sql<
    (VersionSummary & { xml: string; modelJson: string; lintJson: string; timersJson: string })[]
  >`
    select ${sql.unsafe(VERSION_COLUMNS)}, v.xml, v.model::text as model_json,
      v.lint::text as lint_json, v.start_timers::text as timers_json
    from workflow_definition_versions v
    where v.definition_id = ${definitionId} and v.version = ${version}`;
  if (!row) return null;
  const { modelJson, lintJson, timersJson, ...rest } = row;
  return {
    ...rest,
    model: JSON.parse(modelJson),
    lint: JSON.parse(lintJson),
    startTimers: JSON.parse(timersJson),
  };
}

/** Startable definitions with a deployed version, with the start event's model element. */
export async function selectStartable(sql: Sql) {
  return await sql<
    {
      id: string;
      key: string;
      name: string;
      description: string;
      category: string;
      version: number;
      versionId: string;
      modelJson: string;
    }[]
  >`
    select d.id, d.key, d.name, d.description, d.category, v.version, v.id as version_id,
      v.model::text as model_json
    from workflow_definitions d
    join workflow_definition_versions v on v.definition_id = d.id and v.version = d.latest_version
    where d.startable and d.archived_at is null and d.latest_version > 0
    order by d.category, d.name`;
}
