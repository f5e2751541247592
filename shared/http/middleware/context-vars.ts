import type { Context, MiddlewareHandler } from "hono";

/**
 * The request's context, adjusted once at the start of the request path. `c.var` without a copy
 * per read. Hono answers every `c.var` with
 * `Object.fromEntries(<all the request's variables>)`, a fresh object each time; this app reads
 * `c.var.sql`, `c.var.session`, `c.var.platform`… several times per request, and under load those
 * copies were a few per cent of all the memory a request allocated. This first step of the
 * request path gives the request's own context a `var` that reads through `c.get` (Hono's
 * Context class is left as it is). It is live (a variable set later is seen), and it cannot be
 * listed or spread: read variables by name, as the app does.
 */
const view: ProxyHandler<Context> = {
  get: (c, key) => typeof key === "string" ? c.get(key as never) : undefined,
  has: (c, key) => typeof key === "string" && c.get(key as never) !== undefined,
  set: () => {
    throw new TypeError("c.var is read-only: set a variable with c.set(key, value)");
  },
  ownKeys: () => {
    throw new TypeError("c.var cannot be listed or spread: read each variable by name");
  },
};

const encoder = new TextEncoder();

/**
 * `c.json` answering UTF-8 bytes made at once, as Hono's does with a string (same headers and
 * status handling). A list's JSON text is tens of KB and stays alive until the response is
 * written, after the commit's round trip; under load many such strings outlived two young
 * collections and were promoted, a quarter of all the bytes each full collection had to sweep
 * (docs/architecture.md, "The request hot path"). Bytes live outside the JavaScript heap.
 */
function jsonBytes(c: Context): Context["json"] {
  const body = c.body as (data: Uint8Array, arg?: unknown, headers?: object) => Response;
  const json = (object: unknown, arg?: unknown, headers?: object) =>
    body(encoder.encode(JSON.stringify(object)), arg, {
      "Content-Type": "application/json",
      ...headers,
    });
  return json as unknown as Context["json"];
}

export const contextVars: MiddlewareHandler = async (c, next) => {
  Object.defineProperty(c, "var", { value: new Proxy(c, view) });
  c.json = jsonBytes(c);
  await next();
};
