/**
 * `dataQuery("key", {param: value})` in FEEL (sequence-flow conditions, FEEL script tasks): the
 * rows of the tenant's saved query `key` as a list of contexts, e.g.
 * `count(dataQuery("open_orders", {min: amount})) > 0` or
 * `dataQuery("totals", {})[1].total > 1000`.
 *
 * FEEL (feelin) is synchronous and a query is not, so the text is evaluated first with a
 * function that only records what it is asked; the asked queries run on the step's
 * transaction (runSavedQuery: RLS, bind parameters, timeout), and the text is evaluated again
 * with the answers, for a bounded number of rounds (answers can feed further queries).
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { ElementError } from "../engine/engine.errors.lib.ts";
import { runSavedQuery } from "./queries.service.ts";

type Vars = Record<string, unknown>;
const MAX_ROUNDS = 4;
/** Distinct queries one evaluation may run. */
const MAX_QUERIES = 10;

/** Whether the text calls dataQuery (only then is anything loaded). */
const usesDataQuery = (text: string | null | undefined): text is string =>
  !!text && text.includes("dataQuery(");

/** FEEL values to JSON-like parameters (dates and durations as their text). */
function plainParams(v: unknown): Record<string, unknown> {
  if (!v || typeof v !== "object" || Array.isArray(v)) return {};
  return Object.fromEntries(
    Object.entries(v as Vars).map(([k, x]) => [
      k,
      x === null || ["string", "number", "boolean"].includes(typeof x) || Array.isArray(x)
        ? x
        : String(x),
    ]),
  );
}

const cacheKey = (key: unknown, params: Record<string, unknown>) =>
  JSON.stringify([String(key), Object.entries(params).sort(([a], [b]) => a.localeCompare(b))]);

async function load(actor: SystemActor, key: string, params: Vars): Promise<unknown[]> {
  try {
    return (await runSavedQuery(actor, { key, params })).rows;
  } catch (err) {
    // A refused query (unknown key, a parameter that does not fit) or a failed statement
    // (rolled back to its savepoint): an incident that says which query and why.
    const why = err instanceof Problem
      ? [err.detail ?? err.title, ...(err.errors ?? []).map((e) => e.message)].join(" ")
      : (err as { code?: string }).code
      ? (err as Error).message
      : null;
    if (why === null) throw err;
    throw new ElementError("data-query", `dataQuery(${JSON.stringify(key)}) failed: ${why}`);
  }
}

/**
 * The variables with a loaded `dataQuery` function for evaluating `texts` with `evaluate`
 * (engine.feel's condition or feel). Texts without dataQuery cost nothing.
 */
export async function withDataQueries(
  actor: SystemActor,
  { vars, texts, evaluate }: {
    vars: Vars;
    texts: (string | null | undefined)[];
    evaluate: (text: string, vars: Vars) => unknown;
  },
): Promise<Vars> {
  const wanted = texts.filter(usesDataQuery);
  if (!wanted.length) return vars;
  const cache = new Map<string, unknown[]>();
  const withAnswers = (missing?: Map<string, [string, Vars]>): Vars => ({
    ...vars,
    dataQuery(key: unknown, params?: unknown) {
      const p = plainParams(params);
      const k = cacheKey(key, p);
      if (cache.has(k)) return cache.get(k);
      missing?.set(k, [String(key), p]);
      return null;
    },
  });
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const missing = new Map<string, [string, Vars]>();
    const probe = withAnswers(missing);
    for (const text of wanted) {
      try {
        evaluate(text, probe);
      } catch {
        // Evaluated again by the caller, with the answers; its error is reported then.
      }
    }
    if (!missing.size) break;
    if (cache.size + missing.size > MAX_QUERIES) {
      throw new ElementError("data-query", `more than ${MAX_QUERIES} data queries in one step`);
    }
    for (const [k, [key, params]] of missing) cache.set(k, await load(actor, key, params));
  }
  return withAnswers();
}
