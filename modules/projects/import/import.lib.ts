/**
 * Pure parts of the task import: reading a CSV (plain or a Jira export), suggesting a mapping
 * from its headers, and turning rows into the tasks they would create, with errors per row.
 */
import Papa from "papaparse";
import { fold as foldText } from "../../../shared/text/fold.ts";

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;

export const IMPORT_TARGETS = [
  "ignore",
  "title",
  "description",
  "status",
  "priority",
  "assignee",
  "labels",
  "startDate",
  "dueDate",
  "estimate",
  "estimateSeconds",
  "key",
  "parent",
] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];
export type Mapping = Record<string, ImportTarget>;

export interface ParsedCsv {
  headers: string[];
  records: string[][];
  /** Each record's row number (the header is row 1; blank rows count but are left out). */
  rows: number[];
  delimiter: "," | ";";
}

export class CsvError extends Error {
  constructor(readonly code: "empty" | "tooManyRows" | "tooLarge", message: string) {
    super(message);
  }
}

/** `;` when the header line has more semicolons than commas (outside quotes), else `,`. */
export function detectDelimiter(text: string): "," | ";" {
  let commas = 0, semis = 0, quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch === ",") commas++;
    else if (!quoted && ch === ";") semis++;
  }
  return semis > commas ? ";" : ",";
}

/** Parses the file: UTF-8 (a byte order mark is dropped), `,` or `;`, a header row first. */
export function parseCsv(input: string): ParsedCsv {
  if (input.length > IMPORT_MAX_BYTES) {
    throw new CsvError("tooLarge", `The file is larger than ${IMPORT_MAX_BYTES} bytes.`);
  }
  const text = input.replace(/^\uFEFF/, "");
  const delimiter = detectDelimiter(text);
  const result = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  const [head, ...all] = result.data;
  if (!head || head.every((h) => !h.trim())) {
    throw new CsvError("empty", "The file has no header row.");
  }
  const records: string[][] = [];
  const rows: number[] = [];
  all.forEach((rec, i) => {
    if (rec.every((cell) => !cell.trim())) return;
    records.push(rec);
    rows.push(i + 2);
  });
  if (records.length > IMPORT_MAX_ROWS) {
    throw new CsvError(
      "tooManyRows",
      `The file has ${records.length} rows; at most ${IMPORT_MAX_ROWS} can be imported at once.`,
    );
  }
  return { headers: head.map((h) => h.trim()), records, rows, delimiter };
}

const fold = (s: string) => foldText(s).replace(/[^a-z0-9]+/g, " ").trim();

/** Header names (folded) that suggest a target: Jira's export and plain English/Turkish. */
const PRESETS: Record<string, ImportTarget> = {
  "summary": "title",
  "title": "title",
  "name": "title",
  "task": "title",
  "baslik": "title",
  "gorev": "title",
  "description": "description",
  "aciklama": "description",
  "status": "status",
  "durum": "status",
  "priority": "priority",
  "oncelik": "priority",
  "assignee": "assignee",
  "assignees": "assignee",
  "atanan": "assignee",
  "sorumlu": "assignee",
  "labels": "labels",
  "label": "labels",
  "tags": "labels",
  "etiketler": "labels",
  "etiket": "labels",
  "start date": "startDate",
  "start": "startDate",
  "baslangic": "startDate",
  "baslangic tarihi": "startDate",
  "due date": "dueDate",
  "due": "dueDate",
  "bitis tarihi": "dueDate",
  "son tarih": "dueDate",
  "estimate": "estimate",
  "estimate hours": "estimate",
  "tahmin": "estimate",
  "original estimate": "estimateSeconds",
  "issue key": "key",
  "key": "key",
  "issue id": "key",
  "anahtar": "key",
  "parent id": "parent",
  "parent": "parent",
  "parent key": "parent",
  "ust gorev": "parent",
};

/** A mapping suggested from the headers (Jira's names and plain ones); unknown: ignore. */
export function suggestMapping(headers: string[]): Mapping {
  const out: Mapping = {};
  for (const h of headers) {
    if (h in out) continue;
    out[h] = PRESETS[fold(h)] ?? "ignore";
  }
  return out;
}

/** Priority words in English and Turkish (and Jira's), folded, to the stored values. */
const PRIORITY_WORDS: Record<string, "dusuk" | "normal" | "yuksek" | "kritik"> = {
  "lowest": "dusuk",
  "low": "dusuk",
  "minor": "dusuk",
  "trivial": "dusuk",
  "dusuk": "dusuk",
  "en dusuk": "dusuk",
  "medium": "normal",
  "normal": "normal",
  "orta": "normal",
  "high": "yuksek",
  "major": "yuksek",
  "yuksek": "yuksek",
  "highest": "kritik",
  "critical": "kritik",
  "blocker": "kritik",
  "urgent": "kritik",
  "kritik": "kritik",
  "acil": "kritik",
  "en yuksek": "kritik",
};

