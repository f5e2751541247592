// Message correlation for bench/README.md: N instances each waiting at an intermediate message
// catch (business key order-<i>), then N correlations through the whole app (JWT, permission,
// RLS): POST /api/workflow/messages { messageName, businessKey }, BENCH_CLIENTS callers at once;
// correlations per second, latency p50/p95, and the time until every instance has ended (the
// continuation runs in the request or in step jobs, run here by two dispatchers). A second,
// smaller round correlates on a process variable instead (correlationKeys).
// Usage: DATABASE_URL=postgres://... deno task bench:workflow-messages
//   BENCH_INSTANCES (10000), BENCH_CLIENTS (4), BENCH_KEYS (1000, the correlationKeys round).
//   Creates its own tenant (slug bench-wfm-<id>) and deletes it at the end. Prints a markdown
//   table.
import { benchPlatform, benchTeardown, benchTenant, ms, quantile } from "./bench-kit.ts";
import { type Database, openDatabase } from "../shared/db/database.ts";
import { withScope } from "../shared/db/scope.ts";
import { Dispatcher } from "../shared/jobs/dispatcher.ts";
import type { Session } from "../shared/modules.ts";
import { workflow } from "../modules/workflow/mod.ts";
import { startInstance } from "../modules/workflow/engine/engine.service.ts";

const bench = await benchPlatform("bench:workflow-messages", "bench-wfm");
const { config, platform, sql } = bench;
const INSTANCES = Number(Deno.env.get("BENCH_INSTANCES") ?? 10_000);
const CLIENTS = Number(Deno.env.get("BENCH_CLIENTS") ?? 4);
const KEYS = Number(Deno.env.get("BENCH_KEYS") ?? 1_000);
const CORES = navigator.hardwareConcurrency ?? 2;
/** Instances started per transaction while seeding. */
const SEED_BATCH = 500;

const db2: Database = await openDatabase(config);

const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

const NS = `xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"`;
/** start → wait for the message "paid" → end. */
const XML = `<?xml version="1.0" encoding="UTF-8"?><bpmn:definitions ${NS} id="d" ` +
  `targetNamespace="bench"><bpmn:message id="paid" name="paid"/>` +
  `<bpmn:process id="bench_paid" name="Wait for payment" isExecutable="true">` +
  `<bpmn:startEvent id="start" name="Order placed"/>` +
  `<bpmn:intermediateCatchEvent id="wait" name="Payment received">` +
  `<bpmn:messageEventDefinition messageRef="paid"/></bpmn:intermediateCatchEvent>` +
  `<bpmn:endEvent id="end" name="Paid"/>` +
  `<bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="wait"/>` +
  `<bpmn:sequenceFlow id="f2" sourceRef="wait" targetRef="end"/></bpmn:process>` +
  `</bpmn:definitions>`;

const { slug, tenant, call } = await benchTenant(bench, "bench-wfm", "Bench messages");
const inTenant = <T>(fn: (tx: import("../shared/db/database.ts").Sql) => Promise<T>) =>
  withScope(sql, { tenantId: tenant.id, userId: tenant.ownerId }, fn);

/** `n` instances from `from`, each waiting at its message catch (key order-<i>, variable i). */
async function seed(from: number, n: number) {
  const session = {
    userId: tenant.ownerId,
    tenantId: tenant.id,
    roles: ["owner"],
    permissions: ["*"],
  } as Session;
  for (let at = from; at < from + n; at += SEED_BATCH) {
    await inTenant(async (tx) => {
      for (let i = at; i < Math.min(at + SEED_BATCH, from + n); i++) {
        await startInstance({ sql: tx, bus: platform.bus, session }, {
          key: "bench_paid",
          businessKey: `order-${i}`,
          variables: { orderNo: i },
        });
      }
    });
  }
}

const countActive = async () => {
  const [{ n }] = await inTenant((tx) =>
    tx`select count(*)::int as n from workflow_instances where state = 'active'`
  );
  return n as number;
};

/** The workflow jobs (steps, timers, signal deliveries), run by two dispatchers. */
function dispatchers() {
  const handlers = new Map(workflow.jobs.map((j) => [j.name, j.handler]));
  return [platform.db, db2].map((d, n) =>
    new Dispatcher(d, handlers, {
      workerId: `${slug}-${n}`,
      concurrency: CORES * 2,
      perTenantLimit: 8,
      pollMs: 20,
      bus: platform.bus,
      onlyNames: [...handlers.keys()],
    })
  );
}

