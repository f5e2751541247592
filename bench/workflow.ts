// Workflow figures for bench/README.md: (a) engine throughput — a 10-step process (every script task
// asyncBefore, so each is a queue job of its own) run by 2 dispatchers across 100 tenants, steps
// per second and instance end-to-end times; (b) task-list latency with 100,000 open tasks over
// those tenants, through the whole app (JWT, RLS, permissions), sequential requests.
// Usage: DATABASE_URL=postgres://... deno task bench:workflow
//   BENCH_TENANTS (100), BENCH_INSTANCES (20 per tenant), BENCH_TASKS (100000),
//   BENCH_REQUESTS (300 per view). Creates its own tenants (slug bench-wf-<id>-n) and deletes
//   them at the end. Prints a markdown table.
import { loadConfig } from "../shared/config.ts";
import { type Database, openDatabase } from "../shared/db/database.ts";
import { withScope } from "../shared/db/scope.ts";
import { asWorker, Dispatcher } from "../shared/jobs/dispatcher.ts";
import { setLogLevel } from "../shared/log.ts";
import type { Session } from "../shared/modules.ts";
import { builtinRoles } from "../shared/rbac/permissions.ts";
import { preparePlatform } from "../app/start.ts";
import { createApp } from "../app/app.tsx";
import { MODULES } from "../app/registry.ts";
import { createTenant } from "../platform/identity/tenants.service.ts";
import { insertUser } from "../platform/identity/users.repo.ts";
import { STEP_JOB, TIMER_JOB } from "../modules/workflow/common/model.lib.ts";
import { stepJob, timerJob } from "../modules/workflow/engine/engine.jobs.service.ts";
import { startInstance } from "../modules/workflow/engine/engine.service.ts";

const DATABASE_URL = Deno.env.get("DATABASE_URL");
if (!DATABASE_URL) {
  console.error("bench:workflow needs DATABASE_URL (a PostgreSQL it may add tenants to)");
  Deno.exit(1);
}
const TENANTS = Number(Deno.env.get("BENCH_TENANTS") ?? 100);
const INSTANCES = Number(Deno.env.get("BENCH_INSTANCES") ?? 20);
const TASKS = Number(Deno.env.get("BENCH_TASKS") ?? 100_000);
const REQUESTS = Number(Deno.env.get("BENCH_REQUESTS") ?? 300);
const STEPS = 10;
const CORES = navigator.hardwareConcurrency ?? 2;

setLogLevel("error");
const benchId = crypto.randomUUID().slice(0, 8);
const dataDir = await Deno.makeTempDir({ prefix: "bench-workflow-" });
const config = loadConfig({
  ...Deno.env.toObject(),
  DATA_DIR: dataDir,
  LOG_LEVEL: "error",
  ADMIN_PASSWORD: Deno.env.get("ADMIN_PASSWORD") ?? crypto.randomUUID(),
});
const platform = await preparePlatform(config, MODULES);
const app = createApp(platform);
const db = platform.db;
const db2: Database = await openDatabase(config);
const sql = db.sql;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

const NS = `xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" ` +
  `xmlns:camunda="http://camunda.org/schema/1.0/bpmn"`;
/** start → 10 FEEL script tasks, each asyncBefore (a queue job of its own) → end. */
function tenSteps(): string {
  const ids = Array.from({ length: STEPS }, (_, i) => `step${i + 1}`);
  const chain = ["start", ...ids, "end"];
  const tasks = ids.map((id) =>
    `<bpmn:scriptTask id="${id}" name="Step ${id}" scriptFormat="feel" ` +
    `camunda:resultVariable="n" camunda:asyncBefore="true"><bpmn:script>n + 1</bpmn:script>` +
    `</bpmn:scriptTask>`
  ).join("");
  const flows = chain.slice(1).map((to, i) =>
    `<bpmn:sequenceFlow id="f${i}" sourceRef="${chain[i]}" targetRef="${to}"/>`
  ).join("");
  return `<?xml version="1.0" encoding="UTF-8"?><bpmn:definitions ${NS} id="d" ` +
    `targetNamespace="bench"><bpmn:process id="bench_steps" name="Ten steps" isExecutable="true">` +
    `<bpmn:startEvent id="start" name="Start"/>${tasks}<bpmn:endEvent id="end" name="End"/>` +
    `${flows}</bpmn:process></bpmn:definitions>`;
}

interface Tenant {
  id: string;
  ownerId: string;
  token: string;
}

