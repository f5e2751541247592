import type { Context } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { problems } from "../../shared/http/problem.ts";
import type { Flash } from "./common/ui.view.tsx";
import { type FlashStatus, problemFlash } from "../../shared/http/form.ts";
import { isUuid } from "../../shared/http/ids.ts";

export type C = Context<AppEnv>;

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

export const isHtmx = (c: C) => c.req.header("HX-Request") === "true";

/** After a form post: htmx follows HX-Redirect, a plain form a 303. */
export function redirect(c: C, to: string) {
  if (isHtmx(c)) {
    c.header("HX-Redirect", to);
    return c.body(null, 204);
  }
  return c.redirect(to, 303);
}

/** A path id: malformed ones are simply not found. */
export function pathId(c: C, name = "id"): string {
  const v = c.req.param(name) ?? "";
  if (!isUuid(v)) throw problems.notFound();
  return v;
}

export async function form(c: C): Promise<Record<string, string | string[]>> {
  try {
    return await c.req.parseBody({ all: true }) as Record<string, string | string[]>;
  } catch {
    throw problems.badRequest("The form could not be read.");
  }
}

export const one = (v: string | string[] | File | undefined): string =>
  typeof v === "string" ? v.trim() : Array.isArray(v) ? String(v[0] ?? "").trim() : "";
export const many = (v: string | string[] | undefined): string[] =>
  (Array.isArray(v) ? v : v ? [v] : []).map((x) => String(x).trim()).filter(Boolean);
export const orNull = (v: string) => (v === "" ? null : v);
