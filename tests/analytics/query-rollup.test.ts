/**
 * Ticket counts answered from the per-day rollup (analytics_ticket_days) are the view's counts:
 * the rollup follows created tickets, status and priority changes and deletes in the same
 * transaction, and on random tickets (times near midnight, every status and priority) random
 * count queries give the same rows through both paths, in day to year buckets, with filters,
 * whatever the session's time zone (buckets are UTC days on both paths).
 */
import assert from "node:assert/strict";
import { itest, newTenant, testApp, type TestTenant } from "../helpers.ts";
import { API, customer, json, ticket } from "../support/fixtures.ts";
import { withScope } from "../../shared/db/scope.ts";
import type { Sql } from "../../shared/db/database.ts";
import type { AnalyticsQuery } from "../../modules/analytics/query/query.types.schemas.ts";
import { compileQuery, runQuery } from "../../modules/analytics/query/query.service.ts";

const STATUSES = ["acik", "islemde", "cozuldu", "kapandi"];
const PRIORITIES = ["dusuk", "normal", "yuksek", "kritik"];
const BUCKETS = ["day", "week", "month", "quarter", "year"] as const;
const tickets = { kind: "dataset", name: "tickets" } as const;

async function asTenant<T>(t: TestTenant, fn: (tx: Sql) => Promise<T>) {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId: t.id, userId: t.owner.id }, fn);
}

/** Runs a query through the rollup (asserting it is used) and through the view. */
async function bothPaths(tx: Sql, query: AnalyticsQuery, rolled = true) {
  const actor = { sql: tx, bus: (await testApp()).platform.bus };
  const compiled = await compileQuery(actor, { query });
  assert.equal(compiled.sql.includes("analytics_ticket_days"), rolled, compiled.sql);
  const fast = await runQuery(actor, { query });
  const view = await runQuery(actor, { query, rollups: false });
  return { fast, view };
}

const countsByStatus = (t: TestTenant) =>
  asTenant(t, async (tx) => {
    const { fast, view } = await bothPaths(tx, {
      source: tickets,
      fields: [{ field: "status" }, { field: "priority" }],
      aggregates: [{ fn: "count", as: "n" }],
    });
    assert.deepEqual(fast, view);
    return fast.rows;
  });

itest("ticket rollup: follows creates, status and priority changes and deletes", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const c = await customer(a.owner);
  const one = await ticket(a.owner, c.id, { priority: "yuksek" });
  const two = await ticket(a.owner, c.id);
  await ticket(b.owner, (await customer(b.owner)).id);
  assert.deepEqual(await countsByStatus(a), [
    { status: "acik", priority: "normal", n: 1 },
    { status: "acik", priority: "yuksek", n: 1 },
  ]);

  await json(
    await a.owner.call("PUT", `${API}/support-ticket/${one.id}`, { status: "islemde" }),
    200,
  );
  await json(
    await a.owner.call("PUT", `${API}/support-ticket/${two.id}`, { priority: "kritik" }),
    200,
  );
  // An update that moves nothing (the subject) leaves the counts alone.
  await json(
    await a.owner.call("PUT", `${API}/support-ticket/${two.id}`, { subject: "Renamed" }),
    200,
  );
  assert.deepEqual(await countsByStatus(a), [
    { status: "acik", priority: "kritik", n: 1 },
    { status: "islemde", priority: "yuksek", n: 1 },
  ]);

  // A delete (as the application role, under the tenant's policy) takes its count away; the
  // emptied group is gone from both paths.
  await asTenant(a, (tx) => tx`delete from support_tickets where id = ${one.id}`);
  assert.deepEqual(await countsByStatus(a), [{ status: "acik", priority: "kritik", n: 1 }]);
  // The other tenant's rollup never saw tenant A's tickets.
  assert.deepEqual(await countsByStatus(b), [{ status: "acik", priority: "normal", n: 1 }]);
  const rows = await asTenant(b, (tx) => tx`select distinct tenant_id from analytics_ticket_days`);
  assert.deepEqual(rows.map((r) => r.tenantId), [b.id]);
});

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]) => xs[int(xs.length)];
  return { next, int, pick };
}

const DAY_MS = 86_400_000;
const START = Date.UTC(2025, 11, 20); // across a year's, a quarter's and a month's end

