import type { Context } from "hono";
import { problems } from "./problem.ts";

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
