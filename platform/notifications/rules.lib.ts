import type { z } from "zod";
import type { Clause, RuleCondition } from "./rules.schemas.ts";

/** The value at a dotted path of an event's data (undefined when missing). */
export function value(data: unknown, path: string): unknown {
  let v: unknown = data;
  for (const part of path.split(".")) {
    if (v === null || typeof v !== "object" || !Object.hasOwn(v, part)) return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

function holds(c: Clause, data: unknown): boolean {
  const v = value(data, c.field);
  const list = Array.isArray(c.value) ? c.value : [c.value];
  switch (c.op) {
    case "eq":
      return v === c.value;
    case "ne":
      return v !== c.value;
    case "in":
      return list.includes(v as never);
    case "nin":
      return !list.includes(v as never);
    case "gt":
      return typeof v === typeof c.value && (v as number) > (c.value as number);
    case "gte":
      return typeof v === typeof c.value && (v as number) >= (c.value as number);
    case "lt":
      return typeof v === typeof c.value && (v as number) < (c.value as number);
    case "lte":
      return typeof v === typeof c.value && (v as number) <= (c.value as number);
    case "contains":
      return Array.isArray(v)
        ? v.includes(c.value)
        : typeof v === "string" && v.includes(String(c.value));
    case "exists":
      return v !== undefined && v !== null;
    case "missing":
      return v === undefined || v === null;
  }
}

export function evaluate(condition: z.infer<typeof RuleCondition>, data: unknown): boolean {
  const all = condition.all ?? [];
  const any = condition.any ?? [];
  return all.every((c) => holds(c, data)) && (any.length === 0 || any.some((c) => holds(c, data)));
}
