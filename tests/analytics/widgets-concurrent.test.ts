/**
 * A sheet's widgets on PostgreSQL: each in a read-only transaction of its own, scoped to the
 * caller's tenant (RLS as in the request), results in the widgets' order; and when the pool has
 * no connection left for them (every one held by a waiting request), they run in the request's
 * own transaction instead of waiting forever. Embedded: one after another in the request's.
 */
import assert from "node:assert/strict";
import postgres from "postgres";
import { itest, newTenant, testApp } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import type { Database, Sql } from "../../shared/db/database.ts";
import type { Session } from "../../shared/http/env.ts";
import { mapWidgets } from "../../modules/analytics/dashboard/widgets.concurrent.repo.ts";

const probe = async (i: number, sql: Sql) => {
  const [row] = await sql<{ tenant: string; pid: number; ro: string }[]>`
    select current_setting('app.tenant_id') as tenant, pg_backend_pid() as pid,
      current_setting('transaction_read_only') as ro`;
  return { i, ...row };
};

itest(
  "sheet widgets: own scoped read-only transactions, or the request's when starved",
  async () => {
    const { platform } = await testApp();
    const t = await newTenant();
    const session = { tenantId: t.id, userId: t.owner.id } as Session;
    const items = [0, 1, 2, 3, 4];
    const run = (db: Database, poolSize: number) =>
      withScope(db.sql, { tenantId: t.id, userId: t.owner.id }, async (tx) => {
        const [mine] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
        const out = await mapWidgets({ db, poolSize, session, sql: tx }, items, probe);
        return { mine: mine.pid, out };
      });

    const { mine, out } = await run(platform.db, 10);
    assert.deepEqual(out.map((o) => o.i), items);
    for (const o of out) assert.equal(o.tenant, t.id);
    if (platform.db.mode === "embedded") {
      for (const o of out) assert.equal(o.pid, mine);
      return;
    }
    for (const o of out) {
      assert.notEqual(o.pid, mine);
      assert.equal(o.ro, "on");
    }

    // One connection, held by the request: the widgets fall back to it.
    const url = Deno.env.get("DATABASE_URL")!;
    const one = postgres(url, { max: 1, onnotice: () => {} }) as unknown as Sql;
    try {
      const starved = await run({ ...platform.db, sql: one }, 2);
      assert.deepEqual(starved.out.map((o) => o.i), items);
      for (const o of starved.out) assert.equal(o.pid, starved.mine);
    } finally {
      await (one as unknown as { end: () => Promise<void> }).end();
    }
  },
);
