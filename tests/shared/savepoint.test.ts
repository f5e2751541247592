/**
 * shared/db/savepoint.ts: a statement run with runTimed fails alone — the caller's transaction
 * stays usable and keeps its own statement timeout — and (PostgreSQL) a slow one is cancelled by
 * its timeout.
 */
import assert from "node:assert/strict";
import { withScope } from "../../shared/db/scope.ts";
import { inSavepoint, runTimed } from "../../shared/db/savepoint.ts";
import { itest, newTenant, testApp } from "../helpers.ts";

itest(
  "runTimed: rows back; a failing or slow statement leaves the transaction usable",
  async () => {
    const { platform } = await testApp();
    const tenant = await newTenant();
    await withScope(platform.db.sql, { tenantId: tenant.id }, async (tx) => {
      await tx`select set_config('statement_timeout', '45s', true)`;
      assert.deepEqual(await runTimed(tx, "select $1::int + 1 as n", [41], 1000), [{ n: 42 }]);
      await assert.rejects(runTimed(tx, "select 1 / 0", [], 1000), /division by zero/);
      if (Deno.env.get("DATABASE_URL")) {
        // PGlite (embedded mode) has no timer to cancel a statement with (docs/limits.md).
        const slow = await runTimed(tx, "select pg_sleep(5)", [], 100).then(
          () => "finished",
          (err: { code?: string }) => err.code,
        );
        assert.equal(slow, "57014", "cancelled by its own timeout");
      }
      const [row] = await tx`select current_setting('statement_timeout') as t, 1 as ok`;
      assert.deepEqual(row, { t: "45s", ok: 1 }, "usable, with its own timeout back");
    });
  },
);

itest("inSavepoint: on a bare pool the work runs as it is", async () => {
  const { platform } = await testApp();
  const rows = await inSavepoint(platform.db.sql, (sql) => sql`select 7 as n`);
  assert.equal(rows[0].n, 7);
});
