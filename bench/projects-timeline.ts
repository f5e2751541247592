// The timeline of one project with 5,000 dated tasks and 5,000 finish-to-start dependencies
// (chains of 20 tasks, 4 milestones): p50/p95 over BENCH_SAMPLES requests through the whole app
// of the timeline API (filters, groups, critical path) and of the timeline page (HTML with the
// chart's rows and the task list), as the project's manager.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_gantt deno run -A --config deno.test.json bench/projects-timeline.ts
//        deno run -A --config deno.test.json bench/projects-timeline.ts   (embedded PGlite; slower)
// Env: BENCH_TASKS (5000), BENCH_SAMPLES (50, at least 50).
import { builtinRoles } from "../shared/rbac/permissions.ts";
import { MODULES } from "../app/registry.ts";
import { createTestApp } from "../app/testing.ts";
import { withScope } from "../shared/db/scope.ts";
import { createTenant } from "../platform/identity/tenants.service.ts";
import { insertUser } from "../platform/identity/users.repo.ts";
import { createProject } from "../modules/projects/projects/projects.service.ts";
import type { Session } from "../shared/http/env.ts";

const TASKS = Number(Deno.env.get("BENCH_TASKS") ?? 5000);
const SAMPLES = Math.max(50, Number(Deno.env.get("BENCH_SAMPLES") ?? 50));

const { app, platform, close } = await createTestApp({ LOG_LEVEL: "error" });
const sql = platform.db.sql;
const slug = `bench-gantt-${crypto.randomUUID().slice(0, 8)}`;
console.log(`database: ${platform.db.mode}; seeding a project with ${TASKS} tasks…`);

const seeded = await withScope(sql, {}, async (tx) => {
  const owner = await insertUser(tx, {
    email: `${slug}-owner@bench.test`,
    name: "Owner",
    passwordHash: null,
  });
  const { tenant } = await createTenant({ sql: tx }, {
    slug,
    name: slug,
    owner: { email: owner.email, name: "Owner" },
    roles: builtinRoles(MODULES),
  });
  return { tenantId: tenant.id, ownerId: owner.id };
});
const projectId = await withScope(
  sql,
  { tenantId: seeded.tenantId, userId: seeded.ownerId },
  async (tx) => {
    const session = { userId: seeded.ownerId, roles: ["owner"], permissions: ["*"] } as Session;
    const project = await createProject({ sql: tx, session }, {
      body: { name: "Big plan", status: "aktif" },
    });
    for (let m = 1; m <= 4; m++) {
      await tx`insert into project_milestones (id, project_id, name, date)
        values (gen_random_uuid(), ${project.id}, ${`M${m}`}, current_date + ${m * 30}::int)`;
    }
    // Chains of 20: task g starts the day after g-1 ends (each lasts 1–3 days).
    await tx`
      insert into tasks (tenant_id, id, project_id, title, description, status_id, priority,
        assignee_id, start_date, due_date, estimate, labels, position, created_by, milestone_id)
      select p.tenant_id, gen_random_uuid(), p.id, 'Task ' || g, '', s.id, 'normal',
        case when g % 2 = 0 then ${seeded.ownerId}::uuid end,
        current_date + ((g - 1) % 20) * 3, current_date + ((g - 1) % 20) * 3 + (g % 3), 4,
        '{}', g * 1024, ${seeded.ownerId},
        (select id from project_milestones m where m.project_id = p.id order by date
          offset (g % 4) limit 1)
      from generate_series(1, ${TASKS}) g
        cross join (select id, tenant_id from projects where id = ${project.id}) p
        join lateral (select id from project_statuses st where st.project_id = p.id
          order by position offset (g % 3) limit 1) s on true`;
    // 5,000 dependencies: each task after the first of its chain waits for the one before it
    // (4,750), plus 250 links across chains (finish to start, none closing a cycle).
    await tx`
      with n as (select id, substring(title from 6)::int as g from tasks
        where project_id = ${project.id})
      insert into task_dependencies (tenant_id, blocker_id, blocked_id, kind, lag_days)
      select ${seeded.tenantId}::uuid, a.id, b.id, 'finish_to_start', 0
      from n a join n b on b.g = a.g + 1 and (a.g - 1) % 20 <> 19
      union all
      select ${seeded.tenantId}::uuid, a.id, b.id, 'start_to_start', 0
      from n a join n b on b.g = a.g + 19 and a.g % 20 = 1
      limit ${TASKS}`;
    return project.id;
  },
);
await sql`analyze`;
const [{ n }] = await withScope(
  sql,
  { tenantId: seeded.tenantId },
  (tx) => tx<{ n: number }[]>`select count(*)::int as n from task_dependencies`,
);
const { token } = await platform.tokens.issue({
  userId: seeded.ownerId,
  tenantId: seeded.tenantId,
  roles: ["owner"],
});

async function time(path: string) {
  const t0 = performance.now();
  const res = await app.request(path, {
    headers: { Cookie: `session=${token}`, Authorization: `Bearer ${token}` },
  });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
  return { ms, bytes: body.length, body };
}

function stats(label: string, xs: number[], bytes: number) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  console.log(
    `${label}  n=${s.length}  ${(bytes / 1024).toFixed(0)} KB  p50=${at(0.5).toFixed(1)} ms  p95=${
      at(0.95).toFixed(1)
    } ms  max=${s[s.length - 1].toFixed(1)} ms`,
  );
  return at(0.95);
}

const api = `/api/projects/projects/${projectId}/timeline`;
const pageUrl = `/projects/projects/${projectId}/timeline`;
const first = JSON.parse((await time(api)).body);
console.log(
  `\n${platform.db.mode}: ${first.tasks.length} tasks, ${n} dependencies, ` +
    `${first.criticalPath.length} on the critical path, ${first.milestones.length} milestones`,
);
const results: [string, string][] = [
  [api, "GET …/timeline (API, groupBy=status)"],
  [`${api}?groupBy=assignee`, "GET …/timeline?groupBy=assignee (API)"],
  [pageUrl, "GET /projects/projects/:id/timeline (HTML)"],
  // Context, not a goal: a tiny authenticated answer shows what the machine's load costs alone.
  ["/api/projects/priorities", "context: GET /api/projects/priorities (tiny)"],
];
let worst = 0;
for (const [path, label] of results) {
  for (let i = 0; i < 5; i++) await time(path); // warm up
  const xs: number[] = [];
  let bytes = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const r = await time(path);
    xs.push(r.ms);
    bytes = r.bytes;
  }
  const p95 = stats(label, xs, bytes);
  if (!label.startsWith("context")) worst = Math.max(worst, p95);
}
console.log(
  `goal: p95 < 300 ms — ${worst < 300 ? "met" : "NOT met"} (worst p95 ${worst.toFixed(1)} ms)`,
);
await close();
