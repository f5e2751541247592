/**
 * Issue 18, defect 2: while PostgreSQL cannot be reached (a restart, a failover) requests answer
 * 503 problem+json with Retry-After — never 500 — and /readyz says 503; once it is back, the same
 * server answers again without a restart. The server runs as its own process and reaches the
 * database through a TCP relay the test cuts and restores. PostgreSQL only.
 */
import assert from "node:assert/strict";
import { isDatabaseUnavailable } from "../../shared/db/unavailable.ts";
import { newTenant, testApp } from "../helpers.ts";

const DATABASE_URL = Deno.env.get("DATABASE_URL");
const ROOT = new URL("../../", import.meta.url).pathname;

/** A relay to PostgreSQL that can be cut (every connection dropped, nothing accepted). */
function relay(target: URL) {
  const conns = new Set<Deno.Conn>();
  let listener: Deno.Listener | null = null;
  let port = 0;
  const pipe = (from: Deno.Conn, to: Deno.Conn) =>
    from.readable.pipeTo(to.writable).catch(() => {}).finally(() => {
      try {
        to.close();
      } catch { /* closed */ }
    });
  const serve = async (l: Deno.Listener) => {
    for await (const c of l) {
      try {
        const up = await Deno.connect({
          hostname: target.hostname,
          port: Number(target.port || 5432),
        });
        conns.add(c).add(up);
        pipe(c, up);
        pipe(up, c);
      } catch {
        c.close();
      }
    }
  };
  return {
    get port() {
      return port;
    },
    open() {
      listener = Deno.listen({ hostname: "127.0.0.1", port });
      port = (listener.addr as Deno.NetAddr).port;
      serve(listener).catch(() => {});
    },
    cut() {
      listener?.close();
      listener = null;
      for (const c of conns) {
        try {
          c.close();
        } catch { /* closed */ }
      }
      conns.clear();
    },
  };
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = l.addr as Deno.NetAddr;
  l.close();
  return port;
}

async function until(what: string, ok: () => Promise<boolean>, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await ok().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

Deno.test({
  name: "database unreachable: 503 problem+json with Retry-After, /readyz 503, then back",
  ignore: !DATABASE_URL,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    await testApp(); // migrated, keys made
    const t = await newTenant();
    const target = new URL(DATABASE_URL!);
    const db = relay(target);
    db.open();
    const via = new URL(DATABASE_URL!);
    via.hostname = "127.0.0.1";
    via.port = String(db.port);
    const port = freePort();
    const dataDir = await Deno.makeTempDir({ prefix: "db-down-" });
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "main.ts"],
      cwd: ROOT,
      env: {
        DATABASE_URL: via.toString(),
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        NO_COLOR: "1",
        // Its dispatcher hits the cut too; requests are what this test watches.
        JOB_CONCURRENCY: "1",
      },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    // The server's own words, shown if it dies (it must not: a lost database is not a crash).
    const said: string[] = [];
    for (const stream of [child.stdout, child.stderr]) {
      stream.pipeThrough(new TextDecoderStream()).pipeTo(
        new WritableStream({ write: (chunk) => void said.push(chunk) }),
      ).catch(() => {});
    }
    const base = `http://127.0.0.1:${port}`;
    const list = () =>
      fetch(`${base}/api/support/support-ticket`, {
        headers: { Authorization: `Bearer ${t.owner.token}` },
      }).catch((err) => {
        throw new Error(`the server is gone: ${err}\n${said.join("").slice(-3000)}`);
      });
    try {
      await until("the server to answer", async () => (await (await list()).text(), true));
      const up = await list();
      await up.body?.cancel();
      assert.equal(up.status, 200);

      db.cut();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await list();
        statuses.push(res.status);
        if (res.status === 503) {
          assert.equal(res.headers.get("content-type"), "application/problem+json");
          assert.ok(Number(res.headers.get("retry-after")) > 0, "Retry-After");
          assert.equal((await res.json()).type, "/problems/unavailable");
        } else await res.body?.cancel();
      }
      assert.ok(statuses.every((s) => s === 503), `while cut: ${statuses.join(", ")}`);
      const ready = await fetch(`${base}/readyz`);
      await ready.body?.cancel();
      assert.equal(ready.status, 503);
      assert.ok(ready.headers.get("retry-after"));
      const page = await fetch(`${base}/support`, {
        headers: { Cookie: `session=${t.owner.token}` },
      });
      assert.equal(page.status, 503, "pages too");
      assert.match(await page.text(), /cannot reach its database/);

      db.open();
      await until("the server to answer again", async () => {
        const res = await list();
        await res.body?.cancel();
        return res.status === 200;
        // The driver reconnects with growing back-off (up to 20 s a try) after failed attempts.
      }, 120_000);
    } finally {
      db.cut();
      child.kill("SIGKILL");
      await child.status;
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test("database unavailable: which errors count", () => {
  for (const code of ["ECONNREFUSED", "CONNECTION_CLOSED", "CONNECT_TIMEOUT", "57P01", "08006"]) {
    assert.ok(isDatabaseUnavailable(Object.assign(new Error("x"), { code })), code);
  }
  assert.ok(isDatabaseUnavailable(new Error("wrapped", { cause: { code: "ECONNRESET" } })));
  const refused = new Error("refused");
  refused.name = "ConnectionRefused";
  assert.ok(isDatabaseUnavailable(refused));
  for (const code of ["23505", "42P01", "22P02", undefined]) {
    assert.ok(!isDatabaseUnavailable(Object.assign(new Error("x"), { code })), String(code));
  }
  assert.ok(!isDatabaseUnavailable(null));
});
