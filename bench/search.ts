// Global search at scale: one tenant with 1,000,000 tickets, 100,000 files in 1,000 folders,
// 10,000 customers and 50,000 tasks (Turkish and English text), seeded with INSERT … SELECT
// from generate_series (the folded columns filled by platform_fold), then ≥200 mixed searches
// (Turkish letters in either case, ticket numbers, words found everywhere or nowhere) through
// the whole app: GET /api/search with a bearer token, as the owner (sees everything) and as an
// agent (document folder rules and project membership apply). Prints p50/p95/p99.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_search deno run -A bench/search.ts
// Env: BENCH_TICKETS (1000000), BENCH_FILES (100000), BENCH_SAMPLES (300 per caller).
// A second run reuses the seeded tenant.
import { createTestApp } from "../app/testing.ts";
import { MODULES } from "../app/registry.ts";
import { builtinRoles } from "../shared/rbac/permissions.ts";
import { setTenant, withScope } from "../shared/db/scope.ts";
import type { Sql } from "../shared/db/database.ts";
import type { Session } from "../shared/http/env.ts";
import { createTenant } from "../platform/identity/tenants.service.ts";
import { insertMembership, insertUser } from "../platform/identity/users.repo.ts";
import { createProject } from "../modules/projects/projects/projects.service.ts";
import { upsertMember } from "../modules/projects/projects/projects.repo.ts";

const TICKETS = Number(Deno.env.get("BENCH_TICKETS") ?? 1_000_000);
const FILES = Number(Deno.env.get("BENCH_FILES") ?? 100_000);
const SAMPLES = Number(Deno.env.get("BENCH_SAMPLES") ?? 300);
const CUSTOMERS = 10_000;
const FOLDERS = 1_000;
const PROJECTS = 20;
const TASKS = 50_000;
const TARGET_P95_MS = 50;
const SLUG = "bench-search";

if (!Deno.env.get("DATABASE_URL")) {
  console.error("Set DATABASE_URL: this benchmark measures PostgreSQL.");
  Deno.exit(2);
}
const { app, platform, close } = await createTestApp({ LOG_LEVEL: "error" });
const sql = platform.db.sql;

const q = (list: string[]) => `array[${list.map((s) => `'${s}'`).join(",")}]`;
const THINGS = q([
  "Yazıcı",
  "İnternet bağlantısı",
  "E-posta",
  "Şifre",
  "VPN",
  "Fatura",
  "Ödeme",
  "Sunucu",
  "Lisans",
  "Güncelleme",
  "Laptop",
  "Telefon",
  "Monitör",
  "Yedekleme",
  "Kurulum",
  "Printer",
  "Network",
  "Password",
  "Invoice",
  "Login",
]);
const TROUBLES = q([
  "çalışmıyor",
  "açılmıyor",
  "çok yavaş",
  "hata veriyor",
  "sıfırlama talebi",
  "bağlanamıyor",
  "kayboldu",
  "güncellenmedi",
  "does not work",
  "is slow",
  "error",
  "request",
]);
const CITIES = q([
  "İstanbul",
  "Ankara",
  "İzmir",
  "Bursa",
  "Antalya",
  "Eskişehir",
  "Muğla",
  "Çanakkale",
  "Şanlıurfa",
  "Diyarbakır",
  "Iğdır",
  "Kırşehir",
  "Ağrı",
]);
const DOCS = q([
  "Şubat Raporu",
  "Ocak Raporu",
  "Fatura",
  "Sözleşme",
  "Teklif",
  "Toplantı Notları",
  "Bütçe",
  "Sunum",
  "Fotoğraf",
  "Özgeçmiş",
  "İrsaliye",
  "Çeki Listesi",
  "Quarterly report",
  "Contract draft",
]);
const EXTS = `array['pdf','docx','xlsx','png','txt']`;
const TYPES =
  `array['application/pdf','application/vnd.openxmlformats-officedocument.wordprocessingml.document','application/vnd.openxmlformats-officedocument.spreadsheetml.sheet','image/png','text/plain']`;

