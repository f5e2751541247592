import { Context } from "hono";

/**
 * `c.var` without a copy per read. Hono answers every `c.var` with
 * `Object.fromEntries(<all the request's variables>)`, a fresh object each time; this app reads
 * `c.var.sql`, `c.var.session`, `c.var.platform`… several times per request, and under load those
 * copies were a few per cent of all the memory a request allocated. Here `c.var` is a view that
 * reads through `c.get`, made once per request. It is live (a variable set later is seen), and it
 * cannot be listed or spread: read variables by name, as the app does.
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

Object.defineProperty(Context.prototype, "var", {
  configurable: true,
  get(this: Context) {
    const vars = new Proxy(this, view);
    Object.defineProperty(this, "var", { value: vars });
    return vars;
  },
});
