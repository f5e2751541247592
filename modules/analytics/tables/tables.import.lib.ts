/**
 * A CSV (papaparse) or XLSX (read-excel-file) upload as typed columns and rows: the header row
 * gives labels (names in snake_case), each column's type is inferred from its values. A file
 * that cannot become a table is a 422 naming the row and column.
 */
import Papa from "papaparse";
import { readSheet } from "read-excel-file/universal";
import { Problem } from "../../../shared/http/problem.ts";
import { columnNames, inferType, readText } from "./tables.rules.ts";
import { type Column, MAX_COLUMNS } from "./tables.schemas.ts";

export const MAX_IMPORT_BYTES = 900 * 1024;
export const MAX_IMPORT_ROWS = 10_000;

export interface Parsed {
  columns: Column[];
  rows: Record<string, unknown>[];
}

const unreadable = (detail: string, errors: { path: string; message: string }[] = []) =>
  new Problem(422, "business-rule", "Unprocessable Content", detail, errors);

/** An XLSX cell as text, so CSV and XLSX share inference and parsing. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) {
    const iso = v.toISOString();
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
  }
  return String(v);
}

export function isXlsx(fileName: string, type: string) {
  return /\.xlsx$/i.test(fileName) || type.includes("spreadsheetml");
}

/** Header plus data rows (all text) from the file's bytes. */
async function readCells(fileName: string, type: string, bytes: Uint8Array): Promise<string[][]> {
  if (isXlsx(fileName, type)) {
    try {
      const data = await readSheet(bytes.slice().buffer as ArrayBuffer);
      return data.map((row) => row.map(cellText));
    } catch {
      throw unreadable("The file is not a readable XLSX workbook.");
    }
  }
  if (!/\.(csv|txt)$/i.test(fileName) && !/csv|text\/plain/.test(type)) {
    throw unreadable("Upload a CSV or XLSX file.");
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    throw unreadable("The CSV file is not UTF-8 text.");
  }
  const result = Papa.parse<string[]>(text, { skipEmptyLines: "greedy" });
  const bad = result.errors.find((e) => e.type !== "Delimiter");
  if (bad) {
    const row = (bad.row ?? 0) + 1;
    throw unreadable(`Row ${row}: ${bad.message}`, [{ path: `row ${row}`, message: bad.message }]);
  }
  return result.data;
}

export async function parseUpload(
  fileName: string,
  type: string,
  bytes: Uint8Array,
): Promise<Parsed> {
  if (bytes.length === 0) throw unreadable("The file is empty.");
  if (bytes.length > MAX_IMPORT_BYTES) {
    throw unreadable(`The file is larger than ${Math.round(MAX_IMPORT_BYTES / 1024)} KB.`);
  }
  const cells = (await readCells(fileName, type, bytes))
    .filter((row) => row.some((c) => c.trim() !== ""));
  const [header, ...body] = cells;
  if (!header || body.length === 0) {
    throw unreadable("The file needs a header row and at least one data row.");
  }
  if (header.length > MAX_COLUMNS) throw unreadable(`At most ${MAX_COLUMNS} columns.`);
  if (body.length > MAX_IMPORT_ROWS) throw unreadable(`At most ${MAX_IMPORT_ROWS} rows.`);
  const labels = header.map((h, i) => h.replaceAll("\u0000", "").trim() || `Column ${i + 1}`);
  body.forEach((row, i) => {
    if (row.length > labels.length && row.slice(labels.length).some((c) => c.trim() !== "")) {
      const at = `row ${i + 2}, column ${labels.length + 1}`;
      throw unreadable(`${at}: a value outside the header's columns.`, [
        { path: at, message: "A value outside the header's columns" },
      ]);
    }
  });
  const names = columnNames(labels);
  const columns: Column[] = labels.map((label, i) => ({
    name: names[i],
    label: label.slice(0, 200),
    type: inferType(body.map((row) => row[i] ?? "")),
  }));
  const rows = body.map((row, r) => {
    const data: Record<string, unknown> = {};
    columns.forEach((col, i) => {
      const checked = readText(col.type, row[i] ?? "");
      if (!checked.ok) {
        const at = `row ${r + 2}, column ${i + 1}`;
        throw unreadable(`${at}: ${checked.message}`, [{ path: at, message: checked.message }]);
      }
      data[col.name] = checked.value;
    });
    return data;
  });
  return { columns, rows };
}
