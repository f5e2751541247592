/**
 * The one-statement rule for raw SQL: a statement is scanned for `;` outside strings, quoted
 * names, dollar quotes and comments; only one reading statement is accepted (a trailing `;` is
 * dropped). The read-only transaction and the SELECT-only role refuse writes anyway — this gives
 * a clear answer first and keeps a second statement from ever reaching the server.
 */
import { problems } from "../../../shared/http/problem.ts";

export type Engine = "postgres" | "mysql";

const READING = new Set([
  "select",
  "with",
  "values",
  "table",
  "show",
  "explain",
  "describe",
  "desc",
]);
/** Statements whose result can be wrapped as a derived table (and so capped by the server). */
export const WRAPPABLE = new Set(["select", "with", "values", "table"]);

/** Returns the statement without a trailing `;`, or throws 422 when there is more than one. */
export function singleStatement(text: string, engine: Engine): string {
  let i = 0;
  let end = -1;
  const n = text.length;
  while (i < n) {
    const ch = text[i];
    const next = text[i + 1];
    if (ch === "'" || ch === '"' || ch === "`") {
      i++;
      while (i < n) {
        if (engine === "mysql" && text[i] === "\\" && ch !== "`") i += 2;
        else if (text[i] === ch && text[i + 1] === ch) i += 2;
        else if (text[i] === ch) break;
        else i++;
      }
      if (i >= n) throw problems.unprocessable("A quote is not closed.");
      i++;
    } else if (ch === "-" && next === "-" || (engine === "mysql" && ch === "#")) {
      while (i < n && text[i] !== "\n") i++;
    } else if (ch === "/" && next === "*") {
      const close = text.indexOf("*/", i + 2);
      if (close < 0) throw problems.unprocessable("A comment is not closed.");
      i = close + 2;
    } else if (engine === "postgres" && ch === "$" && /^\$[A-Za-z_]*\$/.test(text.slice(i))) {
      const tag = text.slice(i).match(/^\$[A-Za-z_]*\$/)![0];
      const close = text.indexOf(tag, i + tag.length);
      if (close < 0) throw problems.unprocessable("A dollar quote is not closed.");
      i = close + tag.length;
    } else if (ch === ";") {
      if (end < 0) end = i;
      i++;
    } else {
      if (end >= 0 && !/\s/.test(ch)) {
        throw problems.unprocessable("Only one statement can be run at a time.");
      }
      i++;
    }
  }
  const body = (end >= 0 ? text.slice(0, end) : text).trim();
  if (!body) throw problems.unprocessable("The statement is empty.");
  return body;
}

/** The first keyword after comments and parentheses, lower-case. */
export function firstKeyword(text: string): string {
  const stripped = text.replace(/^(\s|--[^\n]*\n?|#[^\n]*\n?|\/\*[\s\S]*?\*\/|\()+/, "");
  return (stripped.match(/^[A-Za-z]+/)?.[0] ?? "").toLowerCase();
}

/** Checks a raw statement: one statement, a reading one. Returns it and its keyword. */
export function checkRawStatement(text: string, engine: Engine) {
  const body = singleStatement(text, engine);
  const keyword = firstKeyword(body);
  if (!READING.has(keyword)) {
    throw problems.unprocessable(
      "Only reading statements can be run here; data sources are read-only.",
    );
  }
  return { body, keyword };
}
