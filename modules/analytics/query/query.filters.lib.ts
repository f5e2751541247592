/** The comparisons an analytics query filter may use, and which apply to a field type (pure). */
import type { FilterOp } from "./query.types.schemas.ts";
import type { FieldType } from "./query.values.lib.ts";

export const FILTER_OPS: FilterOp[] = [
  "eq",
  "ne",
  "lt",
  "lte",
  "gt",
  "gte",
  "in",
  "contains",
  "between",
  "isNull",
  "notNull",
];

/** The comparisons that make sense for a field type. */
export function opsFor(type: FieldType): FilterOp[] {
  const empty: FilterOp[] = ["isNull", "notNull"];
  switch (type) {
    case "number":
    case "date":
    case "datetime":
      return ["eq", "ne", "lt", "lte", "gt", "gte", "between", "in", ...empty];
    case "boolean":
      return ["eq", "ne", ...empty];
    default:
      return ["eq", "ne", "in", "contains", "lt", "lte", "gt", "gte", ...empty];
  }
}