itest("ticket rollup: random count queries give the view's rows", async () => {
  const seed = Number(Deno.env.get("ROLLUP_SEED") ?? Date.now() % 100_000);
  const r = random(seed);
  const t = await newTenant();
  const c = await customer(t.owner);
  await asTenant(t, async (tx) => {
    const made = Array.from({ length: 400 }, (_, i) => {
      // Times close to midnight UTC are where a day of the wrong zone would show.
      const day = START + r.int(120) * DAY_MS;
      const at = r.next() < 0.3
        ? day + (r.next() < 0.5 ? r.int(60_000) : DAY_MS - 1 - r.int(60_000))
        : day + r.int(DAY_MS);
      return {
        id: crypto.randomUUID(),
        number: `R-${seed}-${i}`,
        subject: `Random ${i}`,
        status: r.pick(STATUSES),
        priority: r.pick(PRIORITIES),
        customer_id: c.id,
        created_at: new Date(at),
      };
    });
    // Some in one statement, some one by one (both shapes of the insert trigger).
    await tx`insert into support_tickets ${tx(made.slice(0, 300))}`;
    for (const m of made.slice(300)) await tx`insert into support_tickets ${tx(m)}`;
    // Moves and deletes in bulk, then the view and the rollup are compared.
    await tx`update support_tickets set status = 'kapandi' where number like ${`R-${seed}-1%`}`;
    await tx`delete from support_tickets where number like ${`R-${seed}-2%`}`;
  });

  const bound = () => new Date(START + r.int(130) * DAY_MS).toISOString().slice(0, 10);
  const filter = (): NonNullable<AnalyticsQuery["filters"]>[number] => {
    switch (r.int(5)) {
      case 0:
        return { field: "status", op: "eq", value: r.pick(STATUSES) };
      case 1:
        return { field: "priority", op: "in", value: [r.pick(PRIORITIES), r.pick(PRIORITIES)] };
      case 2:
        return { field: "status", op: "ne", value: r.pick(STATUSES) };
      case 3:
        return { field: "created_at", op: "gte", value: bound() };
      default:
        return { field: "created_at", op: "lt", value: `${bound()}T00:00:00Z` };
    }
  };
  for (const zone of ["UTC", "Pacific/Kiritimati", "America/Los_Angeles"]) {
    await asTenant(t, async (tx) => {
      await tx`select set_config('TimeZone', ${zone}, true)`;
      for (let i = 0; i < 25; i++) {
        const fields: NonNullable<AnalyticsQuery["fields"]> = [];
        if (r.next() < 0.8) {
          fields.push({ field: "created_at", bucket: r.pick(BUCKETS), as: "period" });
        }
        if (r.next() < 0.6) fields.push({ field: "status" });
        if (r.next() < 0.4) fields.push({ field: "priority" });
        const aggregates: NonNullable<AnalyticsQuery["aggregates"]> = [{ fn: "count", as: "n" }];
        if (r.next() < 0.3) aggregates.push({ fn: "count", field: "id", as: "ids" });
        if (r.next() < 0.3) {
          aggregates.push({ fn: "countDistinct", field: "priority", as: "kinds" });
        }
        if (r.next() < 0.2) aggregates.push({ fn: "max", field: "status", as: "top" });
        const query: AnalyticsQuery = {
          source: tickets,
          fields,
          aggregates,
          filters: Array.from({ length: r.int(3) }, filter),
          sort: r.next() < 0.3 ? [{ field: "n", dir: "desc" }] : undefined,
          limit: r.next() < 0.2 ? 5 : undefined,
        };
        const { fast, view } = await bothPaths(tx, query);
        assert.deepEqual(fast, view, `seed ${seed}, ${zone}: ${JSON.stringify(query)}`);
      }
      // What a day cannot answer reads the view: a bound inside a day, a field the rollup
      // does not have, an average.
      const rest: AnalyticsQuery[] = [
        {
          source: tickets,
          aggregates: [{ fn: "count", as: "n" }],
          filters: [{ field: "created_at", op: "gte", value: "2026-01-05T12:00:00Z" }],
        },
        {
          source: tickets,
          aggregates: [{ fn: "count", as: "n" }],
          filters: [{ field: "created_at", op: "lte", value: "2026-01-05" }],
        },
        {
          source: tickets,
          fields: [{ field: "customer" }],
          aggregates: [{ fn: "count", as: "n" }],
        },
        { source: tickets, aggregates: [{ fn: "avg", field: "resolution_hours", as: "h" }] },
      ];
      for (const query of rest) await bothPaths(tx, query, false);
    });
  }
});
