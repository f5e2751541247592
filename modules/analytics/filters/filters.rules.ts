/**
 * Pure rules of saved sheet filters: whether a value fits its filter, relative date presets,
 * the value as query filters on a widget's field, which value is in effect (address, then the
 * user's last, then the default) and how values travel in the address. Tested directly.
 */
import type { AnalyticsQuery } from "../query/query.types.schemas.ts";
import type { DatePreset, FilterKind, FilterValue } from "./filters.schemas.ts";
import { DATE_PRESETS, isDay } from "./filters.schemas.ts";

type QueryFilter = NonNullable<AnalyticsQuery["filters"]>[number];
export type Problem = { path: string; message: string };

/** Why a value does not fit a filter of this kind (empty: it fits). */
export function valueProblems(kind: FilterKind, v: FilterValue, path = "value"): Problem[] {
  if (v.kind !== kind) return [{ path, message: `A ${kind} filter needs a ${kind} value.` }];
  if (v.kind === "number") {
    if (v.min === undefined && v.max === undefined) {
      return [{ path, message: "Give a minimum, a maximum or both." }];
    }
    if (v.min !== undefined && v.max !== undefined && v.min > v.max) {
      return [{ path: `${path}.max`, message: "The maximum is below the minimum." }];
    }
  }
  if (v.kind === "date") {
    if (v.preset && (v.from || v.to)) {
      return [{ path, message: "Choose a relative range or dates, not both." }];
    }
    if (!v.preset && !v.from && !v.to) return [{ path, message: "Choose a range." }];
    if (v.from && v.to && v.from > v.to) {
      return [{ path: `${path}.to`, message: "The end is before the start." }];
    }
  }
  return [];
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));

/** A relative range as inclusive days, counted from `today` (YYYY-MM-DD). */
export function presetRange(preset: DatePreset, today: string): { from: string; to: string } {
  const t = new Date(`${today}T00:00:00Z`);
  const y = t.getUTCFullYear(), m = t.getUTCMonth(), d = t.getUTCDate();
  const back = (n: number) => ({ from: iso(utc(y, m, d - n + 1)), to: today });
  switch (preset) {
    case "today":
      return { from: today, to: today };
    case "yesterday":
      return { from: iso(utc(y, m, d - 1)), to: iso(utc(y, m, d - 1)) };
    case "last7":
      return back(7);
    case "last30":
      return back(30);
    case "last90":
      return back(90);
    case "thisWeek": {
      // Weeks start on Monday (ISO 8601).
      const monday = d - ((t.getUTCDay() + 6) % 7);
      return { from: iso(utc(y, m, monday)), to: iso(utc(y, m, monday + 6)) };
    }
    case "thisMonth":
      return { from: iso(utc(y, m, 1)), to: iso(utc(y, m + 1, 0)) };
    case "lastMonth":
      return { from: iso(utc(y, m - 1, 1)), to: iso(utc(y, m, 0)) };
    case "thisQuarter": {
      const q = m - (m % 3);
      return { from: iso(utc(y, q, 1)), to: iso(utc(y, q + 3, 0)) };
    }
    case "thisYear":
      return { from: `${y}-01-01`, to: `${y}-12-31` };
    case "lastYear":
      return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
  }
}

const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return iso(d);
};

/** The value as query filters on one field (a date range includes its last day). */
export function queryFilters(field: string, v: FilterValue, today: string): QueryFilter[] {
  if (v.kind === "choice") {
    return v.values.length === 1
      ? [{ field, op: "eq", value: v.values[0] }]
      : [{ field, op: "in", value: v.values }];
  }
  if (v.kind === "number") {
    return [
      ...(v.min !== undefined ? [{ field, op: "gte" as const, value: v.min }] : []),
      ...(v.max !== undefined ? [{ field, op: "lte" as const, value: v.max }] : []),
    ];
  }
  const r = v.preset ? presetRange(v.preset, today) : { from: v.from, to: v.to };
  return [
    ...(r.from ? [{ field, op: "gte" as const, value: r.from }] : []),
    ...(r.to ? [{ field, op: "lt" as const, value: nextDay(r.to) }] : []),
  ];
}

export interface FilterDef {
  id: string;
  kind: FilterKind;
  defaultValue: FilterValue | null;
  required: boolean;
}

/**
 * The value in effect per filter: given (the address, a subscription, an embed token) wins,
 * then the user's last value, then the default. A value that no longer fits its filter (the
 * kind changed) is skipped; a required filter never ends up empty while it has a default.
 */
