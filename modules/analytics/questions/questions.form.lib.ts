/**
 * The question editor's form (pure): its fields read into the question being edited, and the
 * parameter declarations kept in step with the SQL — one per placeholder, in the order the SQL
 * names them, keeping what was already declared for a name.
 */
import type { FieldError } from "../../../shared/http/problem.ts";
import { PARAM_TYPES, type ParamDecl, type ParamType, parseTemplate } from "./questions.rules.ts";

export type FormData = Record<string, string | string[]>;

export interface EditorState {
  name: string;
  description: string;
  sql: string;
  /** "" is the tenant's own data. */
  sourceId: string;
  params: ParamDecl[];
  /** Values as typed in the form, by parameter name. */
  values: Record<string, string>;
  /** Why the placeholders could not be read (shown beside the declarations). */
  sqlErrors: FieldError[];
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] ?? "" : v ?? "");
const all = (
  v: string | string[] | undefined,
) => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/** "acik=Open, kapandi=Closed" → choices (a value without "=" is its own label). */
export function readChoices(text: string): { value: string; label: string }[] {
  return text.split(",").map((s) => s.trim()).filter(Boolean).slice(0, 100).map((s) => {
    const at = s.indexOf("=");
    const value = (at < 0 ? s : s.slice(0, at)).trim().slice(0, 200);
    const label = (at < 0 ? s : s.slice(at + 1)).trim().slice(0, 200) || value;
    return { value, label };
  }).filter((c) => c.value);
}

export const choicesText = (d: ParamDecl) =>
  (d.choices ?? []).map((c) => (c.label === c.value ? c.value : `${c.value}=${c.label}`)).join(
    ", ",
  );

/** The declarations as the form holds them (pn, pt, pl, pr, pd, pc by position). */
function formDecls(form: FormData): ParamDecl[] {
  const names = all(form.pn);
  const types = all(form.pt), labels = all(form.pl), req = all(form.pr);
  const defaults = all(form.pd), choices = all(form.pc);
  return names.map((name, i) => {
    const type = (PARAM_TYPES.includes(types[i] as ParamType) ? types[i] : "text") as ParamType;
    const d: ParamDecl = {
      name,
      type,
      label: (labels[i] ?? "").trim() || name,
      required: req[i] === "1",
    };
    const def = (defaults[i] ?? "").trim();
    if (def !== "") {
      d.default = type === "number" && Number.isFinite(Number(def)) ? Number(def) : def;
    }
    if (type === "choice") d.choices = readChoices(choices[i] ?? "");
    return d;
  });
}

/**
 * One declaration per distinct placeholder of the SQL, in order: the one declared before for
 * that name, else a required text parameter labelled with its name.
 */
export function syncDecls(sql: string, dialect: "postgres" | "mysql", known: ParamDecl[]) {
  const parsed = parseTemplate(sql, dialect);
  if (Array.isArray(parsed)) return { params: known, errors: parsed };
  const byName = new Map(known.map((d) => [d.name, d]));
  const names = [...new Set(parsed.names)];
  return {
    params: names.map((name) =>
      byName.get(name) ?? { name, type: "text" as const, label: name, required: true }
    ),
    errors: [] as FieldError[],
  };
}

export function readEditor(
  form: FormData,
  dialect: "postgres" | "mysql" = "postgres",
): EditorState {
  const sql = one(form.sql).slice(0, 20_000);
  const { params, errors } = syncDecls(sql, dialect, formDecls(form));
  const values: Record<string, string> = {};
  for (const d of params) {
    const v = form[`v_${d.name}`];
    if (v !== undefined) values[d.name] = one(v);
  }
  return {
    name: one(form.name).trim().slice(0, 200),
    description: one(form.description).slice(0, 2000),
    sql,
    sourceId: one(form.sourceId),
    params,
    values,
    sqlErrors: errors,
  };
}

/** Values for the API: only those typed in (the rest take their defaults). */
export const givenValues = (s: Pick<EditorState, "values">) =>
  Object.fromEntries(Object.entries(s.values).filter(([, v]) => v !== ""));
