import { builtinRoles } from "../shared/rbac/permissions.ts";
import { MODULES } from "../app/registry.ts";
// Projects at scale: 200,000 tasks over 100 tenants (10 projects × 200 tasks each), then p50/p95
// of a project board load (the board page, every task of the project) and of the filtered
// cross-project task list (API), both called through the whole app as a project member.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test_projects deno run -A bench/projects.ts
//        deno run -A bench/projects.ts                 (embedded PGlite, in memory; slower)
// Env: BENCH_TENANTS (100), BENCH_TASKS_PER_TENANT (2000), BENCH_SAMPLES (300).
import { createTestApp } from "../app/testing.ts";
import { withScope } from "../shared/db/scope.ts";
import { createTenant } from "../platform/identity/tenants.service.ts";
import { insertMembership, insertUser } from "../platform/identity/users.repo.ts";
import { createProject } from "../modules/projects/projects/projects.service.ts";
import { upsertMember } from "../modules/projects/projects/projects.repo.ts";
import type { Session } from "../shared/http/env.ts";

const TENANTS = Number(Deno.env.get("BENCH_TENANTS") ?? 100);
const TASKS = Number(Deno.env.get("BENCH_TASKS_PER_TENANT") ?? 2000);
const SAMPLES = Number(Deno.env.get("BENCH_SAMPLES") ?? 300);
const PROJECTS = 10;
const USERS = 10;

const { app, platform, close } = await createTestApp({ LOG_LEVEL: "error" });
const sql = platform.db.sql;
const run = crypto.randomUUID().slice(0, 8);
console.log(`database: ${platform.db.mode}; seeding ${TENANTS} tenants × ${TASKS} tasks…`);

interface Seeded {
  tenantId: string;
  memberId: string;
  memberToken: string;
  projectIds: string[];
}
const seeded: Seeded[] = [];
const started = performance.now();
for (let i = 0; i < TENANTS; i++) {
  const slug = `bench-${run}-${i}`;
  const users = await withScope(sql, {}, async (tx) => {
    // Accounts without passwords: hashing 1,000 of them would dominate the seeding time.
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
    const ids = [owner.id];
    for (let u = 1; u < USERS; u++) {
      const user = await insertUser(tx, {
        email: `${slug}-u${u}@bench.test`,
        name: `User ${u}`,
        passwordHash: null,
      });
      ids.push(user.id);
    }
    return { tenantId: tenant.id, ids };
  });
  const projectIds = await withScope(
    sql,
    { tenantId: users.tenantId, userId: users.ids[0] },
    async (tx) => {
      for (const id of users.ids.slice(1)) {
        await insertMembership(tx, users.tenantId, id, ["member"]);
      }
      const session = { userId: users.ids[0], roles: ["owner"], permissions: ["*"] } as Session;
      const ids: string[] = [];
      for (let p = 0; p < PROJECTS; p++) {
        const project = await createProject({ sql: tx, session }, {
          body: { name: `Project ${p}`, status: "aktif" },
        });
        ids.push(project.id);
        // Each user is in half of the projects, so the member filter has work to do.
        for (let u = 1; u < USERS; u++) {
          if ((u + p) % 2 === 0) await upsertMember(tx, project.id, users.ids[u], "member");
        }
      }
      await tx`
        insert into tasks (tenant_id, id, project_id, title, description, status_id, priority,
          assignee_id, due_date, estimate, labels, position, done_at, created_by, created_at,
          updated_at)
        select p.tenant_id, gen_random_uuid(), p.id, 'Task ' || g, 'Bench task ' || g, s.id,
          (array['dusuk','normal','yuksek','kritik'])[1 + g % 4],
          (select m.user_id from project_members m where m.project_id = p.id
             order by m.user_id offset (g % 5) limit 1),
          current_date + ((g * 7) % 120 - 60), (g % 13)::numeric,
          array[(array['api','ui','bug','ops'])[1 + g % 4]], g * 1024,
          case when s.category = 'done' then now() - ((g % 30) || ' days')::interval end,
          ${users.ids[0]}, now() - ((g % 90) || ' days')::interval, now()
        from generate_series(1, ${TASKS}) g
          join lateral (select id, tenant_id from projects
            order by id offset (g % ${PROJECTS}) limit 1) p on true
          join lateral (select id, category from project_statuses st
            where st.project_id = p.id order by position offset (g % 3) limit 1) s on true`;
      return ids;
    },
  );
  const memberId = users.ids[1];
  const memberToken = (await platform.tokens.issue({
    userId: memberId,
    tenantId: users.tenantId,
    roles: ["member"],
  })).token;
  seeded.push({ tenantId: users.tenantId, memberId, memberToken, projectIds });
  if ((i + 1) % 10 === 0) {
    console.log(`  ${i + 1} tenants (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
}
await sql`analyze`;
const [{ n }] = await sql`select count(*)::int as n from tasks`;
console.log(`tasks in the database: ${n}`);

async function time(path: string, token: string) {
  const t0 = performance.now();
  const res = await app.request(path, {
    headers: { Cookie: `session=${token}`, Authorization: `Bearer ${token}` },
  });
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return ms;
}

function stats(label: string, xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  console.log(
    `${label.padEnd(44)} n=${s.length}  p50=${at(0.5).toFixed(1)} ms  p95=${
      at(0.95).toFixed(1)
    } ms  max=${s[s.length - 1].toFixed(1)} ms`,
  );
  return at(0.95);
}

const LISTS = [
  "assigneeId=me&sort=due",
  "overdue=true&priority=yuksek&sort=priority",
  "label=bug&dueFrom=2000-01-01&dueTo=2100-01-01",
  "q=Task%2017&sort=updated",
];
// Warm up caches and plans.
for (const s of seeded.slice(0, 5)) {
  const project = s.projectIds[1];
  await time(`/projects/projects/${project}`, s.memberToken);
  await time(`/api/projects/tasks?${LISTS[0]}`, s.memberToken);
}
const boardPage: number[] = [];
const boardApi: number[] = [];
const lists: number[] = [];
for (let i = 0; i < SAMPLES; i++) {
  const s = seeded[(i * 7) % seeded.length];
  // Projects 1, 3, 5, … include user 1 ((1 + p) % 2 === 0).
  const project = s.projectIds[1 + 2 * (i % 5)];
  boardPage.push(await time(`/projects/projects/${project}`, s.memberToken));
  boardApi.push(await time(`/api/projects/tasks?projectId=${project}&limit=100`, s.memberToken));
  lists.push(await time(`/api/projects/tasks?${LISTS[i % LISTS.length]}&limit=25`, s.memberToken));
}
console.log(`\n${platform.db.mode}, ${n} tasks, ${TENANTS} tenants, as a project member:`);
const p95a = stats("board page (GET /projects/projects/:id, HTML)", boardPage);
stats("board tasks (API, projectId, limit=100)", boardApi);
const p95b = stats("cross-project task list with filters (API)", lists);
console.log(
  `target p95 < 30 ms: board ${p95a < 30 ? "met" : "missed"}, list ${p95b < 30 ? "met" : "missed"}`,
);
await close();