interface Seeded {
  tenantId: string;
  ownerId: string;
  agentId: string;
}

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  console.log(`  ${label.padEnd(46)} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return out;
}

/** The tenant with its owner and an agent; created on the first run. */
async function tenant(): Promise<Seeded> {
  const [found] = await sql<{ id: string }[]>`select id from tenants where slug = ${SLUG}`;
  if (found) {
    const members = await withScope(
      sql,
      { tenantId: found.id },
      (tx) =>
        tx<{ userId: string; roles: string[] }[]>`
        select user_id, roles from member_directory where status = 'active'`,
    );
    const by = (role: string) => members.find((m) => m.roles.includes(role))!.userId;
    return { tenantId: found.id, ownerId: by("owner"), agentId: by("agent") };
  }
  return await withScope(sql, {}, async (tx) => {
    // Accounts without passwords: the bench signs tokens directly.
    const owner = await insertUser(tx, {
      email: `${SLUG}-owner@bench.test`,
      name: "Bench Owner",
      passwordHash: null,
    });
    const agent = await insertUser(tx, {
      email: `${SLUG}-agent@bench.test`,
      name: "Bench Agent",
      passwordHash: null,
    });
    const { tenant } = await createTenant({ sql: tx }, {
      slug: SLUG,
      name: "Bench search",
      owner: { email: owner.email, name: owner.name },
      roles: builtinRoles(MODULES),
    });
    await setTenant(tx, tenant.id);
    await insertMembership(tx, tenant.id, agent.id, ["agent"]);
    return { tenantId: tenant.id, ownerId: owner.id, agentId: agent.id };
  });
}

/**
 * A seeding transaction as the schema owner with the tenant set (forced row security still
 * applies, and the tables' tenant_id defaults work), committed without waiting for the disk.
 */
const seeding = <T>(who: Seeded, fn: (tx: Sql) => Promise<T>) =>
  sql.begin(async (tx) => {
    await tx`select set_config('app.tenant_id', ${who.tenantId}, true),
                    set_config('app.user_id', ${who.ownerId}, true),
                    set_config('synchronous_commit', 'off', true)`;
    return await fn(tx as unknown as Sql);
  }) as Promise<T>;

// Explicit tenant conditions: a superuser (the usual DATABASE_URL) bypasses row security.
const count = async (tx: Sql, table: string) =>
  (await tx<{ n: number }[]>`select count(*)::int as n from ${tx(table)}
    where tenant_id = current_setting('app.tenant_id')::uuid`)[0].n;
const mine = (tx: Sql) => tx`tenant_id = current_setting('app.tenant_id')::uuid`;

async function seed(s: Seeded) {
  const T = `'${s.tenantId}'`;
  await seeding(s, async (tx) => {
    if (await count(tx, "support_customers") < CUSTOMERS) {
      await timed(`${CUSTOMERS.toLocaleString("en")} customers`, () =>
        tx.unsafe(`
        insert into support_customers (id, kind, name, email, phone)
        select gen_random_uuid(), case when g % 3 = 0 then 'firm' else 'person' end,
          (${CITIES})[1 + g % 13] || ' Müşteri ' || g ||
            case when g % 3 = 0 then ' A.Ş.' else '' end,
          'musteri' || g || '@ornek.com.tr', '+90 5' || lpad((g * 7919 % 1000000000)::text, 9, '0')
        from generate_series(1, ${CUSTOMERS}) g`));
    }
  });
  const tickets = await seeding(s, (tx) => count(tx, "support_tickets"));
  if (tickets < TICKETS) {
    await timed(`${TICKETS.toLocaleString("en")} tickets`, () =>
      seeding(s, async (tx) => {
        await tx`delete from support_tickets where ${mine(tx)}`;
        await tx.unsafe(`
          with c as (select array_agg(id order by id) as ids from support_customers
                     where tenant_id = ${T})
          insert into support_tickets (id, number, subject, description, status, priority,
            customer_id, created_at, updated_at)
          select gen_random_uuid(), 'T-2026-' || lpad(g::text, 7, '0'),
            (${THINGS})[1 + g % 20] || ' ' || (${TROUBLES})[1 + (g / 20) % 12],
            (${CITIES})[1 + (g / 7) % 13] || ' ofisinden bildirildi. Kayıt ' || g ||
              ', kullanıcı ' || left(md5(g::text), 8),
            (array['acik','islemde','cozuldu','kapandi'])[1 + g % 4],
            (array['dusuk','normal','yuksek','kritik'])[1 + (g / 3) % 4],
            c.ids[1 + g % array_length(c.ids, 1)],
            now() - make_interval(secs => g * 30), now() - make_interval(secs => g * 20)
          from c, generate_series(1, ${TICKETS}) g`);
      }));
  }
  const files = await seeding(s, (tx) => count(tx, "doc_files"));
  if (files < FILES) {
    await timed(
      `${FOLDERS.toLocaleString("en")} folders, ${FILES.toLocaleString("en")} files`,
      () =>
        seeding(s, async (tx) => {
          await tx`delete from doc_files where ${mine(tx)}`;
          await tx`delete from doc_permissions where ${mine(tx)}`;
          await tx`delete from doc_folders where ${mine(tx)}`;
          // 50 departments (every fifth closed to all but administrators), 950 customer
          // folders below them.
          await tx.unsafe(`
            insert into doc_folders (tenant_id, id, parent_id, name, name_search, inherit,
              created_by)
            select ${T}, gen_random_uuid(), null, 'Departman ' || g, platform_fold('Departman ' || g),
              g % 5 <> 0, '${s.ownerId}'
            from generate_series(1, 50) g`);
          await tx.unsafe(`
            insert into doc_permissions (tenant_id, folder_id, principal_type, principal_id, level)
            select tenant_id, id, 'role', 'admin', 'manage' from doc_folders
            where not inherit and tenant_id = ${T}`);
          await tx.unsafe(`
            with d as (select array_agg(id order by name) as ids from doc_folders
                       where tenant_id = ${T})
            insert into doc_folders (tenant_id, id, parent_id, name, name_search, created_by)
            select ${T}, gen_random_uuid(), d.ids[1 + g % 50], n, platform_fold(n), '${s.ownerId}'
            from d, generate_series(1, ${FOLDERS - 50}) g,
              lateral (select 'Müşteri ' || g || ' ' || (${CITIES})[1 + g % 13] as n) x`);
          await tx.unsafe(`
            with f as (select array_agg(id order by id) as ids from doc_folders
                       where tenant_id = ${T})
            insert into doc_files (tenant_id, id, folder_id, name, name_search, content_type,
              size, sha256, storage_key, created_by, created_at)
            select ${T}, gen_random_uuid(),
              case when g % 20 = 0 then null else f.ids[1 + g % array_length(f.ids, 1)] end,
              n, platform_fold(n), (${TYPES})[1 + g % 5], 1000 + g % 100000,
              md5(g::text) || md5(g::text), 'bench/' || g, '${s.ownerId}',
              now() - make_interval(mins => g)
            from f, generate_series(1, ${FILES}) g,
              lateral (select (${DOCS})[1 + g % 14] || ' ' || g || '.' || (${EXTS})[1 + g % 5] as n) x`);
        }),
    );
  }
  const tasks = await seeding(s, (tx) => count(tx, "tasks"));
  if (tasks < TASKS) {
    await timed(`${PROJECTS} projects, ${TASKS.toLocaleString("en")} tasks`, () =>
      // Through the service (statuses, activity, events), so in an application scope.
      withScope(sql, { tenantId: s.tenantId, userId: s.ownerId }, async (tx) => {
        await tx`delete from projects where ${mine(tx)}`;
        const session = { userId: s.ownerId, roles: ["owner"], permissions: ["*"] } as Session;
        for (let p = 0; p < PROJECTS; p++) {
          const names = ["Göç", "Şube açılışı", "İnternet sitesi", "Yazıcı filosu", "ERP"];
          const project = await createProject({ sql: tx, session }, {
            body: { name: `${names[p % names.length]} ${p}`, status: "aktif" },
          });
          // The agent is in every other project.
          if (p % 2 === 0) await upsertMember(tx, project.id, s.agentId, "member");
        }
        await tx.unsafe(`
          with p as (select array_agg(id order by id) as ids from projects
                     where tenant_id = ${T})
          insert into tasks (tenant_id, id, project_id, title, description, status_id, priority,
            position, created_by, created_at)
          select ${T}, gen_random_uuid(), pid,
            (${THINGS})[1 + g % 20] || ' için ' || (array['kurulum','çağrı','inceleme','rapor'])[1 + g % 4],
            'Görev ' || g || ': ' || (${CITIES})[1 + g % 13], st.id, 'normal', g, '${s.ownerId}',
            now() - make_interval(mins => g)
          from p, generate_series(1, ${TASKS}) g,
            lateral (select p.ids[1 + g % array_length(p.ids, 1)] as pid) x,
            lateral (select id from project_statuses where project_id = pid
                     order by position limit 1) st`);
      }));
  }
  // As autovacuum would: statistics, and the trigram indexes' pending lists (fresh rows wait
  // there, read in full by every search, until a vacuum merges them) merged.
  await timed(
    "vacuum analyze",
    () =>
      sql`vacuum analyze support_tickets, support_customers, doc_files, doc_folders, tasks,
        projects`,
  );
}

const QUERIES = [
  "yazıcı",
  "YAZICI",
  "yazici calismiyor",
  "şifre sıfırlama",
  "SIFRE",
  "istanbul",
  "İSTANBUL",
  "ıstanbul ofisinden",
  "çanakkale",
  "CANAKKALE",
  "eskişehir",
  "iğdır",
  "ağrı müşteri",
  "ödeme hatası",
  "odeme hata veriyor",
  "güncellenmedi",
  "vpn",
  "printer is slow",
  "invoice",
  "T-2026-0012345",
  "0098765",
  "kayıt 4242",
  "şubat raporu",
  "SUBAT",
  "sözleşme",
  "özgeçmiş 77",
  "toplantı notları",
  "irsaliye",
  "musteri12",
  "ornek.com.tr",
  "göç",
  "yazıcı filosu",
  "kurulum",
  "xyzzy",
  "nothing matches this",
  "quarterly",
];

async function time(path: string, token: string) {
  const t0 = performance.now();
  const res = await app.request(path, { headers: { Authorization: `Bearer ${token}` } });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body}`);
  return { ms, body };
}

