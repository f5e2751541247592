/**
 * The sheet's active filters as the page's URL carries them (so reload, back, auto-refresh and
 * every widget request keep them): dateField/from/to and repeatable where=field:value. The
 * filter bar's "any field" pair (wf, wv) is folded into where.
 */
import type { FilterQuery } from "./widgets.schemas.ts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FIELD = /^[A-Za-z_][A-Za-z0-9_.]{0,120}$/;

export interface FilterState extends FilterQuery {
  where: string[];
  /** Saved sheet filters' values (modules/analytics/filters), kept as they came. */
  sf: string[];
  /** "?…" with these filters (empty string when none). */
  query(): string;
  /** The same filters with another where list. */
  withWhere(where: string[]): string;
  with(extra: Record<string, string>): string;
}

export function filterState(params: URLSearchParams): FilterState {
  const dateField = FIELD.test(params.get("dateField") ?? "")
    ? params.get("dateField")!
    : undefined;
  const from = DAY.test(params.get("from") ?? "") ? params.get("from")! : undefined;
  const to = DAY.test(params.get("to") ?? "") ? params.get("to")! : undefined;
  const where = params.getAll("where").filter((w) =>
    FIELD.test(w.split(":")[0]) && w.includes(":")
  );
  const wf = params.get("wf") ?? "", wv = params.get("wv") ?? "";
  if (FIELD.test(wf) && wv !== "") where.push(`${wf}:${wv.slice(0, 200)}`);
  const unique = [...new Set(where)].slice(0, 10);
  const sf = params.getAll("sf").filter((s) => s.length <= 300).slice(0, 200);
  const build = (list: string[], extra: Record<string, string> = {}) => {
    const q = new URLSearchParams();
    if (dateField && (from || to)) q.set("dateField", dateField);
    if (dateField && from) q.set("from", from);
    if (dateField && to) q.set("to", to);
    for (const w of list) q.append("where", w);
    for (const s of sf) q.append("sf", s);
    for (const [k, v] of Object.entries(extra)) q.set(k, v);
    const s = q.toString();
    return s ? `?${s}` : "";
  };
  return {
    dateField,
    from,
    to,
    where: unique,
    sf,
    query: () => build(unique),
    withWhere: (list) => build(list),
    with: (extra) => build(unique, extra),
  };
}
