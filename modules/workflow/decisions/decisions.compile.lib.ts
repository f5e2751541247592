/**
 * DMN 1.3 XML → compiled decision tables (dmn-moddle). Every decision of the file must be a
 * decision table; each FEEL entry is tried once here so a bad one is refused at deployment with
 * the rule and column named, never found by a running process.
 */
import { DmnModdle } from "dmn-moddle";
import { evaluate } from "feelin";
import {
  type Aggregation,
  AGGREGATIONS,
  type CompiledTable,
  type DecisionOutput,
  feelProblem,
  HIT_POLICIES,
  type HitPolicy,
  plain,
} from "./decisions.rules.ts";

/** The decision ids business rule tasks can name (and URLs can carry). */
export const DECISION_KEY = /^[A-Za-z_][A-Za-z0-9_.-]{0,127}$/;

export interface CompiledDecision {
  key: string;
  name: string;
  table: CompiledTable;
}

export interface CompileResult {
  decisions: CompiledDecision[];
  /** Readable reasons the file cannot be deployed; empty when it can. */
  problems: string[];
}

/** A moddle element as far as we read it (moddle objects are dynamic). */
interface El {
  $type: string;
  id?: string;
  name?: string;
  label?: string;
  text?: string;
  typeRef?: string;
  hitPolicy?: string;
  aggregation?: string;
  description?: string;
  drgElement?: El[];
  decisionLogic?: El;
  input?: El[];
  output?: El[];
  rule?: El[];
  inputExpression?: El;
  outputValues?: El;
  inputEntry?: El[];
  outputEntry?: El[];
}

const text = (el: El | undefined) => (el?.text ?? "").trim();

/** outputValues (`"high","medium","low"`) as a list of values, in priority order. */
function valueList(raw: string): unknown[] | string {
  try {
    const v = evaluate(`[${raw}]`, {}).value;
    return Array.isArray(v) ? v.map(plain) : "not a list of values";
  } catch (err) {
    return (err as Error).message;
  }
}

function compileTable(decision: El, dt: El, problems: string[]): CompiledTable {
  const where = `Decision "${decision.name || decision.id}"`;
  const hitPolicy = (dt.hitPolicy ?? "UNIQUE") as HitPolicy;
  if (!HIT_POLICIES.includes(hitPolicy)) {
    problems.push(
      `${where}: hit policy ${dt.hitPolicy} is not supported (use ${HIT_POLICIES.join(", ")}).`,
    );
  }
  const aggregation = (dt.aggregation ?? null) as Aggregation | null;
  if (aggregation && !AGGREGATIONS.includes(aggregation)) {
    problems.push(`${where}: aggregation ${aggregation} is not supported (SUM, MIN, MAX, COUNT).`);
  }
  if (aggregation && hitPolicy !== "COLLECT") {
    problems.push(`${where}: an aggregation needs the hit policy COLLECT.`);
  }
  const inputs = (dt.input ?? []).map((inp, i) => {
    const label = inp.label?.trim() || text(inp.inputExpression) || `Input ${i + 1}`;
    const expression = text(inp.inputExpression);
    if (!expression) problems.push(`${where}, input "${label}": the input has no expression.`);
    const err = feelProblem(expression, "expression");
    if (err) {
      problems.push(`${where}, input "${label}": "${expression}" is not valid FEEL (${err}).`);
    }
    return { label, expression, typeRef: inp.inputExpression?.typeRef ?? null };
  });
  const outputs = (dt.output ?? []).map((out, i) => {
    const name = out.name?.trim() ?? "";
    const label = out.label?.trim() || name || `Output ${i + 1}`;
    if (!name) problems.push(`${where}, output "${label}": the output has no name.`);
    const o: DecisionOutput = { name, label, typeRef: out.typeRef ?? null };
    const raw = text(out.outputValues);
    if (raw) {
      const values = valueList(raw);
      if (typeof values === "string") {
        problems.push(`${where}, output "${label}": the output values are not valid (${values}).`);
      } else o.values = values;
    }
    return o;
  });
  if (!outputs.length) problems.push(`${where}: the table has no output column.`);
  const names = outputs.map((o) => o.name).filter(Boolean);
  if (new Set(names).size !== names.length) {
    problems.push(`${where}: two outputs have the same name.`);
  }
  const rules = (dt.rule ?? []).map((rule, r) => {
    const ins = (rule.inputEntry ?? []).map(text);
    const outs = (rule.outputEntry ?? []).map(text);
    if (ins.length !== inputs.length || outs.length !== outputs.length) {
      problems.push(`${where}, rule ${r + 1}: it does not have one entry per column.`);
    }
    ins.forEach((entry, i) => {
      const err = feelProblem(entry, "test");
      const col = inputs[i]?.label ?? `input ${i + 1}`;
      if (err) {
        problems.push(
          `${where}, rule ${r + 1}, "${col}": "${entry}" is not a valid test (${err}).`,
        );
      }
    });
    outs.forEach((entry, i) => {
      const err = feelProblem(entry, "expression");
      const col = outputs[i]?.label ?? `output ${i + 1}`;
      if (err) {
        problems.push(`${where}, rule ${r + 1}, "${col}": "${entry}" is not valid FEEL (${err}).`);
      }
    });
    return {
      inputEntries: ins,
      outputEntries: outs,
      ...(rule.description?.trim() ? { description: rule.description.trim() } : {}),
    };
  });
  return { hitPolicy, aggregation, inputs, outputs, rules };
}

/** Parses and checks a DMN file; `problems` says why it cannot be deployed. */
export async function compileDmn(xml: string): Promise<CompileResult> {
  let root: El;
  try {
    const parsed = await new DmnModdle().fromXML(xml, "dmn:Definitions");
    root = parsed.rootElement as unknown as El;
  } catch (err) {
    const first = String((err as Error).message ?? err).split("\n")[0];
    return { decisions: [], problems: [`The file is not DMN 1.3 XML (${first}).`] };
  }
  const problems: string[] = [];
  const decisions: CompiledDecision[] = [];
  const found = (root?.drgElement ?? []).filter((e) => e.$type === "dmn:Decision");
  for (const d of found) {
    const key = d.id ?? "";
    if (!DECISION_KEY.test(key)) {
      problems.push(
        `The decision id "${key}" must start with a letter or _ and hold letters, digits, _ . - only.`,
      );
    }
    if (d.decisionLogic?.$type !== "dmn:DecisionTable") {
      problems.push(
        `Decision "${d.name || key}" is not a decision table; only decision tables can be run.`,
      );
      continue;
    }
    decisions.push({
      key,
      name: d.name?.trim() || key,
      table: compileTable(d, d.decisionLogic, problems),
    });
  }
  if (!found.length) problems.push("The file has no decision table.");
  return { decisions, problems };
}
