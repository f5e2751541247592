import type { Context } from "hono";
import type { z } from "@hono/zod-openapi";
import { Problem, problems } from "./problem.ts";

/** Names of fields that are lists even with one value (checkbox groups). */
const LIST_FIELDS = new Set(["roles", "permissions"]);

/**
 * A submitted form as an object: trimmed strings, repeated fields (checkbox groups) as arrays,
 * empty fields left out. A body that cannot be parsed is a 400, not a crash.
 */
export async function readForm(c: Context): Promise<Record<string, string | string[]>> {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw problems.badRequest("The form could not be read.");
  }
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(form)) {
    const values = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === "string");
    const kept = values.map((x) => x.trim()).filter(Boolean);
    if (kept.length) out[k] = kept.length === 1 && !LIST_FIELDS.has(k) ? kept[0] : kept;
  }
  return out;
}

/** One text field of a form read by readForm ("" when absent or a list). */
export function field(form: Record<string, string | string[]>, name: string): string {
  const v = form[name];
  return typeof v === "string" ? v : "";
}

/** The outcome of a page's form post, shown inline. */
export interface Flash {
  kind: "ok" | "error";
  text: string;
}

/** Statuses a page answers a failed form post with (the panel shows the message). */
export type FlashStatus = 400 | 403 | 404 | 409 | 413 | 415 | 422;

/**
 * A path naming a record by id (`customFields.<uuid>`) is for API clients: people read only the
 * message, which names the record itself.
 */
const ID_IN_PATH = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * A client-side failure (a Problem below 500) as an inline message with its status; anything
 * else is rethrown, so real faults still reach the error handler.
 */
export function problemFlash(err: unknown): { flash: Flash; status: FlashStatus } {
  if (!(err instanceof Problem) || err.status >= 500) throw err;
  const text = err.errors?.length
    ? err.errors.map((e) => ID_IN_PATH.test(e.path) ? e.message : `${e.path}: ${e.message}`)
      .join("; ")
    : err.detail ?? err.title;
  return { flash: { kind: "error", text }, status: err.status as FlashStatus };
}

/** Zod issues as one line a person can read ("path: message; …"). */
export function zodIssuesText(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  return issues.map((i) => `${i.path.map(String).join(".")}: ${i.message}`).join("; ");
}

/** Runs a form action on schema-checked input; validation and rule failures come back inline. */
export async function formAction<T extends z.ZodType>(
  schema: T,
  input: unknown,
  run: (data: z.infer<T>) => Promise<Flash>,
): Promise<{ flash: Flash; status: 200 | FlashStatus }> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    return { flash: { kind: "error", text: zodIssuesText(parsed.error.issues) }, status: 400 };
  }
  try {
    return { flash: await run(parsed.data), status: 200 };
  } catch (err) {
    return problemFlash(err);
  }
}