export const priorityFrom = (v: string) => PRIORITY_WORDS[fold(v)];

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  oca: 1,
  sub: 2,
  nis: 4,
  haz: 6,
  tem: 7,
  agu: 8,
  eyl: 9,
  eki: 10,
  kas: 11,
  ara: 12,
};

/**
 * A day from the usual spreadsheet and Jira forms: 2026-03-12 (with a time after it),
 * 12.03.2026, 12/Mar/26 10:30 AM; undefined when it is none of them or no such day.
 */
export function dateFrom(v: string): string | undefined {
  const s = v.trim();
  let y: number, m: number, d: number;
  let hit = s.match(/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/);
  if (hit) [y, m, d] = [+hit[1], +hit[2], +hit[3]];
  else if ((hit = s.match(/^(\d{1,2})[./](\d{1,2})[./](\d{4})(?: .*)?$/))) {
    [d, m, y] = [+hit[1], +hit[2], +hit[3]];
  } else if (
    (hit = s.match(/^(\d{1,2})[/ -]([A-Za-zçğıöşüÇĞİÖŞÜ]{3})[a-z]*[/ -](\d{2}|\d{4})(?: .*)?$/))
  ) {
    const month = MONTHS[foldText(hit[2]).slice(0, 3)];
    if (!month) return undefined;
    [d, m, y] = [+hit[1], month, hit[3].length === 2 ? 2000 + +hit[3] : +hit[3]];
  } else return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return undefined;
  }
  return date.toISOString().slice(0, 10);
}

/** A number written with a decimal point or comma; undefined when it is not one. */
export function numberFrom(v: string): number | undefined {
  const s = v.trim().replace(/\s/g, "").replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(s)) return undefined;
  return Number(s);
}

export interface ImportContext {
  statuses: { id: string; names: string[] }[];
  members: { userId: string; name: string; email: string }[];
  /** Values of the status column the user chose a status for (e.g. Jira's "Closed" → Done). */
  statusMap?: Record<string, string>;
}

export interface ImportRow {
  /** The row's number in the file (the header is row 1). */
  row: number;
  title: string;
  description: string;
  statusId: string | null;
  priority: "dusuk" | "normal" | "yuksek" | "kritik";
  assigneeIds: string[];
  labels: string[];
  startDate: string | null;
  dueDate: string | null;
  estimate: number | null;
  key: string | null;
  /** The parent row's number in the file, when the row has one. */
  parentRow: number | null;
  errors: RowError[];
}

export interface RowError {
  row: number;
  field: ImportTarget;
  value: string;
  code:
    | "required"
    | "tooLong"
    | "unknownStatus"
    | "unknownPriority"
    | "unknownAssignee"
    | "badDate"
    | "badNumber"
    | "unknownParent"
    | "parentCycle"
    | "datesOrder";
  message: string;
}

