/** SQL of instance migration (engine.migrate.service.ts): versions, moved rows, the audit. */
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";

export async function versionById(sql: Sql, id: string) {
  const [row] = await sql<{ id: string; definitionId: string; version: number }[]>`
    select id, definition_id, version from workflow_definition_versions where id = ${id}`;
  return row ?? null;
}

/** One applied batch, audited in workflow_migrations. */
export async function insertMigration(
  sql: Sql,
  m: {
    definitionId: string;
    fromVersionId: string;
    toVersionId: string;
    mapping: Record<string, string>;
    instanceIds: string[];
    results: unknown[];
    createdBy: string;
  },
) {
  await sql`
      insert into workflow_migrations (tenant_id, id, definition_id, from_version_id,
        to_version_id, mapping, instance_ids, state, results, created_by)
      values (current_setting('app.tenant_id')::uuid, ${uuidv7()}, ${m.definitionId},
        ${m.fromVersionId}, ${m.toVersionId}, ${
    JSON.stringify(m.mapping)
  }::text::jsonb, ${m.instanceIds}::uuid[], 'applied',
        ${JSON.stringify(m.results)}::text::jsonb,
        ${m.createdBy})`;
}

/** A token moves to another element, with its open task and open incident. */
export async function moveTokenTo(sql: Sql, tokenId: string, to: string) {
  await sql`update workflow_tokens set element_id = ${to} where id = ${tokenId}`;
  await sql`update workflow_tasks set element_id = ${to}
                    where token_id = ${tokenId} and state in ('created', 'claimed', 'delegated')`;
  await sql`update workflow_incidents set element_id = ${to}
                    where token_id = ${tokenId} and resolved_at is null`;
}

export async function setInstanceVersion(sql: Sql, instanceId: string, versionId: string) {
  await sql`update workflow_instances set version_id = ${versionId}
                  where id = ${instanceId}`;
}
