/**
 * Counts over the tickets dataset answered from its per-day rollup (analytics_ticket_days,
 * migrations/0031: tickets per tenant, UTC day created, status and priority, kept by triggers in
 * the tickets' own transaction). A query qualifies when it only groups and filters by those:
 * status and priority, the created date in buckets of a day or more, and created-date bounds at
 * midnight UTC (`gte`, `lt`: the KPI periods). Anything else reads the dataset's view. Both
 * paths give the same rows (tests/analytics/query-rollup.test.ts compares them).
 */
import { sql } from "kysely";
import type { AnalyticsQuery } from "./query.types.schemas.ts";
import type { CompileExtra, FieldSpec } from "./query.compile.repo.ts";
import { coerce } from "./query.values.lib.ts";

const DIMENSIONS = new Set(["status", "priority"]);
const CREATED = "created_at";
/** The rollup's day, for created-date bounds only; not a dataset field. */
const DAY = "created_day";
const BUCKETS = new Set(["day", "week", "month", "quarter", "year"]);
/** Dataset fields that are never null: counting one of them counts tickets. */
const NEVER_NULL = new Set([
  "id",
  "number",
  "subject",
  "status",
  "priority",
  "sla_state",
  "customer_id",
  "created_at",
]);
const MIDNIGHT_UTC = "T00:00:00.000Z";

type Filter = NonNullable<AnalyticsQuery["filters"]>[number];

/** A created-date bound as a bound on the day, or null when a day cannot answer it. */
function dayBound(f: Filter): Filter | null {
  if (f.op !== "gte" && f.op !== "lt") return null;
  const c = coerce("datetime", f.value);
  if ("error" in c || !String(c.value).endsWith(MIDNIGHT_UTC)) return null;
  return { field: DAY, op: f.op, value: String(c.value).slice(0, 10) };
}

export interface RollupPlan {
  query: AnalyticsQuery;
  fields: Map<string, FieldSpec>;
  extra: CompileExtra;
}

/**
 * The rollup form of a tickets query (its filters on the created date rewritten to days), or
 * null when the query needs the tickets themselves. `view` is the dataset's whitelist: labels
 * and coded values come from there, so result columns are the same.
 */
export function rollupPlan(
  query: AnalyticsQuery,
  view: Map<string, FieldSpec>,
  locale: string,
): RollupPlan | null {
  if (query.source?.kind !== "dataset" || query.source.name !== "tickets") return null;
  if (query.joins?.length || !query.aggregates?.length) return null;
  const groupsOk = (query.fields ?? []).every((w) =>
    w.bucket ? w.field === CREATED && BUCKETS.has(w.bucket) : DIMENSIONS.has(w.field)
  );
  const aggregatesOk = query.aggregates.every((a) =>
    a.fn === "count"
      ? !a.field || NEVER_NULL.has(a.field)
      : (a.fn === "countDistinct" || a.fn === "min" || a.fn === "max") &&
        DIMENSIONS.has(a.field ?? "")
  );
  if (!groupsOk || !aggregatesOk) return null;
  const filters: Filter[] = [];
  for (const f of query.filters ?? []) {
    const bound = f.field === CREATED ? dayBound(f) : DIMENSIONS.has(f.field) ? f : null;
    if (!bound) return null;
    filters.push(bound);
  }

  const fields = new Map<string, FieldSpec>();
  for (const name of NEVER_NULL) {
    const spec = view.get(name);
    // Only counted (as the sum of the rollup's counts); a stray use fails loudly in SQL.
    if (spec) fields.set(name, { ...spec, expr: sql.ref(`s.${name}_is_not_in_the_rollup`) });
  }
  for (const name of DIMENSIONS) {
    const spec = view.get(name);
    if (spec) fields.set(name, { ...spec, expr: sql.ref(`s.${name}`) });
  }
  const created = view.get(CREATED);
  if (created) fields.set(CREATED, { ...created, type: "date", expr: sql.ref("s.day") });
  fields.set(DAY, {
    name: DAY,
    label: created?.label ?? DAY,
    type: "date",
    expr: sql.ref("s.day"),
  });

  return {
    query: { ...query, filters },
    fields,
    extra: {
      from: sql.table("analytics_ticket_days").as("s"),
      where: [sql`${sql.ref("s.tickets")} > 0`],
      locale,
      utcBuckets: true,
      // coalesce: a sum over no rows is null where count(*) says 0.
      countAll: sql`coalesce(sum(${sql.ref("s.tickets")}), 0)`,
      countsAll: NEVER_NULL,
    },
  };
}
