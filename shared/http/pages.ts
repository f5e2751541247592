/**
 * The one helper set for page routes (server-rendered forms driven by htmx): the context type,
 * form reading, htmx-aware redirects, path ids and inline results of form actions. Modules use
 * these instead of keeping their own copies.
 */
import type { Context } from "hono";
import type { AppEnv } from "../modules.ts";
import { problems } from "./problem.ts";
import { isUuid } from "./ids.ts";
import { sameOriginPath } from "./redirect.ts";
import { field, type Flash, type FlashStatus, problemFlash, readForm } from "./form.ts";

export {
  field,
  type Flash,
  type FlashStatus,
  formAction,
  problemFlash,
  readForm,
  zodIssuesText,
} from "./form.ts";
export { uuidOrNull } from "./ids.ts";

/** A page route's context. */
export type C = Context<AppEnv>;
/** A form as readForm returns it. */
export type Form = Record<string, string | string[]>;
/** The status of a page answering a form post. */
export type Status = 200 | FlashStatus;

/** Whether htmx sent the request (it then swaps part of the page). */
export const isHtmx = (c: Context) => c.req.header("HX-Request") === "true";

/** After a form post: htmx follows HX-Redirect, a plain form a 303. */
export function redirectAfterPost(c: Context, to: string) {
  if (isHtmx(c)) {
    c.header("HX-Redirect", to);
    return c.body(null, 204);
  }
  return c.redirect(to, 303);
}

/** A path id: malformed ones are simply not found. */
export function pathId(c: Context, name = "id"): string {
  const v = c.req.param(name) ?? "";
  if (!isUuid(v)) throw problems.notFound();
  return v;
}

/** One value of a raw form field, trimmed ("" when absent). */
export const one = (v: string | string[] | File | undefined): string =>
  typeof v === "string" ? v.trim() : Array.isArray(v) ? String(v[0] ?? "").trim() : "";
/** Every non-empty value of a raw form field. */
export const many = (v: string | string[] | undefined): string[] =>
  (Array.isArray(v) ? v : v ? [v] : []).map((x) => String(x).trim()).filter(Boolean);
export const orNull = (v: string) => (v === "" ? null : v);

/** Runs a page action; a rule or input failure comes back as an inline message. */
export async function attempt<T>(
  run: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; flash: Flash; status: FlashStatus }> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    return { ok: false, ...problemFlash(err) };
  }
}

/** Where to go after an action: the form's `back` when it is a page under `prefix`, else fallback. */
export function backOf(form: Form, prefix: string, fallback: string): string {
  const back = sameOriginPath(field(form, "back"), "");
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  return new RegExp(`^${escaped}(\\/[^/\\\\]|\\?|$)`).test(back) ? back : fallback;
}

/**
 * Runs a page action: on success redirects (303) back to the page it came from (a page under
 * `prefix`); a rule or input failure renders that page again with the message.
 */
export async function act(
  c: Context,
  prefix: string,
  fallback: string,
  run: (form: Form) => Promise<void | Response>,
  render: (back: string, flash: Flash, status: Status) => Promise<Response>,
): Promise<Response> {
  const form = await readForm(c);
  const back = backOf(form, prefix, fallback);
  try {
    const out = await run(form);
    return out ?? c.redirect(back, 303);
  } catch (err) {
    const { flash, status } = problemFlash(err);
    return await render(back, flash, status);
  }
}
