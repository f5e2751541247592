/**
 * What a builder elsewhere (the report studio) may offer as choices: the tenant's data models
 * and saved queries, and the fields one source has — the same whitelist the compiler accepts,
 * with the labels people read.
 */
import type { Sql } from "../../../shared/db/database.ts";
import { fieldsFor, type ModelField, SOURCES } from "./queries.fields.ts";
import { findModel, modelChoices } from "./queries.repo.ts";
import type { QuerySource } from "./queries.types.ts";

export interface QueryChoices {
  models: { key: string; name: string }[];
  queries: { key: string; name: string }[];
  /** Fields of the given source (for records: of the given model); empty when unknown. */
  fields: { name: string; label: string }[];
}

export async function queryChoices(
  sql: Sql,
  source: string,
  modelKey: string | null,
  locale: string,
): Promise<QueryChoices> {
  const models = (await modelChoices(sql)).map((m) => ({ key: m.key, name: m.name }));
  const queries = await sql<{ key: string; name: string }[]>`
    select key, name from workflow_data_queries order by lower(name), key limit 500`;
  let fields: QueryChoices["fields"] = [];
  if (source in SOURCES) {
    const model = source === "records" && modelKey ? await findModel(sql, modelKey) : null;
    if (source !== "records" || model) {
      const specs = fieldsFor(
        source as QuerySource,
        (model?.fields ?? []) as ModelField[],
        locale,
      );
      fields = [...specs.values()].map(({ name, label }) => ({ name, label }));
    }
  }
  return { models, queries, fields };
}
