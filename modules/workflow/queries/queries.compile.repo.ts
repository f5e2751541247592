/**
 * The query compiler (pure): a definition + its source's field whitelist → parameterised SQL.
 * kysely builds the statement (PostgreSQL dialect, compile only: a DummyDriver that can never
 * run anything); every value a person or a process gives travels as a bind parameter, and only
 * whitelisted names reach the text. The caller runs the result with `sql.unsafe(text, params)`
 * on its own tenant-scoped transaction, so row-level security applies.
 */
import {
  type AliasedRawBuilder,
  DummyDriver,
  type Expression,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
  sql,
  type SqlBool,
} from "kysely";
import type { FieldError } from "../../../shared/http/problem.ts";
import type { QueryColumn, QueryDefinition, QuerySource } from "./queries.types.lib.ts";
import { defaultColumns, type FieldSpec, SOURCES } from "./queries.fields.repo.ts";
import {
  AGGREGATES,
  DEFAULT_LIMIT,
  NAME,
  ROW_CAP,
  splitBucket,
  unprocessable,
} from "./queries.rules.ts";
import { filters } from "./queries.filters.repo.ts";

// deno-lint-ignore no-explicit-any
const db = new Kysely<any>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

export interface CompileInput {
  source: QuerySource;
  fields: Map<string, FieldSpec>;
  definition: QueryDefinition;
  /** Resolved parameter values; `declared` names absent here leave their filters out. */
  params: Map<string, unknown>;
  declared: Set<string>;
  /** Records: the model's id (a parameter too). */
  modelId?: string;
  offset?: number;
  limit?: number;
}

export interface OutColumn extends QueryColumn {
  /** The alias in the SQL (c0, a0…): names people chose never reach the statement. */
  alias: string;
  values?: { value: string; label: string }[];
}

export interface Compiled {
  sql: string;
  parameters: unknown[];
  columns: OutColumn[];
  /** The page size; one more row is fetched to tell whether the cap cut the result. */
  limit: number;
}

const bucketed = (spec: FieldSpec, bucket: string) =>
  sql`date_trunc(${sql.lit(bucket)}, ${spec.expr})::date`;

