// The iCal feed of one person with 1,000 open tasks (assigned over 5 projects, plus watched
// ones), p50/p95 over BENCH_SAMPLES requests through the whole app (no session: the secret
// token is the credential; hash lookup, RLS-scoped read, ical-generator).
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_ical deno run -A --config deno.test.json bench/projects-ical.ts
//        deno run -A --config deno.test.json bench/projects-ical.ts   (embedded PGlite; slower)
// Env: BENCH_TASKS (1000), BENCH_SAMPLES (100).
import { builtinRoles } from "../shared/rbac/permissions.ts";
import { MODULES } from "../app/registry.ts";
import { createTestApp } from "../app/testing.ts";
import { withScope } from "../shared/db/scope.ts";
import { createTenant } from "../platform/identity/tenants.service.ts";
import { insertMembership, insertUser } from "../platform/identity/users.repo.ts";
import { createProject } from "../modules/projects/projects/projects.service.ts";
import { upsertMember } from "../modules/projects/projects/projects.repo.ts";
import type { Session } from "../shared/http/env.ts";

const TASKS = Number(Deno.env.get("BENCH_TASKS") ?? 1000);
const SAMPLES = Math.max(50, Number(Deno.env.get("BENCH_SAMPLES") ?? 100));
const PROJECTS = 5;

const { app, platform, close } = await createTestApp({ LOG_LEVEL: "error" });
const sql = platform.db.sql;
const slug = `bench-ical-${crypto.randomUUID().slice(0, 8)}`;
console.log(`database: ${platform.db.mode}; seeding one person with ${TASKS} open tasks…`);

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
  const person = await insertUser(tx, {
    email: `${slug}-p@bench.test`,
    name: "Person",
    passwordHash: null,
  });
  return { tenantId: tenant.id, ownerId: owner.id, personId: person.id };
});
await withScope(sql, { tenantId: seeded.tenantId, userId: seeded.ownerId }, async (tx) => {
  await insertMembership(tx, seeded.tenantId, seeded.personId, ["member"]);
  const session = { userId: seeded.ownerId, roles: ["owner"], permissions: ["*"] } as Session;
  for (let p = 0; p < PROJECTS; p++) {
    const project = await createProject({ sql: tx, session }, {
      body: { name: `Project ${p}`, status: "aktif" },
    });
    await upsertMember(tx, project.id, seeded.personId, "member");
  }
  // 80 % assigned to the person, 20 % only watched; as many again assigned to someone else.
  await tx`
    insert into tasks (tenant_id, id, project_id, title, description, status_id, priority,
      assignee_id, start_date, due_date, labels, position, created_by)
    select p.tenant_id, gen_random_uuid(), p.id, 'Task ' || g, '', s.id, 'normal',
      case when g % 5 = 0 or g > ${TASKS} then ${seeded.ownerId}::uuid
        else ${seeded.personId}::uuid end,
      case when g % 3 = 0 then current_date + (g % 90) - 2 end, current_date + (g % 90),
      '{}', g * 1024, ${seeded.ownerId}
    from generate_series(1, ${TASKS * 2}) g
      join lateral (select id, tenant_id from projects
        order by id offset (g % ${PROJECTS}) limit 1) p on true
      join lateral (select id from project_statuses st where st.project_id = p.id
        and st.category = 'open' order by position limit 1) s on true`;
  await tx`
    insert into task_watchers (tenant_id, task_id, user_id)
    select tenant_id, id, ${seeded.personId} from tasks
    where assignee_id = ${seeded.ownerId} and title ~ '^Task [0-9]+$'
      and substring(title from 6)::int <= ${TASKS}`;
});
await sql`analyze`;

const person = await platform.tokens.issue({
  userId: seeded.personId,
  tenantId: seeded.tenantId,
  roles: ["member"],
});
const made = await app.request("/api/projects/calendar-feed", {
  method: "POST",
  headers: { Authorization: `Bearer ${person.token}`, "Content-Type": "application/json" },
  body: "{}",
});
if (made.status !== 201) throw new Error(`feed link: ${made.status} ${await made.text()}`);
const path = new URL((await made.json()).url).pathname;

async function time() {
  const t0 = performance.now();
  const res = await app.request(path);
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return { ms, events: body.split("BEGIN:VEVENT").length - 1, bytes: body.length };
}

for (let i = 0; i < 5; i++) await time(); // warm up
const xs: number[] = [];
let last = { events: 0, bytes: 0 };
for (let i = 0; i < SAMPLES; i++) {
  const r = await time();
  xs.push(r.ms);
  last = r;
}
const s = [...xs].sort((a, b) => a - b);
const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
console.log(
  `\n${platform.db.mode}: iCal feed of one person, ${last.events} events (${
    (last.bytes / 1024).toFixed(0)
  } KB)`,
);
console.log(
  `GET /projects/ical/<token>.ics  n=${s.length}  p50=${at(0.5).toFixed(1)} ms  p95=${
    at(0.95).toFixed(1)
  } ms  max=${s[s.length - 1].toFixed(1)} ms`,
);
await close();
