/**
 * The explore page's URL (a GET form, so reload, back and sharing keep the query) as an
 * analytics query, and back (pure). One summary, one filter and one sort keep the form small;
 * the API takes any number of each.
 */
import type { AnalyticsQuery, FilterOp, ResultColumn } from "../query/query.types.schemas.ts";

export interface ExploreForm {
  /** `dataset:<name>` or `table:<id>`. */
  source: string;
  fields: string[];
  bucket: string;
  agg: string;
  aggField: string;
  filterField: string;
  filterOp: string;
  filterValue: string;
  sort: string;
  dir: "asc" | "desc";
  limit: number;
}

export const SUMMARY = "summary";

export function readExplore(q: URLSearchParams): ExploreForm {
  const limit = Number(q.get("limit") ?? "100");
  return {
    source: q.get("source") ?? "dataset:tickets",
    fields: q.getAll("f").filter(Boolean).slice(0, 20),
    bucket: q.get("bucket") ?? "",
    agg: q.get("agg") ?? "",
    aggField: q.get("aggf") ?? "",
    filterField: q.get("ff") ?? "",
    filterOp: q.get("fo") ?? "eq",
    filterValue: q.get("fv") ?? "",
    sort: q.get("sort") ?? "",
    dir: q.get("dir") === "desc" ? "desc" : "asc",
    limit: Number.isInteger(limit) && limit > 0 ? Math.min(limit, 10_000) : 100,
  };
}

/** A coded value may be typed as people see it (its label); the query wants the code. */
function codeOf(col: ResultColumn | undefined, v: string): string {
  const hit = col?.values?.find((x) =>
    x.label.toLocaleLowerCase("tr") === v.trim().toLocaleLowerCase("tr")
  );
  return hit ? hit.value : v.trim();
}

/** The query the form describes over the chosen source's fields. */
export function toQuery(f: ExploreForm, fields: Map<string, ResultColumn>): AnalyticsQuery {
  const [kind, ...rest] = f.source.split(":");
  const ref = rest.join(":");
  const query: AnalyticsQuery = {
    source: kind === "table" ? { kind: "table", id: ref } : { kind: "dataset", name: ref },
    limit: f.limit,
  };
  const bucket = ["day", "week", "month", "quarter", "year"].includes(f.bucket)
    ? f.bucket as "day"
    : undefined;
  if (f.fields.length) {
    query.fields = f.fields.map((field) =>
      bucket && ["date", "datetime"].includes(fields.get(field)?.type ?? "")
        ? { field, bucket }
        : { field }
    );
  }
  if (f.agg) {
    query.aggregates = [{
      fn: f.agg as "count",
      ...(f.aggField ? { field: f.aggField } : {}),
      as: SUMMARY,
    }];
  }
  if (f.filterField) {
    const op = f.filterOp as FilterOp;
    const col = fields.get(f.filterField);
    const list = op === "in" || op === "between";
    query.filters = [{
      field: f.filterField,
      op,
      value: list
        ? f.filterValue.split(",").map((s) => codeOf(col, s))
        : codeOf(col, f.filterValue),
    }];
  }
  if (f.sort) query.sort = [{ field: f.sort, dir: f.dir }];
  return query;
}
