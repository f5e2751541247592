/**
 * Pure helpers of saved questions: result column types from PostgreSQL type ids, the database's
 * refusal as a problem people can act on, and the names tenant tables have in a question's SQL.
 */
import { Problem } from "../../../shared/http/problem.ts";
import { fold } from "../../../shared/text/fold.ts";

export type ColumnType = "text" | "number" | "boolean" | "date" | "datetime";

const NUMBER_OIDS = new Set([20, 21, 23, 700, 701, 1700, 26]);
export function typeOfOid(oid: number): ColumnType {
  if (NUMBER_OIDS.has(oid)) return "number";
  if (oid === 16) return "boolean";
  if (oid === 1082) return "date";
  if (oid === 1114 || oid === 1184) return "datetime";
  return "text";
}

const refused = (detail: string) =>
  new Problem(422, "business-rule", "Unprocessable Content", detail);

/** The database's error as a 422 with its own message (never a 500). */
export function sqlProblem(err: unknown): Error {
  if (err instanceof Problem) return err;
  const e = err as { code?: string; message?: string };
  const code = e.code ?? "";
  if (code === "57014") return refused("The question took too long and was stopped.");
  if (code === "25006") return refused("Questions only read; the statement was refused.");
  if (code === "42501") {
    return refused(
      `Not allowed: ${e.message}. Questions read the datasets and your tables by their names.`,
    );
  }
  if (/^[0-9A-Z]{5}$/.test(code) && !/^(08|53|57P|58|XX)/.test(code)) {
    return refused(`The database refused the question: ${e.message}`);
  }
  return err instanceof Error ? err : new Error(String(err));
}

/** The built-in datasets a question reads by name (views of schema analytics_q). */
export const DATASET_NAMES = [
  "tickets",
  "customers",
  "contracts",
  "documents",
  "projects",
  "project_tasks",
  "project_task_fields",
  "automation_runs",
  "workflow_instances",
  "workflow_tasks",
];

/**
 * The name a tenant table has in SQL: its name folded to lower-case letters, digits and `_`
 * ("Satışlar 2024" → satislar_2024); a name taken by a dataset or an earlier table gets a
 * number.
 */
export function sqlNames(names: string[]): string[] {
  const taken = new Set([...DATASET_NAMES, "table_rows", "member_directory"]);
  return names.map((n) => {
    let base = fold(n).replace(/[^a-z0-9_]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 50);
    if (!/^[a-z_]/.test(base)) base = `t_${base}`;
    let name = base;
    for (let i = 2; taken.has(name); i++) name = `${base}_${i}`;
    taken.add(name);
    return name;
  });
}
