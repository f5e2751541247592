/**
 * A reader of the event log that kills itself (SIGKILL, as `kill -9`) after a batch's
 * handlers ran and before its cursor moved, on the KILL_AT-th batch of tenant TENANT
 * (tests/shared/event-log.test.ts).
 */
import { createTestApp } from "../../app/testing.ts";
import { platformEventReader } from "../../platform/events/public.ts";

const tenant = Deno.env.get("TENANT")!;
const killAt = Number(Deno.env.get("KILL_AT"));
const { platform } = await createTestApp();
let batches = 0;
const reader = platformEventReader(platform, {
  only: ["notifications"],
  batch: Number(Deno.env.get("BATCH")),
  concurrency: 1,
  beforeCursor: (log) => {
    if (log.tenantId === tenant && ++batches === killAt) Deno.kill(Deno.pid, "SIGKILL");
  },
});
await reader.drain();
console.log("drained without being killed");
Deno.exit(3);
