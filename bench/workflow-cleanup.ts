// History cleanup for bench/README.md: N finished instances past their time to live (each with
// 8 history lines, 3 tokens, 1 completed task with 2 task events and a fired timer) beside N/4
// that must stay (still active, or ended recently), then one cleanup run as the daily job runs
// it (500 instances per transaction); instances deleted per second and each batch's time.
// Usage: DATABASE_URL=postgres://... deno task bench:workflow-cleanup
//   BENCH_INSTANCES (20000). Creates its own tenant (slug bench-wfc-<id>) and deletes it at the
//   end. Prints a markdown table.
import { benchPlatform, benchTeardown, benchTenant, ms, quantile } from "./bench-kit.ts";
import type { Sql } from "../shared/db/database.ts";
import { withScope } from "../shared/db/scope.ts";
import { cleanHistory } from "../modules/workflow/cleanup/cleanup.service.ts";
import { CLEANUP_BATCH } from "../modules/workflow/cleanup/cleanup.rules.ts";

const bench = await benchPlatform("bench:workflow-cleanup", "bench-wfc");
const { sql } = bench;
const N = Number(Deno.env.get("BENCH_INSTANCES") ?? 20_000);
const CORES = navigator.hardwareConcurrency ?? 2;

const { slug, tenant } = await benchTenant(bench, "bench-wfc", "Bench history cleanup");
const scoped = <T>(fn: (tx: Sql) => Promise<T>) => withScope(sql, { tenantId: tenant.id }, fn);

/** `n` instances of `state`, ended `days` ago (null: unfinished), with their rows. */
async function seed(
  tx: Sql,
  v: { id: string; definitionId: string },
  n: number,
  state: string,
  days: number | null,
) {
  await tx`
    with i as (
      insert into workflow_instances (tenant_id, id, definition_id, version_id, name, state,
        started_at, ended_at)
      select ${tenant.id}::uuid, gen_random_uuid(), ${v.definitionId}, ${v.id}, 'Bench', ${state},
        now() - interval '400 days',
        case when ${days}::int is null then null else now() - ${days}::int * interval '1 day' end
      from generate_series(1, ${n})
      returning id),
    h as (
      insert into workflow_history (tenant_id, id, instance_id, element_id, event, data)
      select ${tenant.id}::uuid, gen_random_uuid(), i.id, 'task', 'element.completed',
        '{"note": "a line of history"}'::jsonb
      from i cross join generate_series(1, 8)),
    k as (
      insert into workflow_tokens (tenant_id, id, instance_id, element_id, state, ended_at)
      select ${tenant.id}::uuid, gen_random_uuid(), i.id, 'task', 'done', now()
      from i cross join generate_series(1, 3)),
    m as (
      insert into workflow_timers (tenant_id, id, instance_id, element_id, kind, due_at, fired_at)
      select ${tenant.id}::uuid, gen_random_uuid(), i.id, 'wait', 'catch', now(), now() from i),
    t as (
      insert into workflow_tasks (tenant_id, id, instance_id, name, state)
      select ${tenant.id}::uuid, gen_random_uuid(), i.id, 'Check', 'completed' from i
      returning id)
    insert into workflow_task_events (tenant_id, id, task_id, event)
    select ${tenant.id}::uuid, gen_random_uuid(), t.id, e
    from t cross join unnest(array['created', 'completed']) as e`;
}

const failures: string[] = [];
try {
  const loadBefore = Deno.loadavg()[0];
  const seedStart = performance.now();
  await scoped(async (tx) => {
    const [d] = await tx`insert into workflow_definitions (tenant_id, id, key, name)
      values (${tenant.id}, gen_random_uuid(), 'bench_cleanup', 'Bench') returning id`;
    const [v] = await tx`insert into workflow_definition_versions (tenant_id, id, definition_id,
        version, name, xml, model, history_ttl_days)
      values (${tenant.id}, gen_random_uuid(), ${d.id}, 1, 'Bench', '<bpmn/>', '{}', 30)
      returning id, definition_id`;
    for (let done = 0; done < N; done += 5_000) {
      await seed(tx, v as never, Math.min(5_000, N - done), "completed", 60);
    }
    await seed(tx, v as never, Math.ceil(N / 8), "active", null);
    await seed(tx, v as never, Math.ceil(N / 8), "completed", 10);
  });
  const seeded = (performance.now() - seedStart) / 1000;
  await sql`analyze workflow_instances, workflow_history, workflow_tokens, workflow_tasks`;

  const batches: number[] = [];
  const timed = <T>(fn: (tx: Sql) => Promise<T>) => {
    const t0 = performance.now();
    return scoped(fn).finally(() => batches.push(performance.now() - t0));
  };
  const t0 = performance.now();
  const result = await cleanHistory(timed);
  const seconds = (performance.now() - t0) / 1000;
  if (result?.removed !== N) failures.push(`removed ${result?.removed}, expected ${N}`);
  const [{ left }] = await scoped((tx) => tx`select count(*)::int as left from workflow_instances`);
  if (left !== 2 * Math.ceil(N / 8)) failures.push(`${left} instances left`);
  // The first and last calls read settings and write the audit line; the rest are batches.
  const deletes = batches.slice(1, -1);
  const load1 = `load ${loadBefore.toFixed(1)} → ${Deno.loadavg()[0].toFixed(1)}`;
  console.log(`\n| History cleanup (${CORES} cores, PostgreSQL, ${load1}) | Measured |`);
  console.log("|---|---|");
  console.log(
    `| ${N} expired instances (+${2 * Math.ceil(N / 8)} kept), one run | ${seconds.toFixed(1)} s, ${
      Math.round(N / seconds)
    } instances/s |`,
  );
  console.log(
    `| batch of ${CLEANUP_BATCH} (one transaction), ${deletes.length} batches | p50 ${
      ms(quantile(deletes, 0.5))
    }, p95 ${ms(quantile(deletes, 0.95))}, max ${ms(Math.max(...deletes))} |`,
  );
  console.log(`| … seeding (SQL, 17 rows an instance) | ${seeded.toFixed(1)} s |`);
  console.log();
} catch (err) {
  failures.push(String(err));
  console.error(err);
} finally {
  await benchTeardown(bench, { tenant, slug }, failures);
}
