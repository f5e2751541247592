/**
 * shared/http/middleware/context-vars.ts: `c.var` reads a request's own variables through c.get (no copy per
 * read): values set before and after the first read, `in`, each request its own values even when
 * requests overlap, and a clear error for writing to it or spreading it.
 */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { contextVars } from "../../shared/http/middleware/context-vars.ts";

type Vars = { Variables: { who: string; later?: string } };
const seen: unknown[] = [];

function app() {
  const router = new Hono<Vars>();
  router.use(contextVars);
  router.use(async (c, next) => {
    c.set("who", c.req.query("who")!);
    await next();
  });
  router.get("/", async (c) => {
    const first = c.var.who;
    const before = "later" in c.var;
    c.set("later", `${first}!`);
    // Overlapping requests: the other one runs while this one waits.
    await new Promise((r) => setTimeout(r, Number(c.req.query("wait") ?? 0)));
    return c.json({ first, again: c.var.who, later: c.var.later, before, after: "later" in c.var });
  });
  router.get("/misuse", (c) => {
    for (
      const f of [() => ({ ...c.var }), () => Object.keys(c.var), () => {
        (c.var as Record<string, unknown>).who = "x";
      }]
    ) {
      try {
        f();
        seen.push("no error");
      } catch (err) {
        seen.push((err as Error).message);
      }
    }
    return c.text("ok");
  });
  return router;
}

Deno.test("c.var: a request's own variables, set before or after the first read", async () => {
  const a = app();
  const [slow, fast] = await Promise.all([
    Promise.resolve(a.request("/?who=ayse&wait=30")).then((r) => r.json()),
    Promise.resolve(a.request("/?who=mehmet&wait=0")).then((r) => r.json()),
  ]);
  assert.deepEqual(slow, {
    first: "ayse",
    again: "ayse",
    later: "ayse!",
    before: false,
    after: true,
  });
  assert.deepEqual(fast, {
    first: "mehmet",
    again: "mehmet",
    later: "mehmet!",
    before: false,
    after: true,
  });
});

Deno.test("c.var: spreading, listing or writing it is a clear error", async () => {
  seen.length = 0;
  assert.equal(await (await app().request("/misuse")).text(), "ok");
  assert.deepEqual(seen, [
    "c.var cannot be listed or spread: read each variable by name",
    "c.var cannot be listed or spread: read each variable by name",
    "c.var is read-only: set a variable with c.set(key, value)",
  ]);
});

Deno.test("context: c.json answers UTF-8 bytes with Hono's status and headers", async () => {
  const router = new Hono();
  router.use(contextVars);
  router.get("/plain", (c) => c.json({ name: "Çağrı ü", n: [1, 2] }));
  router.get("/created", (c) => {
    c.header("X-Kept", "yes");
    return c.json({ ok: true }, 201, { "X-Extra": "1" });
  });
  router.get(
    "/problem",
    (c) => c.json({ title: "Bad" }, 422, { "Content-Type": "application/problem+json" }),
  );
  router.get("/init", (c) => c.json({ gone: true }, { status: 410 }));

  const plain = await router.request("/plain");
  assert.equal(plain.status, 200);
  assert.equal(plain.headers.get("content-type"), "application/json");
  assert.deepEqual(await plain.json(), { name: "Çağrı ü", n: [1, 2] });
  const created = await router.request("/created");
  assert.equal(created.status, 201);
  assert.equal(created.headers.get("x-kept"), "yes");
  assert.equal(created.headers.get("x-extra"), "1");
  assert.equal(await created.text(), '{"ok":true}');
  const problem = await router.request("/problem");
  assert.equal(problem.status, 422);
  assert.equal(problem.headers.get("content-type"), "application/problem+json");
  assert.deepEqual(await problem.json(), { title: "Bad" });
  const init = await router.request("/init");
  assert.equal(init.status, 410);
  assert.equal(init.headers.get("content-type"), "application/json");
  assert.deepEqual(await init.json(), { gone: true });
});
