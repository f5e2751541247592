/**
 * Where a dataset or tenant-table query reads from: the field whitelist (a dataset's catalog
 * fields, a table's typed columns read out of its JSON rows) and the joins over defined
 * relations. Everything is read in the caller's tenant scope, so another tenant's table or
 * relation is simply not found.
 */
import { type AliasedRawBuilder, type RawBuilder, sql } from "kysely";
import type { Sql } from "../../../shared/db/database.ts";
import type { FieldError } from "../../../shared/http/problem.ts";
import { problems } from "../../../shared/http/problem.ts";
import type { AnalyticsQuery, ResultColumn, SourceRef } from "./query.types.schemas.ts";
import type { CompileExtra, FieldSpec, JoinPlan } from "./query.compile.repo.ts";
import { datasetCatalog } from "./query.datasets.lib.ts";
import { COLUMN_NAME, type FieldType, NAME, unprocessable } from "./query.values.lib.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TYPES: FieldType[] = ["text", "number", "boolean", "date", "datetime"];

/** A tenant table's column read out of its JSON row; a value of the wrong shape reads as null. */
function tableExpr(alias: string, name: string, type: FieldType): RawBuilder<unknown> {
  const j = sql`${sql.ref(`${alias}.data`)}->${sql.lit(name)}`;
  const txt = sql`${sql.ref(`${alias}.data`)}->>${sql.lit(name)}`;
  switch (type) {
    case "number":
      return sql`(case jsonb_typeof(${j}) when 'number' then (${j})::float8 end)`;
    case "boolean":
      return sql`(case jsonb_typeof(${j}) when 'boolean' then (${j})::boolean end)`;
    case "date":
      return sql`(case when ${txt} ~ '^\\d{4}-\\d{2}-\\d{2}$' then (${txt})::date end)`;
    case "datetime":
      return sql`(case when ${txt} ~ '^\\d{4}-\\d{2}-\\d{2}' then (${txt})::timestamptz end)`;
    default:
      return txt;
  }
}

interface SourcePlan {
  from: AliasedRawBuilder<unknown, string>;
  fields: FieldSpec[];
  /** Conditions on the source itself (a table's rows belong to that table). */
  where: RawBuilder<unknown>[];
}

async function sourcePlan(
  sql_: Sql,
  ref: SourceRef,
  alias: string,
  locale: string,
  path: string,
): Promise<SourcePlan | FieldError> {
  if (ref.kind === "dataset") {
    const ds = datasetCatalog(locale).find((d) => d.name === ref.name);
    if (!ds) return { path, message: `Unknown dataset ${ref.name}.` };
    return {
      from: sql.table(`analytics_ds_${ds.name}`).as(alias),
      fields: ds.fields.map((f) => ({ ...f, expr: sql.ref(`${alias}.${f.name}`) })),
      where: [],
    };
  }
  if (ref.kind === "table") {
    if (!UUID.test(String(ref.id))) return { path, message: "Unknown table." };
    const [row] = await sql_<{ columns: ResultColumn[] }[]>`
      select columns from analytics_tables where id = ${ref.id}`;
    if (!row) return { path, message: "Unknown table." };
    const fields: FieldSpec[] = (Array.isArray(row.columns) ? row.columns : [])
      .filter((c) => COLUMN_NAME.test(c?.name ?? "") && TYPES.includes(c.type))
      .map((c) => ({
        name: c.name,
        label: c.label || c.name,
        type: c.type,
        expr: tableExpr(alias, c.name, c.type),
      }));
    return {
      from: sql.table("analytics_table_rows").as(alias),
      fields,
      where: [sql`${sql.ref(`${alias}.table_id`)} = ${ref.id}::uuid`],
    };
  }
  return { path, message: "External sources cannot be joined with tenant data." };
}

const sameSource = (a: SourceRef, b: SourceRef) =>
  a.kind === b.kind &&
  (a.kind === "dataset"
    ? a.name === (b as typeof a).name
    : a.kind === "table"
    ? a.id === (b as typeof a).id
    : false);

interface RelationRow {
  id: string;
  name: string;
  leftSource: SourceRef;
  leftField: string;
  rightSource: SourceRef;
  rightField: string;
}

/**
 * The whitelist and FROM/JOIN parts of a dataset or table query. An unknown table is 404 (as
 * another tenant's id is); any other fault is a 422 naming its place.
 */
export async function planQuery(
  sql_: Sql,
  query: AnalyticsQuery,
  locale: string,
): Promise<{ fields: Map<string, FieldSpec>; extra: CompileExtra }> {
  const main = await sourcePlan(sql_, query.source, "s", locale, "source");
  if ("message" in main) {
    if (query.source.kind === "table") throw problems.notFound("Table not found");
    throw unprocessable([main]);
  }
  const fields = new Map(main.fields.map((f) => [f.name, f]));
  const joins: JoinPlan[] = [];
  const where = [...main.where];
  const errors: FieldError[] = [];
  const ids = query.joins ?? [];
  const rels = ids.length && ids.every((id) => UUID.test(String(id)))
    ? await sql_<RelationRow[]>`select id, name, left_source, left_field, right_source,
        right_field from analytics_relations where id = any(${ids}::uuid[])`
    : [];
  for (const [i, id] of ids.entries()) {
    const path = `joins.${i}`;
    const rel = rels.find((r) => r.id === id);
    if (!rel) {
      errors.push({ path, message: "Unknown relation." });
      continue;
    }
    // The query's source may be either side of the relation; the other side is joined.
    const fromLeft = sameSource(rel.leftSource, query.source);
    if (!fromLeft && !sameSource(rel.rightSource, query.source)) {
      errors.push({ path, message: `The relation ${rel.name} does not start at this source.` });
      continue;
    }
    const alias = `j${i}`;
    const other = await sourcePlan(
      sql_,
      fromLeft ? rel.rightSource : rel.leftSource,
      alias,
      locale,
      path,
    );
    if ("message" in other) {
      errors.push(other);
      continue;
    }
    const mine = fields.get(fromLeft ? rel.leftField : rel.rightField);
    const theirs = other.fields.find((f) => f.name === (fromLeft ? rel.rightField : rel.leftField));
    if (!mine || !theirs) {
      errors.push({ path, message: `The relation ${rel.name} names a field that is gone.` });
      continue;
    }
    // Fields of the joined side are `<relation>.<field>` (by its name, or its id).
    const prefix = NAME.test(rel.name) ? rel.name : rel.id;
    for (const f of other.fields) {
      fields.set(`${prefix}.${f.name}`, {
        ...f,
        name: `${prefix}.${f.name}`,
        label: `${rel.name} · ${f.label}`,
      });
    }
    joins.push({
      from: other.from,
      on: sql.join([sql`${mine.expr!}::text = ${theirs.expr!}::text`, ...other.where], sql` and `),
    });
  }
  if (errors.length) throw unprocessable(errors);
  return { fields, extra: { from: main.from, joins, where, locale, utcBuckets: true } };
}
