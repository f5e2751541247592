// The domain event log under a burst (issue 39, goal 1): ticket creates from many tenants at
// full speed through the whole app (in this process), while a worker process (`worker.ts`, as
// `deno task worker` runs it) hands every event to every subscriber (the analytics live refresh, automation triggers, workflow start events and
// the notification rules — each tenant has a rule that notifies its owner, so the rules do real
// work). Prints the creates' rate and latency, the backlog's peak and how long after the last
// create every subscriber had caught up (goal ≤ 5 s).
// Usage: DATABASE_URL=postgres://... deno task bench:events
//   EVENTS_TENANTS (default 100), EVENTS_CREATES (10000), EVENTS_CLIENTS (32),
//   EVENTS_READER=in-process (the reader in this process, beside the app, instead of a worker).
// Use a database of its own: the reader starts every tenant's log from where it is.
import { asWorker } from "../shared/jobs/dispatcher.ts";
import { platformEventReader } from "../platform/events/public.ts";
import { benchPlatform, benchTenant, ms, quantile } from "./bench-kit.ts";
import { Instance } from "../tests/platform/multi-instance.fixtures.ts";

const TENANTS = Number(Deno.env.get("EVENTS_TENANTS") ?? 100);
const CREATES = Number(Deno.env.get("EVENTS_CREATES") ?? 10_000);
const CLIENTS = Number(Deno.env.get("EVENTS_CLIENTS") ?? 32);
const IN_PROCESS = Deno.env.get("EVENTS_READER") === "in-process";

const kit = await benchPlatform("bench:events", "bench-events");
const { platform, sql } = kit;
const failures: string[] = [];
const tenants: Awaited<ReturnType<typeof benchTenant>>[] = [];
const customers: string[] = [];
console.log(`events: ${TENANTS} tenants, ${CREATES} ticket creates, ${CLIENTS} clients`);
for (let i = 0; i < TENANTS; i++) {
  const t = await benchTenant(kit, "bench-events", `Events ${i}`);
  customers.push(JSON.parse(await t.call("POST", "/api/support/customers", { name: "Bench" })).id);
  await t.call("POST", "/api/support/notification-rules", {
    name: "Tell the owner",
    event: "support.ticket.created",
    actions: [{ type: "notify", userIds: [t.tenant.ownerId], title: "New: {{ticket.subject}}" }],
  });
  tenants.push(t);
}
const reader = platformEventReader(platform);
const backlog = async () => (await reader.backlog()).reduce((n, r) => n + r.events, 0);
const before = await backlog();
if (before) console.log(`  (a backlog of ${before} events was there before the bench)`);

const worker = new Instance("worker", "worker", {
  DATABASE_URL: Deno.env.get("DATABASE_URL")!,
  ADMIN_PASSWORD: crypto.randomUUID(),
});
if (IN_PROCESS) reader.start();
else await worker.start();
let made = 0;
let peak = 0;
let lastAck = 0;
const latencies: number[] = [];
const began = performance.now();
const sampling = setInterval(async () => {
  peak = Math.max(peak, await backlog().catch(() => 0));
}, 250);
await Promise.all(Array.from({ length: CLIENTS }, async () => {
  for (let n = made++; n < CREATES; n = made++) {
    const i = n % TENANTS;
    const t0 = performance.now();
    await tenants[i].call("POST", "/api/support/support-ticket", {
      subject: `Burst ${n}`,
      description: "bench",
      customerId: customers[i],
    }).catch((err) => failures.length < 5 && failures.push(String(err)));
    const t1 = performance.now();
    latencies.push(t1 - t0);
    lastAck = Math.max(lastAck, t1);
  }
}));
const loadSeconds = (lastAck - began) / 1000;
let left = await backlog();
while (left > 0 && performance.now() - lastAck < 120_000) {
  await new Promise((r) => setTimeout(r, 20));
  left = await backlog();
}
const caughtUp = (performance.now() - lastAck) / 1000;
clearInterval(sampling);
if (IN_PROCESS) await reader.stop();
else await worker.dispose();

const ids = tenants.map((t) => t.tenant.id);
// The owner connection (no RLS role) counts across the bench's tenants.
const [check] = await sql<{ events: number; notified: number }[]>`
  select (select count(*)::int from event_log where tenant_id = any(${ids}::uuid[])
            and name = 'support.ticket.created') as events,
         (select count(*)::int from notifications where tenant_id = any(${ids}::uuid[])) as notified`;
const subscribers = (await reader.backlog()).map((r) => r.subscriber);
console.log("\n| figure | value | goal |\n|---|---|---|");
console.log(
  `| ticket creates | ${latencies.length} in ${loadSeconds.toFixed(1)} s (${
    Math.round(latencies.length / loadSeconds)
  }/s) | — |`,
);
console.log(
  `| create latency p50 / p99 | ${ms(quantile(latencies, 0.5))} / ${
    ms(quantile(latencies, 0.99))
  } | — |`,
);
console.log(
  `| subscribers (read by ${IN_PROCESS ? "this process" : "one worker process"}) | ${
    subscribers.join(", ")
  } | — |`,
);
console.log(
  `| events logged / owner notifications | ${check.events} / ${check.notified} | ${CREATES} / ${CREATES} |`,
);
console.log(`| backlog peak (events × subscribers) | ${peak} | — |`);
console.log(
  `| every subscriber caught up, after the last create | ${
    left ? "not within 120 s" : `${caughtUp.toFixed(2)} s`
  } | ≤ 5 s |`,
);
if (left) failures.push(`${left} events still unread`);
if (check.events !== CREATES || check.notified !== CREATES) {
  failures.push(
    `${check.events} events and ${check.notified} notifications for ${CREATES} creates`,
  );
}

await asWorker(sql, async (tx) => {
  await tx`delete from job_runs where tenant_id = any(${ids}::uuid[])`;
  await tx`delete from jobs where tenant_id = any(${ids}::uuid[])`;
});
await sql`delete from tenants where id = any(${ids}::uuid[])`;
await sql`delete from users where email like 'bench-events-%'`;
await platform.bus.close();
await platform.db.close();
await Deno.remove(kit.dataDir, { recursive: true }).catch(() => {});
if (failures.length) {
  console.error(`FAILED: ${failures.join("; ")}`);
  Deno.exit(1);
}
