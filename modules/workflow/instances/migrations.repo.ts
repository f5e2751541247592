/** Versions, their running instances and the audit of migrations between them. */
import type { Sql } from "../../../shared/db/database.ts";
import type { ProcessModel } from "../common/model.lib.ts";
import type { MigrationRecord } from "./migrations.schemas.ts";

export async function definitionVersions(sql: Sql, definitionId: string) {
  const rows = await sql<{ id: string; version: number; modelJson: string; running: number }[]>`
    select v.id, v.version, v.model::text as model_json,
      (select count(*)::int from workflow_instances i where i.version_id = v.id
        and i.state in ('active', 'suspended')) as running
    from workflow_definition_versions v where v.definition_id = ${definitionId}
    order by v.version`;
  // Parsed here: the driver's camel transform would rename keys inside JSON (element ids).
  return rows.map(({ modelJson, ...r }) => ({
    ...r,
    model: JSON.parse(modelJson) as ProcessModel,
  }));
}

export async function definitionName(sql: Sql, definitionId: string) {
  const [row] = await sql<{ name: string }[]>`
    select name from workflow_definitions where id = ${definitionId}`;
  return row?.name ?? null;
}

/** Definitions that have at least two versions (something to migrate between). */
export async function migratableDefinitions(sql: Sql) {
  return await sql<{ id: string; name: string; latestVersion: number }[]>`
    select id, name, latest_version from workflow_definitions
    where latest_version > 1 and archived_at is null order by lower(name), id limit 500`;
}

/** Running (active or suspended) instances of a version, optionally only the given ids. */
export async function runningInstances(sql: Sql, versionId: string, ids?: string[]) {
  return await sql<{ id: string; name: string; businessKey: string | null; startedAt: string }[]>`
    select id, name, business_key, started_at from workflow_instances
    where version_id = ${versionId} and state in ('active', 'suspended')
      ${ids ? sql`and id = any(${ids}::uuid[])` : sql``}
    order by started_at, id limit 10000`;
}

export async function selectMigrations(sql: Sql, definitionId: string) {
  const rows = await sql<(MigrationRecord & { mappingJson: string; resultsJson: string })[]>`
    select m.id, m.definition_id, fv.version as from_version, tv.version as to_version,
      m.mapping::text as mapping_json, cardinality(m.instance_ids) as instance_count, m.state,
      m.results::text as results_json,
      m.created_by, md.name as created_by_name, m.created_at
    from workflow_migrations m
      join workflow_definition_versions fv on fv.id = m.from_version_id
      join workflow_definition_versions tv on tv.id = m.to_version_id
      left join member_directory md on md.user_id = m.created_by
    where m.definition_id = ${definitionId}
    order by m.created_at desc, m.id desc limit 200`;
  return rows.map(({ mappingJson, resultsJson, ...r }): MigrationRecord => ({
    ...r,
    mapping: JSON.parse(mappingJson),
    results: JSON.parse(resultsJson),
  }));
}