interface Round {
  seconds: number;
  /** Until every instance of the round has ended. */
  drainedSeconds: number;
  latencies: number[];
  missed: number;
}

/** CLIENTS callers correlate messages for [from, from + n) until all are sent. */
async function correlate(from: number, n: number, body: (i: number) => unknown): Promise<Round> {
  const latencies: number[] = [];
  let next = from;
  let missed = 0;
  const began = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (next < from + n) {
      const i = next++;
      const t0 = performance.now();
      const answer = JSON.parse(await call("POST", "/api/workflow/messages", body(i)));
      latencies.push(performance.now() - t0);
      if (answer.results?.length !== 1) missed++;
    }
  }));
  const seconds = (performance.now() - began) / 1000;
  while (await countActive()) await sleep(50);
  return { seconds, drainedSeconds: (performance.now() - began) / 1000, latencies, missed };
}

const failures: string[] = [];
const ds = dispatchers();
try {
  const loadBefore = Deno.loadavg()[0];
  await call("POST", "/api/workflow/admin/process", { xml: XML, deploy: true });
  for (const d of ds) d.start();
  const rows: [string, string][] = [];

  let t0 = performance.now();
  await seed(0, INSTANCES);
  const seeded = (performance.now() - t0) / 1000;
  if ((await countActive()) !== INSTANCES) failures.push("not every instance is waiting");
  // Production's autovacuum analyzes tables after a bulk insert like this one; the bench
  // databases run with autovacuum off, and on empty-table statistics the correlation query
  // takes minutes (a nested loop over every subscription; see bench/README.md).
  if (!Deno.env.get("BENCH_NO_ANALYZE")) {
    await sql`analyze workflow_event_subscriptions, workflow_instances, workflow_tokens`;
  }
  const byKey = await correlate(0, INSTANCES, (i) => ({
    messageName: "paid",
    businessKey: `order-${i}`,
    processVariables: { paidAt: i },
  }));
  if (byKey.missed) failures.push(`${byKey.missed} correlations by business key missed`);
  rows.push(
    [
      `${INSTANCES} waiting instances, ${INSTANCES} POST /messages by business key, ${CLIENTS} clients`,
      `${Math.round(INSTANCES / byKey.seconds)} correlations/s (${byKey.seconds.toFixed(1)} s)`,
    ],
    [
      "… latency of one correlation",
      `p50 ${ms(quantile(byKey.latencies, 0.5))}, p95 ${ms(quantile(byKey.latencies, 0.95))}, ` +
      `max ${ms(Math.max(...byKey.latencies))}`,
    ],
    [
      "… until every instance has ended",
      `${byKey.drainedSeconds.toFixed(1)} s`,
    ],
    [
      `… seeding: ${INSTANCES} instances started to their message catch`,
      `${Math.round(INSTANCES / seeded)} starts/s`,
    ],
  );

  t0 = performance.now();
  await seed(INSTANCES, KEYS);
  const byVar = await correlate(INSTANCES, KEYS, (i) => ({
    messageName: "paid",
    correlationKeys: { orderNo: i },
  }));
  if (byVar.missed) failures.push(`${byVar.missed} correlations by variable missed`);
  rows.push(
    [
      `${KEYS} more, POST /messages by correlationKeys (a variable), ${CLIENTS} clients`,
      `${Math.round(KEYS / byVar.seconds)} correlations/s, p50 ${
        ms(quantile(byVar.latencies, 0.5))
      }, p95 ${ms(quantile(byVar.latencies, 0.95))}`,
    ],
  );

  const [{ waiting }] = await inTenant((tx) =>
    tx`select count(*)::int as waiting from workflow_event_subscriptions`
  );
  if (waiting) failures.push(`${waiting} subscriptions left behind`);
  const load1 = `load ${loadBefore.toFixed(1)} → ${Deno.loadavg()[0].toFixed(1)}`;
  console.log(`\n| Message correlation (${CORES} cores, PostgreSQL, ${load1}) | Measured |`);
  console.log("|---|---|");
  for (const [what, value] of rows) console.log(`| ${what} | ${value} |`);
  console.log();
} catch (err) {
  failures.push(String(err));
  console.error(err);
} finally {
  await Promise.all(ds.map((d) => d.stop().catch(() => {})));
  await db2.close();
  await benchTeardown(bench, { tenant, slug }, failures);
}
