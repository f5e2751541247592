/**
 * The search form's query string → criteria. Anything malformed (a hand-edited address) is
 * left out rather than refused: a search page answers with what it can understand.
 */
import type { SearchCriteria } from "./search.schemas.ts";

/** Queries shorter than this (folded) find too much to be useful on their own. */
export const MIN_QUERY = 2;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d\d-\d\d$/;
/** Variable names as the engine stores them (BPMN ids, form field keys). */
const VARIABLE = /^[A-Za-z_][A-Za-z0-9_.-]{0,99}$/;

const day = (s: string | undefined) =>
  s && DAY.test(s) && !Number.isNaN(Date.parse(s)) ? s : undefined;

export function searchCriteria(query: Record<string, string | undefined>): SearchCriteria {
  const pick = (k: string, max = 200) => query[k]?.trim().slice(0, max) || undefined;
  const variable = pick("variable", 100);
  return {
    q: pick("q") ?? "",
    definitionId: UUID.test(pick("definitionId") ?? "") ? pick("definitionId") : undefined,
    assignee: UUID.test(pick("assignee") ?? "") ? pick("assignee") : undefined,
    from: day(pick("from")),
    to: day(pick("to")),
    variable: variable && VARIABLE.test(variable) ? variable : undefined,
    value: variable ? pick("value") : undefined,
  };
}

/** Worth running: enough text, or any narrowing filter. */
export function isSearchable(c: SearchCriteria, folded: string): boolean {
  return folded.length >= MIN_QUERY ||
    Boolean(c.definitionId || c.assignee || c.from || c.to || c.variable);
}

/** The criteria as a query string's pairs (for links and the form's values). */
export function criteriaQuery(c: SearchCriteria): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(c)) if (v) out[k] = String(v);
  return out;
}