async function createTenants(n: number): Promise<Tenant[]> {
  const out: Tenant[] = [];
  for (let i = 0; i < n; i++) {
    const slug = `bench-wf-${benchId}-${i}`;
    const t = await withScope(sql, {}, async (tx) => {
      const owner = await insertUser(tx, {
        email: `${slug}-owner@bench.test`,
        name: `Owner ${i}`,
        passwordHash: null,
      });
      const { tenant } = await createTenant({ sql: tx }, {
        slug,
        name: `Bench workflow ${i}`,
        owner: { email: owner.email, name: owner.name },
        roles: builtinRoles(MODULES),
      });
      return { id: tenant.id, ownerId: owner.id };
    });
    const { token } = await platform.tokens.issue({
      userId: t.ownerId,
      tenantId: t.id,
      roles: ["owner"],
    });
    out.push({ ...t, token });
  }
  return out;
}

const call = async (t: Tenant, method: string, path: string, body?: unknown) => {
  const res = await app.fetch(
    new Request(`http://bench.local${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${t.token}`,
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    }),
  );
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
  return text;
};

const asOwner = <T>(t: Tenant, fn: (tx: import("../shared/db/database.ts").Sql) => Promise<T>) =>
  withScope(sql, { tenantId: t.id, userId: t.ownerId }, fn);

function dispatcher(d: Database, n: number) {
  return new Dispatcher(d, new Map([[STEP_JOB, stepJob], [TIMER_JOB, timerJob]]), {
    workerId: `bench-wf-${benchId}-${n}`,
    concurrency: CORES * 2,
    perTenantLimit: 4,
    pollMs: 20,
    bus: platform.bus,
    onlyNames: [STEP_JOB, TIMER_JOB],
  });
}

async function startMany(tenants: Tenant[], perTenant: number): Promise<string[]> {
  const ids: string[] = [];
  for (const t of tenants) {
    await asOwner(t, async (tx) => {
      const session = {
        userId: t.ownerId,
        tenantId: t.id,
        roles: ["owner"],
        permissions: ["*"],
      } as Session;
      for (let k = 0; k < perTenant; k++) {
        const { id } = await startInstance({ sql: tx, bus: platform.bus, session }, {
          key: "bench_steps",
          variables: { n: 0 },
        });
        ids.push(id);
      }
    });
  }
  return ids;
}

const activeOf = async (ids: string[]) => {
  const [{ n }] = await asWorker(sql, (tx) =>
    tx`select count(*)::int as n from workflow_instances
       where id = any(${ids}::uuid[]) and state = 'active'`);
  return n as number;
};

async function durations(ids: string[]) {
  const rows = await asWorker(sql, (tx) =>
    tx<{ ms: number; state: string }[]>`
      select extract(epoch from ended_at - started_at) * 1000 as ms, state
      from workflow_instances where id = any(${ids}::uuid[])`);
  return {
    ms: rows.map((r) => Number(r.ms)),
    notCompleted: rows.filter((r) => r.state !== "completed").length,
  };
}

async function completedEvents(tenants: Tenant[]) {
  let n = 0;
  for (const t of tenants) {
    const [row] = await asOwner(
      t,
      (tx) => tx`select count(*)::int as n from workflow_history where event = 'element.completed'`,
    );
    n += row.n as number;
  }
  return n;
}

/** (a) throughput and end-to-end times. */
async function engineBench(tenants: Tenant[]) {
  for (const t of tenants) {
    await call(t, "POST", "/api/workflow/admin/process", { xml: tenSteps(), deploy: true });
  }
  const ds = [dispatcher(db, 1), dispatcher(db2, 2)];
  for (const d of ds) d.start();
  // One instance at a time on idle dispatchers: the latency of a 10-step process alone.
  const alone: number[] = [];
  for (let i = 0; i < 20; i++) {
    const [id] = await startMany([tenants[i % tenants.length]], 1);
    while (await activeOf([id])) await sleep(5);
    alone.push(...(await durations([id])).ms);
  }
  await Promise.all(ds.map((d) => d.stop()));
  const before = await completedEvents(tenants);
  // Load: every tenant's instances queued, then the two dispatchers work them off.
  const t0 = performance.now();
  const ids = await startMany(tenants, INSTANCES);
  const startSeconds = (performance.now() - t0) / 1000;
  const began = performance.now();
  const ds2 = [dispatcher(db, 3), dispatcher(db2, 4)];
  for (const d of ds2) d.start();
  while (await activeOf(ids)) await sleep(200);
  const seconds = (performance.now() - began) / 1000;
  await Promise.all(ds2.map((d) => d.stop()));
  const steps = (await completedEvents(tenants)) - before;
  const loaded = await durations(ids);
  return { alone, ids, seconds, startSeconds, steps, loaded };
}