/** Every row as the task it would create, with its errors (none: it can be written). */
export function buildRows(csv: ParsedCsv, mapping: Mapping, ctx: ImportContext): ImportRow[] {
  const cols = (target: ImportTarget) =>
    csv.headers.flatMap((h, i) => (mapping[h] === target ? [i] : []));
  const statusByName = new Map<string, string>();
  for (const s of ctx.statuses) for (const n of s.names) statusByName.set(fold(n), s.id);
  const statusMap = new Map(Object.entries(ctx.statusMap ?? {}).map(([k, v]) => [fold(k), v]));
  const people = new Map<string, string>();
  for (const m of ctx.members) {
    people.set(fold(m.name), m.userId);
    people.set(m.email.trim().toLowerCase(), m.userId);
  }
  const first = (rec: string[], t: ImportTarget) => {
    for (const i of cols(t)) if ((rec[i] ?? "").trim()) return rec[i].trim();
    return "";
  };
  const all = (rec: string[], t: ImportTarget) =>
    cols(t).map((i) => (rec[i] ?? "").trim()).filter(Boolean);
  const rows: ImportRow[] = csv.records.map((rec, i) => {
    const row = csv.rows[i];
    const errors: RowError[] = [];
    const err = (field: ImportTarget, value: string, code: RowError["code"], message: string) =>
      errors.push({ row, field, value, code, message: `Row ${row}, ${field}: ${message}` });
    const title = first(rec, "title");
    if (!title) err("title", "", "required", "a title is required.");
    else if (title.length > 300) err("title", title.slice(0, 40), "tooLong", "longer than 300.");
    const description = all(rec, "description").join("\n\n");
    if (description.length > 50000) err("description", "", "tooLong", "longer than 50000.");
    const statusText = first(rec, "status");
    let statusId: string | null = null;
    if (statusText) {
      statusId = statusMap.get(fold(statusText)) ?? statusByName.get(fold(statusText)) ?? null;
      if (!statusId) err("status", statusText, "unknownStatus", `unknown status "${statusText}".`);
    }
    const prioText = first(rec, "priority");
    const priority = prioText ? priorityFrom(prioText) : "normal";
    if (!priority) err("priority", prioText, "unknownPriority", `unknown priority "${prioText}".`);
    const assigneeIds: string[] = [];
    for (const cell of all(rec, "assignee")) {
      for (const who of cell.split(/[,;]/).map((x) => x.trim()).filter(Boolean)) {
        const id = people.get(who.toLowerCase()) ?? people.get(fold(who));
        if (!id) err("assignee", who, "unknownAssignee", `no project member "${who}".`);
        else if (!assigneeIds.includes(id)) assigneeIds.push(id);
      }
    }
    const labels: string[] = [];
    for (const cell of all(rec, "labels")) {
      for (const l of cell.split(/[,;]/).map((x) => x.trim().slice(0, 40)).filter(Boolean)) {
        if (!labels.some((x) => x.toLowerCase() === l.toLowerCase())) labels.push(l);
      }
    }
    const day = (field: "startDate" | "dueDate") => {
      const v = first(rec, field);
      if (!v) return null;
      const d = dateFrom(v);
      if (!d) err(field, v, "badDate", `"${v}" is not a date.`);
      return d ?? null;
    };
    const startDate = day("startDate");
    const dueDate = day("dueDate");
    if (startDate && dueDate && dueDate < startDate) {
      err("dueDate", dueDate, "datesOrder", "the due date is before the start date.");
    }
    let estimate: number | null = null;
    for (const field of ["estimate", "estimateSeconds"] as const) {
      const v = first(rec, field);
      if (!v) continue;
      const n = numberFrom(v);
      if (n === undefined || (field === "estimate" ? n : n / 3600) > 100000) {
        err(
          field,
          v,
          "badNumber",
          `"${v}" is not a number of ${field === "estimate" ? "hours" : "seconds"}.`,
        );
      } else estimate = field === "estimate" ? n : Math.round((n / 3600) * 100) / 100;
    }
    return {
      row,
      title: title.slice(0, 300),
      description,
      statusId,
      priority: priority ?? "normal",
      assigneeIds: assigneeIds.slice(0, 20),
      labels: labels.slice(0, 20),
      startDate,
      dueDate,
      estimate,
      key: all(rec, "key")[0] ?? null,
      parentRow: null,
      errors,
    };
  });
  // Parents by key (any key column: Jira's issue key or issue id) or by row number.
  const byKey = new Map<string, number>();
  const rowIndex = new Map(csv.rows.map((n, i) => [n, i]));
  csv.records.forEach((rec, i) => {
    for (const k of all(rec, "key")) byKey.set(k.toLowerCase(), csv.rows[i]);
  });
  csv.records.forEach((rec, i) => {
    const v = first(rec, "parent");
    if (!v) return;
    const r = rows[i];
    const n = byKey.get(v.toLowerCase()) ??
      (/^#?\d+$/.test(v) && rowIndex.has(+v.replace("#", "")) ? +v.replace("#", "") : undefined);
    if (!n || n === r.row) {
      r.errors.push({
        row: r.row,
        field: "parent",
        value: v,
        code: "unknownParent",
        message: `Row ${r.row}, parent: no row with the key "${v}".`,
      });
    } else r.parentRow = n;
  });
  for (const r of rows) {
    const seen = new Set([r.row]);
    for (let p = r.parentRow; p; p = rows[rowIndex.get(p)!].parentRow) {
      if (seen.has(p)) {
        r.errors.push({
          row: r.row,
          field: "parent",
          value: String(r.parentRow),
          code: "parentCycle",
          message: `Row ${r.row}, parent: the parents make a cycle.`,
        });
        break;
      }
      seen.add(p);
    }
  }
  return rows;
}

/** The rows in an order where every parent comes before its subtasks. */
export function parentsFirst(rows: ImportRow[]): ImportRow[] {
  const byRow = new Map(rows.map((r) => [r.row, r]));
  const out: ImportRow[] = [];
  const done = new Set<number>();
  const visit = (r: ImportRow, depth: number) => {
    if (done.has(r.row) || depth > rows.length) return;
    const parent = r.parentRow ? byRow.get(r.parentRow) : undefined;
    if (parent) visit(parent, depth + 1);
    done.add(r.row);
    out.push(r);
  };
  for (const r of rows) visit(r, 0);
  return out;
}
