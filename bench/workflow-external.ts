// External task workers for bench/README.md: N waiting external tasks (start → external service
// task → end), then 4 workers, each a loop of POST fetch-and-lock (maxTasks = BENCH_BATCH) and
// one POST complete per task, through the whole app (JWT, permission, RLS); tasks per second and
// the latency of each call. A second round with maxTasks 1 (one fetch per task).
// Usage: DATABASE_URL=postgres://... deno task bench:workflow-external
//   BENCH_TASKS (2000 per round), BENCH_WORKERS (4), BENCH_BATCH (10). Creates its own tenant
//   (slug bench-wfx-<id>) and deletes it at the end. Prints a markdown table.
import { benchPlatform, benchTeardown, benchTenant, ms, quantile } from "./bench-kit.ts";
import { withScope } from "../shared/db/scope.ts";
import type { Session } from "../shared/modules.ts";
import { startInstance } from "../modules/workflow/engine/engine.service.ts";

const bench = await benchPlatform("bench:workflow-external", "bench-wfx");
const { platform, sql } = bench;
const TASKS = Number(Deno.env.get("BENCH_TASKS") ?? 2000);
const WORKERS = Number(Deno.env.get("BENCH_WORKERS") ?? 4);
const BATCH = Number(Deno.env.get("BENCH_BATCH") ?? 10);
const CORES = navigator.hardwareConcurrency ?? 2;

const API = "/api/workflow/external-tasks";

const NS = `xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" ` +
  `xmlns:camunda="http://camunda.org/schema/1.0/bpmn"`;
const XML = `<?xml version="1.0" encoding="UTF-8"?><bpmn:definitions ${NS} id="d" ` +
  `targetNamespace="bench"><bpmn:process id="bench_external" name="External" ` +
  `isExecutable="true"><bpmn:startEvent id="start" name="Start"/><bpmn:serviceTask id="work" ` +
  `name="Work" camunda:type="external" camunda:topic="bench-work"/>` +
  `<bpmn:endEvent id="end" name="End"/>` +
  `<bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="work"/>` +
  `<bpmn:sequenceFlow id="f2" sourceRef="work" targetRef="end"/></bpmn:process>` +
  `</bpmn:definitions>`;

const { slug, tenant, call } = await benchTenant(bench, "bench-wfx", "Bench external tasks");

/** N instances, each waiting at its external task (the first step runs inline). */
async function seed(n: number) {
  await withScope(sql, { tenantId: tenant.id, userId: tenant.ownerId }, async (tx) => {
    const session = {
      userId: tenant.ownerId,
      tenantId: tenant.id,
      roles: ["owner"],
      permissions: ["*"],
    } as Session;
    for (let i = 0; i < n; i++) {
      await startInstance({ sql: tx, bus: platform.bus, session }, {
        key: "bench_external",
        variables: { i, payload: { amount: i * 10, currency: "TRY" } },
      });
    }
  });
}

interface Round {
  done: number;
  seconds: number;
  fetches: number[];
  completes: number[];
  duplicates: number;
}

/** WORKERS loops of fetch-and-lock + complete until nothing is left. */
async function round(batch: number): Promise<Round> {
  const fetches: number[] = [];
  const completes: number[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  const began = performance.now();
  await Promise.all(Array.from({ length: WORKERS }, async (_, w) => {
    const workerId = `bench-${w}`;
    while (true) {
      const t0 = performance.now();
      const tasks = JSON.parse(
        await call("POST", `${API}/fetch-and-lock`, {
          workerId,
          maxTasks: batch,
          topics: [{ topicName: "bench-work", lockDuration: 60_000 }],
        }),
      ) as { id: string }[];
      fetches.push(performance.now() - t0);
      if (!tasks.length) return;
      for (const task of tasks) {
        if (seen.has(task.id)) duplicates++;
        seen.add(task.id);
        const t1 = performance.now();
        await call("POST", `${API}/${task.id}/complete`, { workerId, variables: { ok: true } });
        completes.push(performance.now() - t1);
      }
    }
  }));
  return {
    done: completes.length,
    seconds: (performance.now() - began) / 1000,
    fetches,
    completes,
    duplicates,
  };
}

const failures: string[] = [];
try {
  const loadBefore = Deno.loadavg()[0];
  await call("POST", "/api/workflow/admin/process", { xml: XML, deploy: true });
  const rows: [string, string][] = [];
  for (const batch of [BATCH, 1]) {
    const t0 = performance.now();
    await seed(TASKS);
    const seeded = (performance.now() - t0) / 1000;
    const r = await round(batch);
    if (r.done !== TASKS) failures.push(`batch ${batch}: ${r.done} of ${TASKS} completed`);
    if (r.duplicates) failures.push(`batch ${batch}: ${r.duplicates} tasks handed out twice`);
    rows.push(
      [
        `${TASKS} tasks, ${WORKERS} workers, fetch-and-lock maxTasks ${batch} + complete each`,
        `${Math.round(r.done / r.seconds)} tasks/s (${r.done} in ${r.seconds.toFixed(1)} s)`,
      ],
      [
        `… POST fetch-and-lock (${r.fetches.length} calls)`,
        `p50 ${ms(quantile(r.fetches, 0.5))}, p95 ${ms(quantile(r.fetches, 0.95))}`,
      ],
      [
        `… POST complete (token moves on, instance ends)`,
        `p50 ${ms(quantile(r.completes, 0.5))}, p95 ${ms(quantile(r.completes, 0.95))}`,
      ],
      [
        `… seeding: starting ${TASKS} instances to their external task`,
        `${Math.round(TASKS / seeded)} starts/s`,
      ],
    );
  }
  const [{ left }] = await withScope(
    sql,
    { tenantId: tenant.id, userId: tenant.ownerId },
    (tx) => tx`select count(*)::int as left from workflow_external_tasks`,
  );
  if (left) failures.push(`${left} external task rows left behind`);
  const load1 = `load ${loadBefore.toFixed(1)} → ${Deno.loadavg()[0].toFixed(1)}`;
  console.log(`\n| External tasks (${CORES} cores, PostgreSQL, ${load1}) | Measured |`);
  console.log("|---|---|");
  for (const [what, value] of rows) console.log(`| ${what} | ${value} |`);
  console.log();
} catch (err) {
  failures.push(String(err));
  console.error(err);
} finally {
  await benchTeardown(bench, { tenant, slug }, failures);
}
