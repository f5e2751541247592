import assert from "node:assert/strict";
import { browse as browsePage, type Caller } from "../helpers.ts";

/** Shared by the translations tests (translations-*.test.ts). */

export const MODULES = ["support", "projects", "automation"] as const;

/** A browser-like request as `who` (see tests/helpers.ts browse). */
export const browse = (
  path: string,
  who: Caller,
  opts: { form?: Record<string, string>; headers?: Record<string, string> } = {},
) => browsePage(path, { who, ...opts });

export const HTMX = { "HX-Request": "true" };

/** The merged catalog of a language through a module's API (asserts a 200). */
export async function catalog(who: Caller, locale: string, module = "support") {
  const res = await who.call("GET", `/api/${module}/translations?locale=${locale}`);
  assert.equal(res.status, 200, await res.clone().text());
  return await res.json() as {
    locale: string;
    languages: { code: string; name: string; builtin: boolean }[];
    messages: Record<string, string>;
  };
}
