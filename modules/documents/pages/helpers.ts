import type { Context } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { field, type FlashStatus, problemFlash, readForm } from "../../../shared/http/form.ts";
import type { Flash } from "../common/common.view.tsx";

export type C = Context<AppEnv>;
export type Form = Record<string, string | string[]>;
export type Status = 200 | FlashStatus;

export { uuidOrNull } from "../../../shared/http/ids.ts";

/** Where to go after an action: a page of this module only (never another site). */
export function backOf(form: Form, fallback: string): string {
  const back = field(form, "back");
  return /^\/documents(\/[^/\\]|\?|$)/.test(back) ? back : fallback;
}

/**
 * Runs a page action: on success redirects (303) back to the page it came from; a rule or
 * input failure renders that page again with the message (htmx swaps the panel out of it).
 */
export async function act(
  c: C,
  fallback: string,
  run: (form: Form) => Promise<void | Response>,
  render: (back: string, flash: Flash, status: Status) => Promise<Response>,
): Promise<Response> {
  const form = await readForm(c);
  const back = backOf(form, fallback);
  try {
    const out = await run(form);
    return out ?? c.redirect(back, 303);
  } catch (err) {
    const { flash, status } = problemFlash(err);
    return await render(back, flash, status);
  }
}