const at = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];

async function measure(label: string, token: string) {
  const path = (query: string) => `/api/search?q=${encodeURIComponent(query)}&limit=5`;
  for (const query of QUERIES) await time(path(query), token); // warm-up: caches and plans
  const all: number[] = [];
  const floor: number[] = [];
  const byQuery = new Map<string, number[]>();
  let hits = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const query = QUERIES[i % QUERIES.length];
    // The same machine's floor, interleaved: an authenticated request doing one tiny query.
    floor.push((await time("/api/notifications/unread-count", token)).ms);
    const { ms, body } = await time(path(query), token);
    all.push(ms);
    byQuery.set(query, [...(byQuery.get(query) ?? []), ms]);
    hits += (JSON.parse(body).groups as { items: unknown[] }[])
      .reduce((n, g) => n + g.items.length, 0);
  }
  all.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(8)} n=${all.length}  p50 ${at(all, 0.5).toFixed(1)} ms  p95 ${
      at(all, 0.95).toFixed(1)
    } ms  p99 ${at(all, 0.99).toFixed(1)} ms  max ${all.at(-1)!.toFixed(1)} ms  (${
      (hits / SAMPLES).toFixed(1)
    } hits per search)`,
  );
  floor.sort((a, b) => a - b);
  console.log(
    `         floor (GET /api/notifications/unread-count, same run): p50 ${
      at(floor, 0.5).toFixed(1)
    } ms  p95 ${at(floor, 0.95).toFixed(1)} ms`,
  );
  const slowest = [...byQuery].map(([query, xs]) => [query, Math.max(...xs)] as const)
    .sort((a, b) => b[1] - a[1]).slice(0, 3);
  console.log(
    `         slowest: ${
      slowest.map(([query, ms]) => `"${query}" ${ms.toFixed(1)} ms`).join(", ")
    }`,
  );
  return at(all, 0.95);
}

console.log(`database: ${platform.db.mode}; seeding tenant "${SLUG}" (reused when present)…`);
const s = await tenant();
await seed(s);
const counts = await withScope(sql, { tenantId: s.tenantId }, async (tx) => ({
  tickets: await count(tx, "support_tickets"),
  customers: await count(tx, "support_customers"),
  files: await count(tx, "doc_files"),
  folders: await count(tx, "doc_folders"),
  tasks: await count(tx, "tasks"),
}));
console.log(
  `\n${
    Object.entries(counts).map(([k, n]) => `${n.toLocaleString("en")} ${k}`).join(", ")
  }; ${SAMPLES} searches per caller over ${QUERIES.length} queries (GET /api/search, limit=5)`,
);
const token = async (userId: string, roles: string[]) =>
  (await platform.tokens.issue({ userId, tenantId: s.tenantId, roles })).token;
const ownerP95 = await measure("owner", await token(s.ownerId, ["owner"]));
const agentP95 = await measure("agent", await token(s.agentId, ["agent"]));
const ok = ownerP95 < TARGET_P95_MS && agentP95 < TARGET_P95_MS;
console.log(`\np95 target < ${TARGET_P95_MS} ms: ${ok ? "met" : "NOT met"}`);
await close();
Deno.exit(ok ? 0 : 1);
