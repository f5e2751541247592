/**
 * Expressions as Camunda 7 models write them, turned into what our engine evaluates: FEEL.
 * JUEL (`${amount > 100 && approved}`) is translated, FEEL (`=amount > 100`) loses its `=`,
 * and every result is syntax-checked with feelin so a typo refuses the deployment instead of
 * raising an incident on the first running instance. Timers are checked the same way.
 */
import { evaluate } from "feelin";
import { Cron } from "croner";
import type { TimerDef } from "../common/model.lib.ts";

/** `${...}` / `#{...}` wrap a JUEL expression; `=...` marks FEEL. */
export const isJuel = (s: string) => /^\s*[$#]\{[\s\S]*\}\s*$/.test(s);
export const isFeel = (s: string) => s.trimStart().startsWith("=");
export const isExpression = (s: string) => isJuel(s) || isFeel(s);

const WORD_OPS: Record<string, string> = {
  and: "and",
  or: "or",
  eq: "=",
  ne: "!=",
  lt: "<",
  gt: ">",
  le: "<=",
  ge: ">=",
};

/** Reads one operand after a `!`/`not`: a parenthesised group or a dotted name. */
function operandEnd(s: string, from: number): number {
  let i = from;
  while (s[i] === " ") i++;
  if (s[i] === "(") {
    let depth = 0;
    for (; i < s.length; i++) {
      if (s[i] === "(") depth++;
      if (s[i] === ")" && --depth === 0) return i + 1;
    }
    return s.length;
  }
  while (i < s.length && /[\w.$]/.test(s[i])) i++;
  return i;
}

/** `not(...)` of an operand; a parenthesised operand keeps just one pair of parentheses. */
const negate = (operand: string) => {
  const o = operand.trim();
  const inner = o.startsWith("(") && o.endsWith(")") ? o.slice(1, -1) : o;
  return `not(${juelToFeel(inner)})`;
};

/** JUEL body (without `${}`) → FEEL: `&&`→and, `||`→or, `==`→=, `!x`→not(x), 'a'→"a". */
export function juelToFeel(body: string): string {
  let out = "";
  let i = 0;
  while (i < body.length) {
    const c = body[i];
    if (c === "'" || c === '"') {
      // String literal: FEEL only has double quotes.
      let j = i + 1;
      let text = "";
      while (j < body.length && body[j] !== c) {
        if (body[j] === "\\" && j + 1 < body.length) j++;
        text += body[j++];
      }
      out += JSON.stringify(text);
      i = j + 1;
      continue;
    }
    const two = body.slice(i, i + 2);
    if (two === "&&") (out += " and ", i += 2);
    else if (two === "||") (out += " or ", i += 2);
    else if (two === "==") (out += " = ", i += 2);
    else if (two === "!=") (out += " != ", i += 2);
    else if (c === "!") {
      const end = operandEnd(body, i + 1);
      out += negate(body.slice(i + 1, end));
      i = end;
    } else if (/[A-Za-z_]/.test(c) && !/[\w.$]/.test(body[i - 1] ?? "")) {
      let j = i;
      while (j < body.length && /[\w$]/.test(body[j])) j++;
      const word = body.slice(i, j);
      if (word === "not") {
        const end = operandEnd(body, j);
        out += negate(body.slice(j, end));
        i = end;
      } else {
        out += WORD_OPS[word] ? ` ${WORD_OPS[word]} ` : word;
        i = j;
      }
    } else (out += c, i++);
  }
  return out.replace(/\s+/g, " ").trim();
}

/** Any condition/expression as written → FEEL text (`${x}` translated, `=` dropped). */
export function toFeel(expression: string): string {
  const s = expression.trim();
  if (isJuel(s)) return juelToFeel(s.replace(/^[$#]\{/, "").replace(/\}$/, ""));
  if (isFeel(s)) return s.slice(1).trim();
  return s;
}

/** The FEEL syntax error of an expression, or null when it parses. */
export function feelError(feel: string): string | null {
  if (!feel.trim()) return "The expression is empty.";
  try {
    // Evaluating against an empty context reports syntax errors and nothing else: unknown
    // names are null in FEEL, so a valid expression never throws here.
    evaluate(feel, {});
    return null;
  } catch (e) {
    return `The expression "${feel}" is not valid FEEL: ${(e as Error).message}`;
  }
}

const DURATION =
  /^-?P(?!$)(\d+(\.\d+)?Y)?(\d+(\.\d+)?M)?(\d+(\.\d+)?W)?(\d+(\.\d+)?D)?(T(?=\d)(\d+(\.\d+)?H)?(\d+(\.\d+)?M)?(\d+(\.\d+)?S)?)?$/;
export const isIsoDuration = (s: string) => DURATION.test(s.trim());
export const isIsoDate = (s: string) =>
  /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s.trim()) &&
  !Number.isNaN(Date.parse(s.trim()));

const FIELD_MAX = [59, 59, 23, 31, 12, 7];

/**
 * Quartz cron (what Camunda 7 models carry: `0/5 0/1 * 1/1 * ? *`) → the cron croner runs:
 * `?` becomes `*`, `N/S` becomes `N-max/S`, a trailing year `*` is dropped. Five- and
 * six-field crons pass through unchanged apart from that.
 */
export function normalizeCron(cron: string): string {
  let fields = cron.trim().split(/\s+/);
  if (fields.length === 7 && fields[6] === "*") fields = fields.slice(0, 6);
  const offset = fields.length === 5 ? 1 : 0;
  return fields.map((f, i) =>
    f === "?"
      ? "*"
      : f.replace(/^(\d+)\/(\d+)$/, (_m, a, b) => `${a}-${FIELD_MAX[i + offset]}/${b}`)
  ).join(" ");
}

const cronError = (cron: string): string | null => {
  try {
    new Cron(cron, { paused: true }).stop();
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

/**
 * Checks a timer; returns the timer the engine should run (cron normalized) or the reason it
 * cannot run. Expressions (`${...}`, `=...`) are checked for syntax only: they are evaluated
 * when the timer is set.
 */
export function checkTimer(
  kind: TimerDef["kind"],
  raw: string,
): { timer?: TimerDef; error?: string } {
  const expression = raw.trim();
  if (!expression) return { error: "The timer has no value." };
  if (isExpression(expression)) {
    const err = feelError(toFeel(expression));
    return err ? { error: err } : { timer: { kind, expression } };
  }
  if (kind === "date") {
    return isIsoDate(expression)
      ? { timer: { kind, expression } }
      : { error: `"${expression}" is not an ISO 8601 date.` };
  }
  if (kind === "duration") {
    return isIsoDuration(expression)
      ? { timer: { kind, expression } }
      : { error: `"${expression}" is not an ISO 8601 duration such as PT10M or P2D.` };
  }
  if (/^R\d*\//.test(expression)) {
    const parts = expression.split("/").slice(1);
    const ok = parts.length >= 1 && parts.length <= 2 &&
      parts.some((p) => isIsoDuration(p)) &&
      parts.every((p) => isIsoDuration(p) || isIsoDate(p));
    return ok
      ? { timer: { kind, expression } }
      : { error: `"${expression}" is not an ISO 8601 repetition such as R3/PT10M.` };
  }
  const cron = normalizeCron(expression);
  const err = cronError(cron);
  return err
    ? { error: `"${expression}" is neither an ISO 8601 repetition nor a valid cron: ${err}` }
    : { timer: { kind, expression: cron } };
}

/** Task priority as written → our enum (numbers 0-100 mapped); expressions kept as written. */
export function normalizePriority(raw: string): { priority?: string; error?: string } {
  const s = raw.trim();
  if (["dusuk", "normal", "yuksek", "kritik"].includes(s)) return { priority: s };
  if (isExpression(s)) return { priority: s };
  if (/^\d+$/.test(s)) {
    const n = Number(s);
    if (n > 100) return { error: `Priority ${s} is above 100.` };
    return { priority: n < 25 ? "dusuk" : n < 50 ? "normal" : n < 75 ? "yuksek" : "kritik" };
  }
  return { error: `"${s}" is not a priority (dusuk, normal, yuksek, kritik or 0-100).` };
}

/** A literal (not `=`/`${}`) in an input/output parameter, as a FEEL string literal. */
export const literalToFeel = (value: string) => JSON.stringify(value);
