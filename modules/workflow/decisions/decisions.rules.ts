/**
 * Evaluating a compiled DMN 1.3 decision table (pure; tests/workflow/decisions.rules.test.ts is
 * the hit-policy suite). Input expressions and output entries are FEEL expressions, input
 * entries FEEL unary tests against the input value (`-` or empty matches anything); all through
 * feelin. The result is the list of matched rules' outputs, `{ outputName: value }` each, after
 * the hit policy (and a COLLECT aggregation) has been applied.
 */
import { evaluate, unaryTest } from "feelin";

export const HIT_POLICIES = [
  "UNIQUE",
  "FIRST",
  "PRIORITY",
  "ANY",
  "COLLECT",
  "RULE ORDER",
  "OUTPUT ORDER",
] as const;
export type HitPolicy = typeof HIT_POLICIES[number];
export const AGGREGATIONS = ["SUM", "MIN", "MAX", "COUNT"] as const;
export type Aggregation = typeof AGGREGATIONS[number];

export interface DecisionInput {
  label: string;
  expression: string;
  typeRef: string | null;
}
export interface DecisionOutput {
  name: string;
  label: string;
  typeRef: string | null;
  /** The allowed values in priority order (outputValues, evaluated); PRIORITY uses them. */
  values?: unknown[];
}
export interface DecisionRule {
  inputEntries: string[];
  outputEntries: string[];
  description?: string;
}
export interface CompiledTable {
  hitPolicy: HitPolicy;
  aggregation: Aggregation | null;
  inputs: DecisionInput[];
  outputs: DecisionOutput[];
  rules: DecisionRule[];
}

export type Row = Record<string, unknown>;
export interface Evaluation {
  /** 1-based numbers of the rules whose outputs make the result (after the hit policy). */
  matchedRules: number[];
  result: Row[];
}

/** A table that cannot give an answer (UNIQUE or ANY broken, an expression that fails). */
export class DecisionError extends Error {}

/** FEEL values back to plain JSON (dates, durations and ranges as their text). */
export function plain(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === "number" || typeof v === "string" || typeof v === "boolean") return v;
  if (Array.isArray(v)) return v.map(plain);
  if (typeof v === "function") return null;
  const proto = Object.getPrototypeOf(v);
  if (proto === Object.prototype || proto === null) {
    return Object.fromEntries(Object.entries(v as Row).map(([k, x]) => [k, plain(x)]));
  }
  return String(v);
}

const isAny = (entry: string) => entry.trim() === "" || entry.trim() === "-";

function expression(text: string, vars: Row, where: string): unknown {
  if (!text.trim()) return null;
  try {
    return evaluate(text, vars).value;
  } catch (err) {
    throw new DecisionError(`${where}: "${text}" failed: ${(err as Error).message}`);
  }
}

function test(entry: string, input: unknown, vars: Row, where: string): boolean {
  if (isAny(entry)) return true;
  try {
    // `?` is the input value (DMN 1.3); Camunda 7 models also name it cellInput.
    return unaryTest(entry, { ...vars, cellInput: input, "?": input }).value === true;
  } catch (err) {
    throw new DecisionError(`${where}: "${entry}" failed: ${(err as Error).message}`);
  }
}

