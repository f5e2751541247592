import assert from "node:assert/strict";
import { callApp, type Caller } from "../helpers.ts";

/** Shared by the translations tests (translations-*.test.ts). */

const ORIGIN = "http://localhost";
export const MODULES = ["support", "projects", "automation"] as const;

/** A browser-like request: session cookie, same-origin header, optional form body. */
export function browse(
  path: string,
  who: Caller,
  opts: { form?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {
    Origin: ORIGIN,
    Cookie: `session=${who.token}`,
    ...opts.headers,
  };
  let body: string | undefined;
  if (opts.form) {
    body = new URLSearchParams(opts.form).toString();
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  return callApp(path, { method: opts.form ? "POST" : "GET", body, headers });
}

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
