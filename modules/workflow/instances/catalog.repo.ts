/** The process catalog: startable definitions with a deployed version and its start form. */
import type { Sql } from "../../../shared/db/database.ts";
import type { ProcessModel } from "../common/model.lib.ts";

export interface CatalogRow {
  id: string;
  key: string;
  name: string;
  description: string;
  category: string;
  version: number;
  model: ProcessModel;
  running: number;
}

export async function selectCatalog(sql: Sql, only?: string): Promise<CatalogRow[]> {
  const rows = await sql<(Omit<CatalogRow, "model"> & { modelJson: string })[]>`
    select d.id, d.key, d.name, d.description, d.category, v.version,
      v.model::text as model_json,
      (select count(*)::int from workflow_instances i
        where i.definition_id = d.id and i.state = 'active') as running
    from workflow_definitions d
      join workflow_definition_versions v on v.definition_id = d.id
        and v.version = d.latest_version
    where d.startable and d.archived_at is null and d.latest_version > 0
      ${only ? sql`and d.id = ${only}` : sql``}
    order by lower(d.category), lower(d.name), d.id limit 500`;
  // Parsed here: the driver's camel transform would rename keys inside JSON (element ids).
  return rows.map(({ modelJson, ...r }) => ({ ...r, model: JSON.parse(modelJson) }));
}
