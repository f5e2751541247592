/** SQL of relations between tables and datasets (tenant-scoped connection). */
import type { Sql } from "../../../shared/db/database.ts";
import type { Relation, RelationInput, RelSource } from "./relations.schemas.ts";

type Raw = {
  id: string;
  name: string;
  leftSource: RelSource;
  leftField: string;
  rightSource: RelSource;
  rightField: string;
  createdAt: string;
};
const toRelation = (r: Raw): Relation => ({
  id: r.id,
  name: r.name,
  left: { source: r.leftSource, field: r.leftField },
  right: { source: r.rightSource, field: r.rightField },
  createdAt: new Date(r.createdAt).toISOString(),
});

export async function selectRelations(sql: Sql): Promise<Relation[]> {
  const rows = await sql<Raw[]>`select id, name, left_source, left_field, right_source,
    right_field, created_at from analytics_relations order by created_at, id limit 500`;
  return rows.map(toRelation);
}

export async function insertRelation(
  sql: Sql,
  id: string,
  name: string,
  input: Pick<RelationInput, "left" | "right">,
): Promise<void> {
  await sql`insert into analytics_relations (tenant_id, id, name, left_source, left_field,
      right_source, right_field)
    values (current_setting('app.tenant_id')::uuid, ${id}, ${name},
      ${JSON.stringify(input.left.source)}::text::jsonb, ${input.left.field},
      ${JSON.stringify(input.right.source)}::text::jsonb, ${input.right.field})`;
}

/** Deletes a relation; its name, or null when there was none. */
export async function deleteRelation(sql: Sql, id: string): Promise<string | null> {
  const [row] = await sql<{ name: string }[]>`delete from analytics_relations
    where id = ${id} returning name`;
  return row ? row.name : null;
}

/** Relations over a table would point at nothing once it is gone. */
export async function deleteTableRelations(sql: Sql, tableId: string): Promise<void> {
  await sql`delete from analytics_relations where (left_source ->> 'kind' = 'table'
    and left_source ->> 'id' = ${tableId}) or (right_source ->> 'kind' = 'table'
    and right_source ->> 'id' = ${tableId})`;
}
