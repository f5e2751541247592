import type { Context } from "hono";

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

// Cells a spreadsheet would run as a formula are prefixed with ' (OWASP CSV injection advice).
const FORMULA = /^[=+\-@\t\r]/;

function cell(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return "";
  let s = String(v);
  if (typeof v === "string" && FORMULA.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** RFC 4180 CSV with a header row and CRLF line ends. */
export function toCsv<T>(rows: Iterable<T>, columns: CsvColumn<T>[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(","));
  return lines.join("\r\n") + "\r\n";
}

/** A CSV download (UTF-8 with BOM so spreadsheet programs read Turkish letters right). */
export function csvResponse(c: Context, filename: string, csv: string): Response {
  const safe = filename.replace(/[^\w.-]+/g, "_");
  return c.body("\uFEFF" + csv, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${safe}"`,
  });
}
