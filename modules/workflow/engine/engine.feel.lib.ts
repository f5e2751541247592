/**
 * FEEL through feelin: conditions, input/output mappings, user task attributes and FEEL script
 * tasks. JUEL-style `${...}` is translated first (engine.rules.ts). Results come back as plain
 * JSON (FEEL dates and durations as their ISO text) so they can be stored as variables.
 */
import { evaluate } from "feelin";
import { expressionOf } from "./engine.rules.ts";

/** An expression that cannot be evaluated: the step stops with an incident. */
export class FeelError extends Error {}

function plain(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === "number" || typeof v === "string" || typeof v === "boolean") return v;
  if (Array.isArray(v)) return v.map(plain);
  if (typeof v === "function") return null;
  const proto = Object.getPrototypeOf(v);
  if (proto === Object.prototype || proto === null) {
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, plain(x)]),
    );
  }
  // FeelDate, FeelDateTime, FeelDuration, ranges: their own text form.
  return String(v);
}

/** Evaluates a FEEL expression against the variables; syntax errors throw FeelError. */
export function feel(expression: string, vars: Record<string, unknown>): unknown {
  try {
    return plain(evaluate(expression, vars).value);
  } catch (err) {
    throw new FeelError(
      `FEEL expression ${JSON.stringify(expression)} failed: ${(err as Error).message}`,
    );
  }
}

/** An attribute as written: FEEL (`=x`), JUEL (`${x}`) or a literal string. */
export function attribute(text: string, vars: Record<string, unknown>): unknown {
  const e = expressionOf(text);
  return "feel" in e ? feel(e.feel, vars) : e.literal;
}

/** A sequence flow condition (FEEL with or without `=`, or JUEL); true only for `true`. */
export function condition(text: string, vars: Record<string, unknown>): boolean {
  const e = expressionOf(text);
  return feel("feel" in e ? e.feel : e.literal, vars) === true;
}

/**
 * An input/output parameter. The compiler stores them as FEEL already (a literal as a quoted
 * string, `${x}` translated), so the text is FEEL; a leading `=` (as Camunda writes it) is
 * allowed too.
 */
export function parameter(text: string, vars: Record<string, unknown>): unknown {
  const trimmed = text.trim();
  return feel(trimmed.startsWith("=") ? trimmed.slice(1) : trimmed, vars);
}