/** Whether a unary test or an expression parses (compile-time check); the error text if not. */
export function feelProblem(text: string, kind: "test" | "expression"): string | null {
  if (kind === "test" ? isAny(text) : !text.trim()) return null;
  try {
    if (kind === "test") unaryTest(text, { "?": null });
    else evaluate(text, {});
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Priority of a rule's outputs: the position of each value in its output's list. */
function rank(row: Row, outputs: DecisionOutput[]): number[] {
  return outputs.map((o) => {
    const list = o.values;
    if (!list?.length) return 0;
    const at = list.findIndex((v) => same(v, row[o.name]));
    return at < 0 ? list.length : at;
  });
}

function byPriority(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

function aggregate(table: CompiledTable, rows: Row[], numbers: number[]): Evaluation {
  if (table.outputs.length !== 1) {
    throw new DecisionError(`Aggregation ${table.aggregation} needs exactly one output column.`);
  }
  const name = table.outputs[0].name;
  const values = rows.map((r) => r[name]).filter((v) => v !== null && v !== undefined);
  if (table.aggregation === "COUNT") {
    return { matchedRules: numbers, result: [{ [name]: values.length }] };
  }
  if (!values.length) return { matchedRules: numbers, result: [] };
  if (values.some((v) => typeof v !== "number")) {
    throw new DecisionError(
      `Aggregation ${table.aggregation} needs numbers; the matched rules give ${
        values.map((v) => JSON.stringify(v)).join(", ")
      }.`,
    );
  }
  const nums = values as number[];
  const value = table.aggregation === "SUM"
    ? nums.reduce((s, n) => s + n, 0)
    : table.aggregation === "MIN"
    ? Math.min(...nums)
    : Math.max(...nums);
  return { matchedRules: numbers, result: [{ [name]: value }] };
}

/** Evaluates the table against the variables and applies its hit policy. */
export function evaluateTable(table: CompiledTable, vars: Row): Evaluation {
  const inputs = table.inputs.map((inp, i) =>
    expression(inp.expression, vars, `Input ${inp.label || i + 1}`)
  );
  const matched: { n: number; row: Row }[] = [];
  table.rules.forEach((rule, r) => {
    const hit = table.inputs.every((inp, i) =>
      test(rule.inputEntries[i] ?? "", inputs[i], vars, `Rule ${r + 1}, ${inp.label || i + 1}`)
    );
    if (!hit) return;
    const row: Row = {};
    table.outputs.forEach((o, i) => {
      row[o.name] = plain(
        expression(rule.outputEntries[i] ?? "", vars, `Rule ${r + 1}, ${o.name}`),
      );
    });
    matched.push({ n: r + 1, row });
  });
  const numbers = matched.map((m) => m.n);
  const rows = matched.map((m) => m.row);
  const only = (k: { n: number; row: Row }[]) => ({
    matchedRules: k.map((m) => m.n),
    result: k.map((m) => m.row),
  });
  switch (table.hitPolicy) {
    case "UNIQUE":
      if (matched.length > 1) {
        throw new DecisionError(
          `Hit policy UNIQUE allows one matching rule, but rules ${numbers.join(", ")} match.`,
        );
      }
      return only(matched);
    case "FIRST":
      return only(matched.slice(0, 1));
    case "ANY":
      if (rows.some((r) => !same(r, rows[0]))) {
        throw new DecisionError(
          `Hit policy ANY needs matching rules to agree, but rules ${
            numbers.join(", ")
          } give different outputs.`,
        );
      }
      return only(matched.slice(0, 1));
    case "PRIORITY":
    case "OUTPUT ORDER": {
      const sorted = matched
        .map((m) => ({ ...m, rank: rank(m.row, table.outputs) }))
        .sort((a, b) => byPriority(a.rank, b.rank) || a.n - b.n);
      return only(table.hitPolicy === "PRIORITY" ? sorted.slice(0, 1) : sorted);
    }
    case "COLLECT":
      return table.aggregation ? aggregate(table, rows, numbers) : only(matched);
    case "RULE ORDER":
      return only(matched);
  }
}

export const MAP_RESULTS = ["singleEntry", "singleResult", "collectEntries", "resultList"] as const;
export type MapResult = typeof MAP_RESULTS[number];

/**
 * camunda:mapDecisionResult (Camunda 7): what a business rule task stores from the result.
 * singleEntry: the one value of the one matched rule (null when none); singleResult: that
 * rule's outputs as an object; collectEntries: the one output of every rule as a list;
 * resultList (default): the list of objects.
 */
export function mapResult(result: Row[], how: MapResult): unknown {
  const single = () => {
    if (result.length > 1) {
      throw new DecisionError(
        `${how} expects at most one matched rule, but the decision gave ${result.length}.`,
      );
    }
    return result[0] ?? null;
  };
  const entryOf = (row: Row) => {
    const keys = Object.keys(row);
    if (keys.length !== 1) {
      throw new DecisionError(
        `${how} expects exactly one output per rule, but the decision gives ${keys.length}.`,
      );
    }
    return row[keys[0]];
  };
  if (how === "singleResult") return single();
  if (how === "singleEntry") {
    const row = single();
    return row === null ? null : entryOf(row);
  }
  if (how === "collectEntries") return result.map(entryOf);
  return result;
}
