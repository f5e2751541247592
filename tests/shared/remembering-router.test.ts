/**
 * shared/http/router.ts, RememberingRouter: the application's router keeps each method-and-path
 * match. A kept match must answer exactly as a fresh one would: each path its own parameters,
 * middleware and handlers in order, another method its own match, a route added later found, and
 * the same answers once more paths were seen than it keeps.
 */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { RememberingRouter } from "../../shared/http/router.ts";

function app() {
  const router = new Hono({ router: new RememberingRouter() });
  router.use("*", async (c, next) => {
    await next();
    c.header("X-Seen", "all");
  });
  router.use("/items/*", async (c, next) => {
    await next();
    c.header("X-Items", "yes");
  });
  router.get("/items/new", (c) => c.text("new"));
  router.get("/items/:id", (c) => c.text(`item ${c.req.param("id")}`));
  router.get("/items/:id/notes/:note", (c) => c.json(c.req.param()));
  router.delete("/items/:id", (c) => c.text(`deleted ${c.req.param("id")}`));
  return router;
}

Deno.test("remembering router: a path asked again answers as the first time, with its own parameters", async () => {
  const router = app();
  for (let round = 0; round < 3; round++) {
    for (const id of ["a", "b", "c"]) {
      const res = await router.request(`/items/${id}?round=${round}`);
      assert.equal(await res.text(), `item ${id}`);
      assert.equal(res.headers.get("x-seen"), "all");
      assert.equal(res.headers.get("x-items"), "yes");
    }
    assert.equal(await (await router.request("/items/new")).text(), "new");
    assert.deepEqual(await (await router.request("/items/x/notes/7")).json(), {
      id: "x",
      note: "7",
    });
    assert.equal(
      await (await router.request("/items/a", { method: "DELETE" })).text(),
      "deleted a",
    );
    assert.equal((await router.request("/items/a", { method: "PATCH" })).status, 404);
    assert.equal((await router.request("/nothing")).status, 404);
  }
});

Deno.test("remembering router: a route added after matches is found; many paths stay right", async () => {
  const router = app();
  assert.equal((await router.request("/later")).status, 404);
  router.get("/later", (c) => c.text("later"));
  assert.equal(await (await router.request("/later")).text(), "later");
  // More distinct paths than it keeps: the oldest are dropped and matched again when asked.
  for (let i = 0; i < 2_500; i++) {
    assert.equal(await (await router.request(`/items/${i}`)).text(), `item ${i}`);
  }
  for (let i = 0; i < 2_500; i += 499) {
    assert.equal(await (await router.request(`/items/${i}`)).text(), `item ${i}`);
  }
  // A path too long to keep is still matched, each time.
  const long = "x".repeat(600);
  for (let round = 0; round < 2; round++) {
    assert.equal(await (await router.request(`/items/${long}`)).text(), `item ${long}`);
  }
});
