// Support at scale: seeds 1,000,000 tickets over 100 tenants (one INSERT … SELECT from
// generate_series), then measures p50/p95 of the ticket list (first page and a deep page via
// cursor), a filtered text search and the dashboard, each through the module's own service in
// a tenant-scoped transaction (RLS on, as the application role).
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test_support deno run -A bench/support.ts
//        BENCH_TENANTS / BENCH_TICKETS_PER_TENANT / BENCH_SAMPLES change the size.
import { loadConfig } from "../shared/config.ts";
import { openDatabase } from "../shared/db/database.ts";
import { migrate } from "../shared/db/migrate.ts";
import { withScope } from "../shared/db/scope.ts";
import { setLogLevel } from "../shared/log.ts";
import { encodeCursor } from "../shared/http/paging.ts";
import { listTickets } from "../modules/support/tickets/tickets.service.ts";
import { dashboard } from "../modules/support/reports/reports.service.ts";
import type { TicketQuery } from "../modules/support/tickets/tickets.schemas.ts";
import type { Actor } from "../shared/http/actor.ts";

const TENANTS = Number(Deno.env.get("BENCH_TENANTS") ?? 100);
const PER_TENANT = Number(Deno.env.get("BENCH_TICKETS_PER_TENANT") ?? 10_000);
const SAMPLES = Number(Deno.env.get("BENCH_SAMPLES") ?? 200);
const TARGET_P95_MS = 30;

setLogLevel("warn");
const databaseUrl = Deno.env.get("DATABASE_URL");
if (!databaseUrl) {
  console.error("Set DATABASE_URL: this benchmark measures PostgreSQL.");
  Deno.exit(2);
}
const config = loadConfig({ ...Deno.env.toObject(), DATABASE_URL: databaseUrl });
const db = await openDatabase(config);
const sql = db.sql;
await migrate(sql);

// Tenants bench-support-000 … with one customer each; tickets only if not seeded already.
const slugs = Array.from(
  { length: TENANTS },
  (_, i) => `bench-support-${String(i).padStart(3, "0")}`,
);
await sql`insert into tenants (id, slug, name)
          select gen_random_uuid(), s, s from unnest(${slugs}::text[]) s
          on conflict (slug) do nothing`;
const tenants = await sql<
  { id: string }[]
>`select id from tenants where slug = any(${slugs}) order by slug`;
const tenantIds = tenants.map((t) => t.id);
await sql`insert into support_customers (tenant_id, id, name, email)
          select id, gen_random_uuid(), 'Bench customer', 'bench@example.test' from tenants t
          where t.id = any(${tenantIds}::uuid[])
            and not exists (select 1 from support_customers c where c.tenant_id = t.id)`;
const [{ n: existing }] = await sql`select count(*)::int as n from support_tickets
                                    where tenant_id = any(${tenantIds}::uuid[])`;
const wanted = TENANTS * PER_TENANT;
if (existing < wanted) {
  const started = performance.now();
  await sql`delete from support_tickets where tenant_id = any(${tenantIds}::uuid[])`;
  await sql.begin(async (tx) => {
    await tx`set local synchronous_commit = off`;
    await tx`
      insert into support_tickets (tenant_id, id, number, subject, description, status, priority,
        customer_id, created_at, updated_at, first_response_due, resolution_due, resolved_at)
      select c.tenant_id, gen_random_uuid(), 'T-' || lpad(g::text, 7, '0'),
        (array['VPN','printer','laptop','mail','password','network','invoice','login','backup',
               'phone','monitor','license'])[1 + g % 12] || ' problem ' || g,
        'Reported by the customer, case ' || md5(g::text),
        (array['acik','islemde','cozuldu','kapandi'])[1 + g % 4],
        (array['dusuk','normal','yuksek','kritik'])[1 + (g / 7) % 4],
        c.id, now() - make_interval(mins => g * 3), now() - make_interval(mins => g * 2),
        now() - make_interval(mins => g * 3) + interval '1 hour',
        now() - make_interval(mins => g * 3) + interval '8 hours',
        case when g % 4 >= 2 then now() - make_interval(mins => g * 3) + interval '5 hours' end
      from support_customers c cross join generate_series(1, ${PER_TENANT}) g
      where c.tenant_id = any(${tenantIds}::uuid[])`;
  });
  await sql`analyze support_tickets`;
  console.log(
    `seeded ${wanted.toLocaleString("en")} tickets in ${
      ((performance.now() - started) / 1000).toFixed(1)
    } s`,
  );
} else console.log(`${existing.toLocaleString("en")} tickets already seeded`);

const pick = () => tenantIds[Math.floor(Math.random() * tenantIds.length)];
const base: TicketQuery = { limit: 25, sort: "created" };

async function measure(
  name: string,
  run: (tenantId: string) => Promise<unknown>,
  samples = SAMPLES,
) {
  for (let i = 0; i < 10; i++) await run(pick()); // warm-up
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const tenantId = pick();
    const t0 = performance.now();
    await run(tenantId);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  console.log(
    `${name.padEnd(34)} p50 ${q(0.5).toFixed(2).padStart(7)} ms   p95 ${
      q(0.95).toFixed(2).padStart(7)
    } ms`,
  );
  return q(0.95);
}

const scoped = <T>(tenantId: string, fn: (tx: typeof sql) => Promise<T>) =>
  withScope(sql, { tenantId }, fn);
// The services read only the transaction and the caller's id here (no events, no bus).
const actor = (tx: typeof sql, me: string) =>
  ({ sql: tx, session: { userId: me }, bus: undefined }) as unknown as Actor;

// A deep page: the cursor of the row 5,000 positions down that tenant's newest-first list.
const deepCursor = new Map<string, string>();
for (const tenantId of tenantIds) {
  const [row] =
    await sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as k, id
    from support_tickets where tenant_id = ${tenantId} order by created_at desc, id desc offset 5000 limit 1`;
  if (row) deepCursor.set(tenantId, encodeCursor([row.k, row.id]));
}

console.log(
  `\n${TENANTS} tenants × ${PER_TENANT.toLocaleString("en")} tickets, ${SAMPLES} samples each`,
);
const listP95 = await measure(
  "list, first page",
  (t) => scoped(t, (tx) => listTickets(actor(tx, t), base)),
);
const deepP95 = await measure(
  "list, deep page (cursor @5000)",
  (t) => scoped(t, (tx) => listTickets(actor(tx, t), { ...base, cursor: deepCursor.get(t) })),
);
await measure(
  "list, status + priority filter",
  (t) =>
    scoped(
      t,
      (tx) => listTickets(actor(tx, t), { ...base, status: "islemde", priority: "kritik" }),
    ),
);
await measure(
  "text search 'printer problem 1'",
  (t) => scoped(t, (tx) => listTickets(actor(tx, t), { ...base, q: "printer problem 1" })),
);
await measure(
  "text search + status filter",
  (t) => scoped(t, (tx) => listTickets(actor(tx, t), { ...base, q: "vpn", status: "acik" })),
);
await measure(
  "dashboard",
  (t) => scoped(t, (tx) => dashboard(actor(tx, t))),
  Math.min(SAMPLES, 100),
);

const ok = listP95 < TARGET_P95_MS && deepP95 < TARGET_P95_MS;
console.log(`\nlist p95 target < ${TARGET_P95_MS} ms: ${ok ? "met" : "NOT met"}`);
await db.close();
Deno.exit(ok ? 0 : 1);