/** (b) 100k open tasks: a realistic mix of assigned and pool tasks over the tenants. */
async function seedTasks(tenants: Tenant[]) {
  const per = Math.ceil(TASKS / tenants.length);
  for (const t of tenants) {
    await asOwner(t, (tx) =>
      tx`
      insert into workflow_tasks (tenant_id, id, name, description, state, assignee,
        candidate_users, candidate_roles, priority, due_at, created_by, created_at, search)
      select ${t.id}, gen_random_uuid(), 'Approve request ' || g, 'Bench task ' || g,
        case when g % 10 < 4 and g % 3 = 0 then 'claimed' else 'created' end,
        case when g % 10 < 2 then ${t.ownerId}::uuid
             when g % 10 < 4 then (array[gen_random_uuid(), gen_random_uuid()])[1 + g % 2]
             else null end,
        case when g % 10 = 9 then array[${t.ownerId}::uuid] else '{}'::uuid[] end,
        case when g % 10 < 4 then '{}'::text[]
             when g % 3 = 0 then array['owner', 'admin']
             when g % 3 = 1 then array['agent', 'member']
             else array['member', 'approver'] end,
        (array['dusuk','normal','yuksek','kritik'])[1 + g % 4],
        case when g % 5 = 0 then now() + make_interval(days => g % 9 - 3) end,
        ${t.ownerId}, now() - make_interval(mins => g), 'approve request ' || g
      from generate_series(1, ${per}) g`);
  }
  await sql`analyze workflow_tasks`;
  return per * tenants.length;
}

async function listLatency(tenants: Tenant[], view: string) {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS + 10; i++) {
    const t = tenants[i % tenants.length];
    const began = performance.now();
    await call(t, "GET", `/api/workflow/tasks?view=${view}`);
    if (i >= 10) times.push(performance.now() - began);
  }
  return times;
}

const failures: string[] = [];
let tenants: Tenant[] = [];
try {
  const loadBefore = Deno.loadavg()[0];
  const t0 = performance.now();
  tenants = await createTenants(TENANTS);
  console.log(`${TENANTS} tenants in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const e = await engineBench(tenants);
  if (e.loaded.notCompleted) failures.push(`${e.loaded.notCompleted} instances did not complete`);
  console.log(`engine: ${e.steps} element completions in ${e.seconds.toFixed(1)} s`);
  const seeded = await seedTasks(tenants);
  const views: [string, number[]][] = [];
  for (const v of ["mine", "pool", "all"]) views.push([v, await listLatency(tenants, v)]);
  const jobs = e.ids.length * STEPS;
  const rows: [string, string][] = [
    [
      `10-step process alone (start → 10 asyncBefore FEEL script tasks → end), 20 runs`,
      `end-to-end p50 ${ms(quantile(e.alone, 0.5))}, p95 ${ms(quantile(e.alone, 0.95))}`,
    ],
    [
      `${e.ids.length} instances over ${TENANTS} tenants, 2 dispatchers × ${CORES * 2}`,
      `${Math.round(e.steps / e.seconds)} element completions/s, ` +
      `${Math.round(jobs / e.seconds)} queue steps/s (${e.steps} completions, ${jobs} jobs ` +
      `in ${e.seconds.toFixed(1)} s)`,
    ],
    [
      "… instance end-to-end under that backlog (all queued at once)",
      `p50 ${ms(quantile(e.loaded.ms, 0.5))}, p95 ${ms(quantile(e.loaded.ms, 0.95))}`,
    ],
    [
      `… starting them (first step inline, ${e.ids.length} instances)`,
      `${Math.round(e.ids.length / e.startSeconds)} starts/s`,
    ],
    ...views.map(([v, xs]): [string, string] => [
      `GET /api/workflow/tasks?view=${v}, ${seeded.toLocaleString("en")} open tasks, ` +
      `${REQUESTS} sequential`,
      `p50 ${ms(quantile(xs, 0.5))}, p95 ${ms(quantile(xs, 0.95))}, p99 ${ms(quantile(xs, 0.99))}`,
    ]),
  ];
  const load1 = `load ${loadBefore.toFixed(1)} → ${Deno.loadavg()[0].toFixed(1)}`;
  console.log(`\n| Workflow (${CORES} cores, PostgreSQL, ${load1}) | Measured |`);
  console.log("|---|---|");
  for (const [what, value] of rows) console.log(`| ${what} | ${value} |`);
  console.log();
} catch (err) {
  failures.push(String(err));
  console.error(err);
} finally {
  const ids = tenants.map((t) => t.id);
  try {
    await sql`delete from job_runs where tenant_id = any(${ids}::uuid[])`;
    await sql`delete from jobs where tenant_id = any(${ids}::uuid[])`;
    await sql`delete from tenants where slug like ${`bench-wf-${benchId}-%`}`;
    await sql`delete from users where email like ${`bench-wf-${benchId}-%`}`;
  } catch (err) {
    failures.push(`cleanup: ${err}`);
    console.error("cleanup failed:", err);
  }
  await db2.close();
  await platform.bus.close();
  await db.close();
  await Deno.remove(dataDir, { recursive: true }).catch(() => {});
}
if (failures.length) {
  console.error(`FAILED: ${failures.join("; ")}`);
  Deno.exit(1);
}
