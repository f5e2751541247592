import assert from "node:assert/strict";
import { itest, newTenant, testApp, unique } from "../helpers.ts";
import { enqueue } from "../../shared/jobs/queue.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { withScope } from "../../shared/db/scope.ts";
import type { DomainEvent, ModuleManifest, SystemJob } from "../../shared/modules.ts";
import { eventHandlers, withEventDelivery } from "../../platform/events/events.service.ts";
import { MODULES, PLATFORM } from "../../app/registry.ts";

itest(
  "events: each subscriber gets an event once, scoped to its tenant, and is retried alone",
  async () => {
    const { platform } = await testApp();
    const t = await newTenant();
    const dispatch = unique("test.dispatch");
    let rulesRuns = 0;
    const seen: { module: string; name: string; tenant: string }[] = [];
    let failOnce = true;
    const module = (name: string, fail = false) =>
      ({
        name,
        onEvent: async (e: DomainEvent) => {
          const [row] = await e.sql`select current_setting('app.tenant_id') as tenant`;
          if (fail && failOnce && row.tenant === t.id) {
            failOnce = false;
            throw new Error("subscriber hiccup");
          }
          // Other tests' deliveries may be due on this shared queue: keep only this tenant's.
          if (row.tenant === t.id) seen.push({ module: name, name: e.name, tenant: row.tenant });
        },
      }) as unknown as ModuleManifest;
    const rules: SystemJob = { name: dispatch, handler: () => Promise.resolve(void rulesRuns++) };
    const jobs = withEventDelivery([rules], [module("a"), module("b", true)], dispatch);
    const d = new Dispatcher(platform.db, new Map(jobs.map((j) => [j.name, j.handler])), {
      onlyNames: jobs.map((j) => j.name),
    });
    await withScope(platform.db.sql, { tenantId: t.id }, (tx) =>
      enqueue(tx, dispatch, {
        payload: { event: "x.thing.happened", data: { id: 1 } },
        backoffSeconds: 0,
      }));
    await d.drain();
    assert.equal(seen.length, 1, "one subscriber failed its first attempt");
    // Its retry waits for the backoff: make it due now and drain again.
    await platform.db.sql`update jobs set run_after = now()
                        where tenant_id = ${t.id} and state = 'queued'`;
    await d.drain();
    assert.equal(rulesRuns, 1, "the rules ran once although a subscriber failed");
    assert.deepEqual(
      seen.map((s) => s.module).sort(),
      ["a", "b"],
    );
    assert.ok(seen.every((s) => s.tenant === t.id && s.name === "x.thing.happened"));
  },
);

Deno.test("events: one list says who handles a published event", () => {
  const handlers = eventHandlers(MODULES, PLATFORM);
  // The notification rules run inside the dispatch job; every module with onEvent gets its own.
  assert.deepEqual(
    handlers.filter((h) => h.runs === "dispatch").map((h) => h.unit),
    ["notifications"],
  );
  assert.deepEqual(
    handlers.filter((h) => h.runs === "delivery").map((h) => h.unit),
    MODULES.filter((m) => m.onEvent).map((m) => m.name),
  );
});