export function effectiveValues(
  filters: FilterDef[],
  remembered: Record<string, FilterValue | null>,
  given: Record<string, FilterValue | null> = {},
): Record<string, FilterValue | null> {
  const out: Record<string, FilterValue | null> = {};
  for (const f of filters) {
    const fits = (v: FilterValue | null | undefined) =>
      v === null || (v !== undefined && valueProblems(f.kind, v).length === 0);
    let v: FilterValue | null = f.defaultValue;
    if (f.id in remembered && fits(remembered[f.id])) v = remembered[f.id];
    if (f.id in given && fits(given[f.id])) v = given[f.id];
    out[f.id] = v === null && f.required ? f.defaultValue : v;
  }
  return out;
}

/**
 * The address form of values: repeatable `sf=<filterId>:<tag>:<text>` with tag c (one chosen
 * value), n (min~max), d (a preset, or from~to) and x (cleared on purpose).
 */
export function encodeValues(values: Record<string, FilterValue | null>): string[] {
  const out: string[] = [];
  for (const [id, v] of Object.entries(values)) {
    if (v === null) out.push(`${id}:x:`);
    else if (v.kind === "choice") { for (const c of v.values) out.push(`${id}:c:${c}`); }
    else if (v.kind === "number") out.push(`${id}:n:${v.min ?? ""}~${v.max ?? ""}`);
    else out.push(`${id}:d:${v.preset ?? `${v.from ?? ""}~${v.to ?? ""}`}`);
  }
  return out;
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const num = (s: string) => (s.trim() === "" || !Number.isFinite(Number(s)) ? undefined : Number(s));

/** The values an address carries (malformed entries are ignored). */
export function decodeValues(
  sf: string | string[] | undefined,
): Record<string, FilterValue | null> {
  const out: Record<string, FilterValue | null> = {};
  for (const entry of [sf ?? []].flat().slice(0, 200)) {
    const [id, tag] = entry.split(":", 2);
    if (!ID.test(id ?? "") || !tag) continue;
    const text = entry.slice(id.length + tag.length + 2);
    if (tag === "x") out[id] = null;
    else if (tag === "c" && text.length <= 200 && !text.includes("\u0000")) {
      const before = out[id];
      const values = before?.kind === "choice" ? before.values : [];
      if (values.length < 50) out[id] = { kind: "choice", values: [...values, text] };
    } else if (tag === "n") {
      const [a = "", b = ""] = text.split("~");
      const v = { kind: "number" as const, min: num(a), max: num(b) };
      if (v.min !== undefined || v.max !== undefined) out[id] = v;
    } else if (tag === "d") {
      if ((DATE_PRESETS as readonly string[]).includes(text)) {
        out[id] = { kind: "date", preset: text as DatePreset };
      } else {
        const [a = "", b = ""] = text.split("~");
        const from = isDay(a) ? a : undefined, to = isDay(b) ? b : undefined;
        if (from || to) out[id] = { kind: "date", from, to };
      }
    }
  }
  return out;
}

/**
 * A value from the filter bar's fields for one filter (`v` chosen value, `min`/`max`,
 * `preset`/`from`/`to`); empty fields mean no value (null).
 */
export function valueFromFields(
  kind: FilterKind,
  get: (name: "v" | "min" | "max" | "preset" | "from" | "to") => string[],
): FilterValue | null {
  const first = (name: Parameters<typeof get>[0]) => (get(name)[0] ?? "").trim();
  if (kind === "choice") {
    const values = get("v").map((s) => s.trim())
      .filter((s) => s !== "" && s.length <= 200 && !s.includes("\u0000")).slice(0, 50);
    return values.length ? { kind, values } : null;
  }
  if (kind === "number") {
    const min = num(first("min")), max = num(first("max"));
    return min === undefined && max === undefined ? null : { kind, min, max };
  }
  const preset = first("preset");
  if ((DATE_PRESETS as readonly string[]).includes(preset)) {
    return { kind, preset: preset as DatePreset };
  }
  const from = isDay(first("from")) ? first("from") : undefined;
  const to = isDay(first("to")) ? first("to") : undefined;
  return from || to ? { kind, from, to } : null;
}

/** Whether two value maps say the same (for "remember only what changed"). */
export const sameValues = (
  a: Record<string, FilterValue | null>,
  b: Record<string, FilterValue | null>,
) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
