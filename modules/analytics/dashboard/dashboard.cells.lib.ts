/** How a result cell reads to people (shared by the widget table, the drill rows, filters). */
import { formatNumber } from "../../../ui/kit.ts";
import type { ResultColumn } from "../query/query.types.schemas.ts";

/** A cell as people read it: coded values by label, dates without time noise. */
export function cellText(locale: string, col: ResultColumn, v: unknown): string {
  if (v === null || v === undefined) return "";
  const label = col.values?.find((x) => x.value === String(v))?.label;
  if (label) return label;
  if (typeof v === "number") return formatNumber(locale, v, Number.isInteger(v) ? 0 : 2);
  if (typeof v === "boolean") return v ? "✓" : "–";
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  const s = String(v);
  return /^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) + " " + s.slice(11, 16) : s;
}
