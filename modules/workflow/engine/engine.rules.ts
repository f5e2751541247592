/**
 * Pure helpers of the engine (no database): expression dialects, priorities, templates and
 * graph questions the interpreter asks. Tested directly (tests/workflow/engine.rules.test.ts).
 */
import type { ElementDef, ProcessModel } from "../common/model.lib.ts";

export type TaskPriority = "dusuk" | "normal" | "yuksek" | "kritik";
const PRIORITIES: TaskPriority[] = ["dusuk", "normal", "yuksek", "kritik"];

/** camunda:priority as written (a level name or a number 0-100) → our four levels. */
export function taskPriority(value: unknown): TaskPriority {
  if (typeof value === "string" && PRIORITIES.includes(value as TaskPriority)) {
    return value as TaskPriority;
  }
  const n = typeof value === "number" ? value : Number(String(value ?? "").trim());
  if (value === null || value === undefined || String(value).trim() === "" || !Number.isFinite(n)) {
    return "normal";
  }
  return n < 25 ? "dusuk" : n < 50 ? "normal" : n < 75 ? "yuksek" : "kritik";
}

/**
 * How an attribute is written: `=expr` (FEEL), `${expr}` / `#{expr}` (JUEL, translated to
 * FEEL), or a plain literal.
 */
export function expressionOf(text: string): { feel: string } | { literal: string } {
  const t = text.trim();
  if (t.startsWith("=")) return { feel: t.slice(1) };
  const juel = /^[$#]\{([\s\S]*)\}$/.exec(t);
  if (juel) return { feel: juelToFeel(juel[1]) };
  return { literal: text };
}

/**
 * A JUEL-style condition in FEEL: `&&`→`and`, `||`→`or`, `==`→`=`, `!x`→`not(x)`; string
 * literals are left alone.
 */
export function juelToFeel(src: string): string {
  let out = "";
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (ch === '"' || ch === "'") {
      let j = i + 1;
      while (j < src.length && src[j] !== ch) j += src[j] === "\\" ? 2 : 1;
      out += '"' + src.slice(i + 1, j).replace(/"/g, '\\"') + '"';
      i = j + 1;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (two === "&&") (out += " and ", i += 2);
    else if (two === "||") (out += " or ", i += 2);
    else if (two === "==") (out += "=", i += 2);
    else if (two === "!=") (out += "!=", i += 2);
    else if (ch === "!") {
      // !x, !(a and b): wrap the operand in not(...)
      const rest = src.slice(i + 1);
      const operand = /^\s*(\([^()]*\)|[\w.]+)/.exec(rest);
      if (operand) {
        out += `not(${juelToFeel(operand[1])})`;
        i += 1 + operand[0].length;
      } else (out += "not", i++);
    } else (out += ch, i++);
  }
  return out.replace(/\s+/g, " ").trim();
}

/** `{{a.b}}` placeholders filled from the variables (missing ones become empty). */
export function fillTemplate(template: string, vars: Record<string, unknown>): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, path: string) => {
    let v: unknown = vars;
    for (const key of path.split(".")) {
      v = v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined;
    }
    if (v === undefined || v === null) return "";
    return typeof v === "object" ? JSON.stringify(v) : String(v);
  });
}

/** Comma-separated attribute values, trimmed, without empties. */
export function commaList(values: string[] | string | undefined): string[] {
  const list = Array.isArray(values) ? values : (values ?? "").split(",");
  return list.map((s) => s.trim()).filter(Boolean);
}

export function elementOf(model: ProcessModel, id: string): ElementDef {
  const el = model.elements[id];
  if (!el) throw new Error(`the process has no element ${id}`);
  return el;
}

/** Boundary events sitting on an activity. */
export function boundariesOf(model: ProcessModel, activityId: string): ElementDef[] {
  return Object.values(model.elements).filter((e) =>
    e.type === "boundaryEvent" && e.attachedTo === activityId
  );
}

/** The none start event of a scope (process level: parent null; or a subprocess). */
export function noneStartOf(model: ProcessModel, scope: string | null): ElementDef | null {
  return Object.values(model.elements).find((e) =>
    e.type === "startEvent" && e.parent === scope &&
    (!e.event || e.event.kind === "none")
  ) ?? null;
}

/** Elements that do something the engine must not repeat: they always run in a job of their own. */
export function runsInOwnJob(el: ElementDef): boolean {
  // An external task only writes a row for workers: it may run in any step.
  if (el.service) return el.service.kind !== "external" || el.asyncBefore === true;
  return el.type === "serviceTask" || el.type === "sendTask" ||
    el.asyncBefore === true;
}

/**
 * Whether `target` can be reached from `from` along sequence flows (within one scope). The
 * inclusive join waits while any live token of its scope could still arrive.
 */
export function canReach(model: ProcessModel, from: string, target: string): boolean {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const el = model.elements[id];
    if (!el) continue;
    const next = el.outgoing.map((f) => model.flows[f]?.target).filter(Boolean) as string[];
    // A token on an activity can also leave through its boundary events.
    for (const b of boundariesOf(model, id)) next.push(b.id);
    for (const n of next) {
      if (n === target) return true;
      stack.push(n);
    }
  }
  return false;
}

export const ACTIVITY_TYPES = new Set([
  "userTask",
  "serviceTask",
  "scriptTask",
  "sendTask",
  "businessRuleTask",
  "task",
  "receiveTask",
  "subProcess",
  "callActivity",
]);

/** Types a migration mapping must cover when a token waits there. */
export function isWaitState(el: ElementDef): boolean {
  return ACTIVITY_TYPES.has(el.type) || el.type === "intermediateCatchEvent" ||
    el.type === "parallelGateway" || el.type === "inclusiveGateway" ||
    el.type === "eventBasedGateway";
}

const mentionsGlobals = new WeakMap<ProcessModel, boolean>();

/**
 * Whether any expression or script of the model names `globals`: only then does a step load
 * (and decrypt) the tenant's global variables. A script that builds the name at run time is not
 * seen, and gets none.
 */
export function usesGlobals(model: ProcessModel): boolean {
  let uses = mentionsGlobals.get(model);
  if (uses === undefined) {
    uses = /\bglobals\b/.test(JSON.stringify(model));
    mentionsGlobals.set(model, uses);
  }
  return uses;
}
