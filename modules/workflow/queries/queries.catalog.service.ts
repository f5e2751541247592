/**
 * What a builder elsewhere (the report studio) may offer as choices: the tenant's data models
 * and saved queries, and the fields one source has — the same whitelist the compiler accepts,
 * with the labels people read.
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import { fieldsFor, type ModelField, SOURCES } from "./queries.fields.repo.ts";
import { findModel, modelChoices, queryNames } from "./queries.repo.ts";
import type { QueryChoices, QuerySource } from "./queries.types.lib.ts";

export type { QueryChoices } from "./queries.types.lib.ts";

export async function queryChoices(
  actor: SystemActor,
  { source, modelKey, locale }: { source: string; modelKey: string | null; locale: string },
): Promise<QueryChoices> {
  const { sql } = actor;
  const models = (await modelChoices(sql)).map((m) => ({ key: m.key, name: m.name }));
  const queries = await queryNames(sql);
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
