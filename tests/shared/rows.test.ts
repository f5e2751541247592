/**
 * shared/db/rows.ts: rows built from `.values()` by a generated literal are the rows postgres.js
 * would have built (same keys in the same order, same parsed values, camelCase names, timestamps
 * as ISO strings, arrays, jsonb), whatever the column list; a column named `__proto__` stays a
 * column; statements with other column lists (or the same names in another order) get their own
 * builder.
 */
import assert from "node:assert/strict";
import { rowOf, rowsOf } from "../../shared/db/rows.ts";
import { withScope } from "../../shared/db/scope.ts";
import { itest, testApp } from "../helpers.ts";

/** 24 columns of many types (wider than the ~16 where postgres.js's rows turn into hash tables). */
const WIDE = `select g as n, 'r' || g as row_name, g * 1.5 as half, g % 2 = 0 as even,
  null::text as nothing, array['a', 'b' || g] as letters, jsonb_build_object('k', g) as doc,
  '2026-11-27 10:00:00+00'::timestamptz + make_interval(secs => g) as at_time,
  '2026-11-27'::date as on_day, gen_random_uuid() is not null as has_id,
  g as c11, g as c12, g as c13, g as c14, g as c15, g as c16, g as c17, g as c18, g as c19,
  g as c20, g as c21, g as c22, g as c23, 'last' as last_column
  from generate_series(1, 3) g order by g`;

itest("rowsOf: the same rows as postgres.js builds, key order included", async () => {
  const { platform } = await testApp();
  await withScope(platform.db.sql, {}, async (tx) => {
    const plain = await tx.unsafe(WIDE);
    const built = await rowsOf<Record<string, unknown>>(tx.unsafe(WIDE));
    assert.equal(built.length, 3);
    assert.deepEqual(built, [...plain]);
    assert.deepEqual(Object.keys(built[0]), Object.keys(plain[0]));
    assert.equal(built[1].rowName, "r2");
    assert.equal(built[1].atTime, "2026-11-27T10:00:02.000Z");
    assert.deepEqual(built[1].letters, ["a", "b2"]);
    assert.equal(built[0].nothing, null);
    assert.ok(Array.isArray(built) && !("columns" in built), "a plain array of objects");
  });
});

itest("rowsOf: the driver's own answer is emptied once the rows are built", async () => {
  // A query is a Promise that keeps what it answered; an old-generation query kept its value
  // arrays alive through every young collection (shared/db/rows.ts).
  const { platform } = await testApp();
  await withScope(platform.db.sql, {}, async (tx) => {
    const query = tx.unsafe(WIDE);
    const built = await rowsOf<Record<string, unknown>>(query);
    assert.equal(built.length, 3);
    assert.equal(built[2].rowName, "r3");
    assert.deepEqual([...await query], [], "the query itself now answers no rows");
  });
});

itest("rowsOf: no rows, one row, a __proto__ column, column lists kept apart", async () => {
  const { platform } = await testApp();
  await withScope(platform.db.sql, {}, async (tx) => {
    assert.deepEqual(await rowsOf(tx`select 1 as a where false`), []);
    assert.equal(await rowOf(tx`select 1 as a where false`), undefined);
    assert.deepEqual(await rowOf(tx`select 1 as a, 'x' as b`), { a: 1, b: "x" });

    // postgres.camel turns "___proto____" into "__proto__".
    const odd = await rowOf<Record<string, unknown>>(tx`select 'p' as "___proto____", 2 as b`);
    assert.equal(Object.getPrototypeOf(odd), Object.prototype, "the prototype is untouched");
    assert.ok(Object.hasOwn(odd!, "__proto__"));
    assert.equal(Object.getOwnPropertyDescriptor(odd, "__proto__")?.value, "p");

    // The same names in another order, and another list, one after the other and again.
    for (let i = 0; i < 2; i++) {
      assert.deepEqual(await rowOf(tx`select 1 as a, 2 as b`), { a: 1, b: 2 });
      assert.deepEqual(await rowOf(tx`select 2 as b, 1 as a`), { b: 2, a: 1 });
      assert.deepEqual(Object.keys((await rowOf(tx`select 2 as b, 1 as a`))!), ["b", "a"]);
      assert.deepEqual(await rowOf(tx`select 3 as c`), { c: 3 });
    }
  });
});