/** Compiles a definition; every fault is collected and refused together as one 422. */
export function compileQuery(input: CompileInput): Compiled {
  const { definition: d, fields } = input;
  const errors: FieldError[] = [];
  const where = filters(input, errors);
  const columns: OutColumn[] = [];
  const selects: AliasedRawBuilder<unknown, string>[] = [];
  const groups: RawBuilder<unknown>[] = [];
  const byName = new Map<string, RawBuilder<unknown>>();
  const grouped = !!(d.groupBy?.length || d.aggregates?.length);

  if (grouped) {
    (d.groupBy ?? []).forEach((g, i) => {
      const { field, bucket } = splitBucket(g);
      const spec = fields.get(field);
      if (!spec) {
        return errors.push({ path: `definition.groupBy.${i}`, message: `Unknown field ${g}.` });
      }
      if (bucket && spec.type !== "date" && spec.type !== "datetime") {
        return errors.push({
          path: `definition.groupBy.${i}`,
          message: `${spec.label} is not a date, so it cannot be grouped by ${bucket}.`,
        });
      }
      const expr = bucket ? bucketed(spec, bucket) : spec.expr;
      groups.push(expr);
      byName.set(g, expr);
      selects.push(sql`${expr}`.as(`g${i}`));
      columns.push({
        name: g,
        alias: `g${i}`,
        label: spec.label,
        type: bucket ? "date" : spec.type,
        values: spec.values,
      });
    });
    (d.aggregates ?? []).forEach((a, i) => {
      const path = `definition.aggregates.${i}`;
      if (!(AGGREGATES as readonly string[]).includes(a.fn)) {
        return errors.push({ path: `${path}.fn`, message: `Unknown aggregate ${a.fn}.` });
      }
      if (!NAME.test(a.as ?? "") || byName.has(a.as)) {
        return errors.push({ path: `${path}.as`, message: "Each result needs its own name." });
      }
      const spec = a.field ? fields.get(a.field) : undefined;
      if (a.field && !spec) {
        return errors.push({ path: `${path}.field`, message: `Unknown field ${a.field}.` });
      }
      if (!spec && a.fn !== "count") {
        return errors.push({ path: `${path}.field`, message: `${a.fn} needs a field.` });
      }
      if (spec && (a.fn === "sum" || a.fn === "avg") && spec.type !== "number") {
        return errors.push({ path: `${path}.field`, message: `${spec.label} is not a number.` });
      }
      if (spec && spec.type === "boolean" && a.fn !== "count") {
        return errors.push({ path: `${path}.field`, message: `${spec.label} is yes/no.` });
      }
      const fn = sql.raw(a.fn);
      const expr = spec ? sql`${fn}(${spec.expr})` : sql`count(*)`;
      byName.set(a.as, expr);
      selects.push(sql`${expr}`.as(`a${i}`));
      columns.push({
        name: a.as,
        alias: `a${i}`,
        label: a.as,
        type: a.fn === "min" || a.fn === "max" ? spec!.type : "number",
      });
    });
  } else {
    const names = d.columns?.length ? d.columns : defaultColumns(input.source, fields);
    names.forEach((n, i) => {
      const spec = fields.get(n);
      if (!spec) {
        return errors.push({ path: `definition.columns.${i}`, message: `Unknown field ${n}.` });
      }
      selects.push(sql`${spec.expr}`.as(`c${i}`));
      columns.push({
        name: n,
        alias: `c${i}`,
        label: spec.label,
        type: spec.type,
        values: spec.values,
      });
    });
  }

  const order: RawBuilder<unknown>[] = [];
  (d.sort ?? []).forEach((s, i) => {
    const expr = grouped ? byName.get(s.field) : fields.get(s.field)?.expr;
    if (!expr) {
      return errors.push({
        path: `definition.sort.${i}.field`,
        message: grouped
          ? `Sort by a grouped field or a result name, not ${s.field}.`
          : `Unknown field ${s.field}.`,
      });
    }
    if (s.dir !== "asc" && s.dir !== "desc") {
      return errors.push({ path: `definition.sort.${i}.dir`, message: "Sort up or down." });
    }
    order.push(sql`${expr} ${sql.raw(s.dir === "asc" ? "asc nulls first" : "desc nulls last")}`);
  });
  if (errors.length) throw unprocessable(errors);

  const src = SOURCES[input.source];
  if (grouped) order.push(...groups.map((g) => sql`${g} asc nulls first`));
  else {
    if (!d.sort?.length) order.push(sql`${sql.ref(src.defaultOrder)} desc`);
    order.push(sql`${sql.ref(src.idColumn)} desc`);
  }
  const limit = Math.max(1, Math.min(input.limit ?? d.limit ?? DEFAULT_LIMIT, ROW_CAP));

  let q = db.selectFrom(src.from);
  for (const j of src.joins) {
    q = (j.left ? q.leftJoin : q.innerJoin).call(q, j.table, (jb) => {
      let on = jb.onRef(j.on[0][0], "=", j.on[0][1]);
      for (const [a, b] of j.on.slice(1)) on = on.onRef(a, "=", b);
      return on;
    });
  }
  let built = q.select(selects.length ? selects : [sql`1`.as("one")]);
  if (input.source === "records") {
    built = built.where(sql<SqlBool>`r.model_id = ${input.modelId ?? null}::uuid`);
  }
  for (const w of where) built = built.where(w as Expression<SqlBool>);
  if (groups.length) built = built.groupBy(groups);
  for (const o of order) built = built.orderBy(o);
  built = built.limit(limit + 1).offset(Math.max(0, Math.floor(input.offset ?? 0)));
  const compiled = built.compile();
  return { sql: compiled.sql, parameters: [...compiled.parameters], columns, limit };
}
