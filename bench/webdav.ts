// WebDAV listing at scale: one folder of 10,000 files, PROPFIND Depth: 1 through the whole app
// (Basic auth with an app password, folder rules, live properties, locks, quota), timed over
// BENCH_SAMPLES requests; prints p50/p95/p99.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_webdav deno run -A bench/webdav.ts
// Env: BENCH_FILES (10000), BENCH_SAMPLES (50). A second run reuses the seeded tenant.
import { createTestApp } from "../app/testing.ts";
import { MODULES } from "../app/registry.ts";
import { builtinRoles } from "../shared/rbac/permissions.ts";
import { setTenant, withScope } from "../shared/db/scope.ts";
import { createTenant } from "../platform/identity/tenants.service.ts";
import { insertUser } from "../platform/identity/users.repo.ts";

const FILES = Number(Deno.env.get("BENCH_FILES") ?? 10_000);
const SAMPLES = Number(Deno.env.get("BENCH_SAMPLES") ?? 50);
const SLUG = "bench-webdav";

if (!Deno.env.get("DATABASE_URL")) {
  console.error("Set DATABASE_URL: this benchmark measures PostgreSQL.");
  Deno.exit(2);
}
const { app, platform, close } = await createTestApp({ LOG_LEVEL: "error" });
const sql = platform.db.sql;

const [existing] = await sql<{ id: string; owner: string }[]>`
  select t.id, m.user_id as owner from tenants t join memberships m on m.tenant_id = t.id
  where t.slug = ${SLUG} limit 1`;
const seeded = existing ?? await withScope(sql, {}, async (tx) => {
  const owner = await insertUser(tx, {
    email: `${SLUG}-owner@bench.test`,
    name: "Bench Owner",
    passwordHash: null,
  });
  const { tenant } = await createTenant({ sql: tx }, {
    slug: SLUG,
    name: "Bench WebDAV",
    owner: { email: owner.email, name: owner.name },
    roles: builtinRoles(MODULES),
  });
  await setTenant(tx, tenant.id);
  const folder = crypto.randomUUID();
  await tx`insert into doc_folders (tenant_id, id, name, name_search, created_by)
    values (${tenant.id}, ${folder}, 'big', 'big', ${owner.id})`;
  await tx.unsafe(`
    insert into doc_files (tenant_id, id, folder_id, name, name_search, content_type, size,
      sha256, storage_key, created_by)
    select '${tenant.id}', gen_random_uuid(), '${folder}', 'file ' || g || '.txt',
      'file ' || g || '.txt', 'text/plain', 1000 + g, md5(g::text) || md5(g::text),
      'bench/' || g, '${owner.id}'
    from generate_series(1, ${FILES}) g`);
  return { id: tenant.id, owner: owner.id };
});

const jwt = (await platform.tokens.issue({
  userId: seeded.owner,
  tenantId: seeded.id,
  roles: ["owner"],
})).token;
const made = await app.request("/api/auth/tokens", {
  method: "POST",
  headers: { Authorization: `Bearer ${jwt}`, "Content-Type": "application/json" },
  body: JSON.stringify({ name: "bench", scopes: ["documents.file.read"], expiresInDays: 7 }),
});
const { token } = await made.json();
const auth = `Basic ${btoa(`bench:${token}`)}`;

const times: number[] = [];
let bytes = 0;
for (let i = 0; i < SAMPLES + 3; i++) {
  const started = performance.now();
  const res = await app.request(`/dav/${SLUG}/big/`, {
    method: "PROPFIND",
    headers: { Authorization: auth, Depth: "1" },
  });
  const body = await res.text();
  if (res.status !== 207) throw new Error(`PROPFIND: ${res.status} ${body.slice(0, 200)}`);
  if (i >= 3) times.push(performance.now() - started); // the first ones warm caches
  bytes = body.length;
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))];
console.log(`| Files | Requests | Response | p50 ms | p95 ms | p99 ms |`);
console.log(`| ----: | -------: | -------: | -----: | -----: | -----: |`);
console.log(
  `| ${FILES} | ${SAMPLES} | ${(bytes / 1e6).toFixed(1)} MB | ${pct(0.5).toFixed(0)} | ${
    pct(0.95).toFixed(0)
  } | ${pct(0.99).toFixed(0)} |`,
);
await close();
