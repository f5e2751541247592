/**
 * Transactions on lanes (shared/db/lanes.ts, PostgreSQL mode): one connection per transaction,
 * BEGIN sent with the setup and the first statement. What must hold beyond the scoped
 * transaction's own guarantees (scope-transaction.test.ts): nothing of a transaction whose
 * connection was lost runs on the connection opened after it, transactions beyond the lanes
 * wait their turn, and a lane's session cannot write or act as the owner outside BEGIN.
 */
import assert from "node:assert/strict";
import postgres from "postgres";
import { Lanes } from "../../shared/db/lanes.ts";
import { APP_ROLE } from "../../shared/db/scope.ts";
import { isDatabaseUnavailable } from "../../shared/db/unavailable.ts";
import { testApp } from "../helpers.ts";

const DATABASE_URL = Deno.env.get("DATABASE_URL");

/** Lanes of their own for one test (the app's role must exist: testApp migrates). */
async function lanes(size: number) {
  await testApp();
  return new Lanes({
    url: DATABASE_URL!,
    size,
    driver: { onnotice: () => {} },
    sessionRole: APP_ROLE,
  });
}

const pgTest = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name, ignore: !DATABASE_URL, sanitizeOps: false, sanitizeResources: false, fn });

pgTest(
  "lanes: statements not sent when the connection is lost never run on the next one",
  async () => {
    const pool = await lanes(1);
    const admin = postgres(DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      const outcomes: string[] = [];
      const failed = await pool.run((tx) => tx`select 1`, async (tx) => {
        const [{ pid }] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
        // A statement seen for the first time waits for its description: the two after it wait
        // in postgres.js's queue, unsent, when the connection goes.
        const slow = tx`select pg_sleep(${5}) as slept, ${crypto.randomUUID()}::text as fresh`;
        slow.catch(() => {});
        const behind = [1, 2].map((n) =>
          tx`select ${n}::int as n`.then(() => `ran ${n}`, () => `refused ${n}`)
        );
        setTimeout(() => admin`select pg_terminate_backend(${pid})`.catch(() => {}), 300);
        outcomes.push(...await Promise.all(behind));
      }).then(() => null, (err: unknown) => err);
      // postgres.js would open a connection for them and fail only the first (with the old
      // connection's last error): the second would run outside the transaction.
      assert.deepEqual(outcomes, ["refused 1", "refused 2"]);
      assert.ok(isDatabaseUnavailable(failed), `a lost connection, not: ${failed}`);
      // The lane starts afresh: its next transaction is answered at the first try.
      const [{ n }] = await pool.run(
        (tx) => tx`select 1`,
        (tx) => tx<{ n: number }[]>`select 7 as n`,
      );
      assert.equal(n, 7);
    } finally {
      await admin.end();
      await pool.end();
    }
  },
);

pgTest("lanes: transactions beyond the lanes wait their turn, in order", async () => {
  const pool = await lanes(2);
  try {
    const order: number[] = [];
    const runs = Array.from({ length: 8 }, (_, i) =>
      pool.run((tx) => tx`select 1`, async (tx) => {
        const [{ n }] = await tx<{ n: number }[]>`select ${i}::int as n, pg_sleep(0.02)`;
        order.push(n);
        return n;
      }));
    assert.deepEqual(await Promise.all(runs), [0, 1, 2, 3, 4, 5, 6, 7]);
    // Two at a time: each pair finishes before the next pair starts.
    assert.deepEqual(new Set(order.slice(0, 2)), new Set([0, 1]));
    assert.deepEqual(new Set(order.slice(6)), new Set([6, 7]));
  } finally {
    await pool.end();
  }
});

pgTest(
  "lanes: a lane's session is read only and the app role outside BEGIN READ WRITE",
  async () => {
    const pool = await lanes(1);
    try {
      const [row] = await pool.run(
        (tx) => tx`select 1`,
        (tx) =>
          tx<{ who: string; now: string; outside: string }[]>`
        select current_user as who, current_setting('transaction_read_only') as now,
               current_setting('default_transaction_read_only') as outside`,
      );
      assert.deepEqual(row, { who: APP_ROLE, now: "off", outside: "on" });
    } finally {
      await pool.end();
    }
  },
);

pgTest("lanes: closing refuses waiting and new transactions as unavailable", async () => {
  const pool = await lanes(1);
  const holding = pool.run((tx) => tx`select 1`, (tx) => tx`select pg_sleep(0.3)`);
  const waiting = pool.run((tx) => tx`select 1`, (tx) => tx`select 1`).then(
    () => null,
    (err: unknown) => err,
  );
  await new Promise((r) => setTimeout(r, 50));
  const closing = pool.end();
  assert.ok(isDatabaseUnavailable(await waiting), "the waiting one is refused");
  const late = await pool.run((tx) => tx`select 1`, (tx) => tx`select 1`).then(
    () => null,
    (err: unknown) => err,
  );
  assert.ok(isDatabaseUnavailable(late), "a new one is refused");
  await holding.catch(() => {});
  await closing;
});
