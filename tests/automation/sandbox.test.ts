/**
 * The sandbox contains every escape we know of: each attempt comes back as a failed run and the
 * host is unaffected. A local server on 127.0.0.1 stands for the forbidden network and counts
 * the requests that reach it (none may).
 */
import nodeAssert from "node:assert/strict";
import {
  checkAllowlistEntry,
  checkCode,
  checkEnvName,
  DENIED_NETWORKS,
  type LogLine,
  runInSandbox,
  type SandboxRequest,
} from "../../modules/automation/sandbox/sandbox.lib.ts";
import { privateIpv6Of } from "../../modules/automation/sandbox/policy.lib.ts";

const assert = (ok: unknown, message?: string) => nodeAssert.ok(ok, message as string);
const assertEquals = (actual: unknown, expected: unknown, message?: string) =>
  nodeAssert.deepEqual(actual, expected, message as string);
const assertMatch = (text: string, pattern: RegExp) => nodeAssert.match(text, pattern);
const assertStringIncludes = (text: string, part: string) =>
  nodeAssert.ok(text.includes(part), `expected ${JSON.stringify(part)} in ${JSON.stringify(text)}`);

const test = (name: string, fn: () => Promise<void> | void) =>
  Deno.test({ name: `sandbox: ${name}`, fn });

function request(code: string, extra: Partial<SandboxRequest> = {}): SandboxRequest {
  return {
    tenantId: "tenant-a",
    code,
    config: { greeting: "hi" },
    input: { n: 2 },
    env: {},
    allowlist: [],
    memoryMb: 64,
    timeoutMs: 5000,
    logCapBytes: 64 * 1024,
    ...extra,
  };
}

/** A listener on loopback that must never see a request from a sandbox. */
async function withForbiddenServer(fn: (port: number, hits: () => number) => Promise<void>) {
  let count = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => {
    count++;
    return new Response("secret");
  });
  try {
    await fn(server.addr.port, () => count);
  } finally {
    await server.shutdown();
  }
}

test("a real run returns JSON, logs in order and streams lines live", async () => {
  const seen: LogLine[] = [];
  let liveBeforeEnd = false;
  const result = await runInSandbox(request(
    `export default async (ctx: { config: { greeting: string }; input: { n: number };
      log: { warn(t: string): void }; platform: { call(op: string, i: unknown): Promise<unknown> } }) => {
      console.log("first", ctx.config.greeting);
      ctx.log.warn("second");
      await ctx.platform.call("wait", null);
      console.error("third");
      return { doubled: ctx.input.n * 2, list: [1, "a", null] };
    }`,
    {
      onLog: (line) => seen.push(line),
      // The run is blocked on this call, so lines seen here arrived before the end.
      onCall: () => {
        liveBeforeEnd = seen.length === 2;
        return Promise.resolve(null);
      },
    },
  ));
  assertEquals(result.status, "succeeded");
  assertEquals(result.result, { doubled: 4, list: [1, "a", null] });
  assertEquals(result.log, "first hi\nsecond\nthird\n");
  assertEquals(seen.map((l) => [l.stream, l.level, l.text]), [
    ["log", "info", "first hi"],
    ["log", "warn", "second"],
    ["log", "error", "third"],
  ]);
  assert(liveBeforeEnd, "onLog must be called while the run is still going");
  assertEquals(result.exitCode, 0);
  assert(result.peakRssBytes === undefined || result.peakRssBytes > 10_000_000);
});

test("ctx.platform.call relays a round trip and an error from onCall", async () => {
  const calls: [string, unknown][] = [];
  const result = await runInSandbox(request(
    `export default async (ctx: any) => {
      const made = await ctx.platform.call("tickets.create", { title: "Printer" });
      let refused = "";
      try { await ctx.platform.call("tickets.delete", { id: 1 }); }
      catch (e) { refused = (e as Error).message; }
      return { made, refused };
    }`,
    {
      onCall: (op, input) => {
        calls.push([op, input]);
        if (op === "tickets.delete") {
          return Promise.reject(new Error("not allowed: tickets.delete"));
        }
        return Promise.resolve({ id: "T-1", input });
      },
    },
  ));
  assertEquals(result.status, "succeeded");
  assertEquals(result.result, {
    made: { id: "T-1", input: { title: "Printer" } },
    refused: "not allowed: tickets.delete",
  });
  assertEquals(calls, [["tickets.create", { title: "Printer" }], ["tickets.delete", { id: 1 }]]);
});

test("an uncaught error fails the run with the message and the agent's own frames", async () => {
  const result = await runInSandbox(request(`
function inner() { throw new RangeError("bad input"); }
export default () => inner();
`));
  assertEquals(result.status, "failed");
  assertMatch(result.error!, /^RangeError: bad input\n\s+at inner \(agent\.ts:2:/);
  assert(!result.error!.includes("runner.ts"), result.error);
  assert(!result.error!.includes("base64"), result.error);

  const rejected = await runInSandbox(request(
    `export default () => { Promise.reject(new Error("forgotten")); return new Promise(() => {}); }`,
  ));
  assertEquals(rejected.status, "failed");
  assertStringIncludes(rejected.error!, "forgotten");
});

test("reading and writing files is refused", async () => {
  const read = await runInSandbox(request(
    `export default () => Deno.readTextFile("/etc/passwd")`,
  ));
  assertEquals(read.status, "failed");
  assertStringIncludes(read.error!, "read access");
  assert(!read.log.includes("root:"));

  const imported = await runInSandbox(request(
    `export default async () => (await import("file:///etc/passwd")).default`,
  ));
  assertEquals(imported.status, "failed");
  assertStringIncludes(imported.error!, "read access");
  assert(!imported.error!.includes("root:"), "file contents must not leak through the error");

  const target = `/tmp/sandbox-escape-${crypto.randomUUID()}`;
  const write = await runInSandbox(request(
    `export default () => Deno.writeTextFile(${JSON.stringify(target)}, "x")`,
  ));
  assertEquals(write.status, "failed");
  assertStringIncludes(write.error!, "write access");
  let exists = true;
  await Deno.stat(target).catch(() => exists = false);
  assertEquals(exists, false);
});

test("only declared variables are visible; reserved names are refused", async () => {
  assert(Deno.env.get("HOME"), "the host must have HOME for this test to mean anything");
  const result = await runInSandbox(request(
    `export default (ctx: { env: Record<string, string> }) => {
      const denied: Record<string, string> = {};
      for (const name of ["HOME", "DATABASE_URL", "PATH"]) {
        try { denied[name] = String(Deno.env.get(name)); } catch (e) { denied[name] = (e as Error).name; }
      }
      let all = "";
      try { all = JSON.stringify(Deno.env.toObject()); } catch (e) { all = (e as Error).name; }
      return { ctxEnv: ctx.env, direct: Deno.env.get("API_TOKEN"), denied, all };
    }`,
    { env: { API_TOKEN: "t0ken" } },
  ));
  assertEquals(result.status, "succeeded", result.error);
  assertEquals(result.result, {
    ctxEnv: { API_TOKEN: "t0ken" },
    direct: "t0ken",
    denied: { HOME: "NotCapable", DATABASE_URL: "NotCapable", PATH: "NotCapable" },
    all: "NotCapable",
  });

  const proxy = await runInSandbox(
    request(`export default () => 1`, { env: { HTTPS_PROXY: "http://10.0.0.1:3128" } }),
  );
  assertEquals(proxy.status, "failed");
  assertStringIncludes(proxy.error!, "HTTPS_PROXY");
  assertEquals(checkEnvName("DENO_DIR"), "reserved for the runtime");
  assertEquals(checkEnvName("lower"), "use capital letters, digits and _ (not first digit)");
  assertEquals(checkEnvName("API_KEY"), null);
});

test("hosts off the allowlist and private addresses are unreachable", async () => {
  await withForbiddenServer(async (port, hits) => {
    const targets = [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://2130706433:${port}/`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
    ];
    // A careless admin put them all on the allowlist.
    const allowlist = [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      "169.254.169.254",
      "10.0.0.1",
      "[::1]",
      "example.com",
    ];
    const result = await runInSandbox(request(
      `export default async () => {
        const out: Record<string, string> = {};
        for (const url of ${JSON.stringify(targets)}) {
          const ac = new AbortController();
          const t = setTimeout(() => ac.abort(), 1500);
          try { const r = await fetch(url, { signal: ac.signal }); out[url] = "reached " + r.status; }
          catch (e) { out[url] = "refused " + String((e as Error).cause ?? e); }
          clearTimeout(t);
        }
        try { await Deno.connect({ hostname: "127.0.0.1", port: ${port} }); out.tcp = "reached"; }
        catch (e) { out.tcp = "refused " + (e as Error).name; }
        return out;
      }`,
      { allowlist, timeoutMs: 15_000 },
    ));
    assertEquals(result.status, "succeeded", result.error);
    const out = result.result as Record<string, string>;
    for (const [url, what] of Object.entries(out)) {
      // Refused by the permission check, not by a connection error that could hide a hole.
      assert(what.startsWith("refused") && /net access|NotCapable/.test(what), `${url}: ${what}`);
      assert(!/secret/.test(what));
    }
    assertEquals(hits(), 0);
    // Every private entry was refused on the host side and said so in the log.
    for (const entry of allowlist.slice(0, 5)) {
      assertStringIncludes(result.log, `"${entry}" ignored`);
    }
    assert(!result.log.includes(`"example.com" ignored`));
  });
});

test("the runtime deny holds even with the private hosts on --allow-net", async () => {
  // checkAllowlistEntry keeps these off the flag; this proves the second wall: Deno checks
  // --deny-net on the resolved address, so `localhost` and 127.0.0.1 fail although allowed.
  // (A public DNS name pointing at 127.0.0.1 would be the same case; this machine has no public
  // DNS, so `localhost` via /etc/hosts stands for it.)
  await withForbiddenServer(async (port, hits) => {
    const script = await Deno.makeTempFile({ suffix: ".ts" });
    await Deno.writeTextFile(
      script,
      `for (const url of Deno.args) {
        try { await fetch(url); console.log("reached"); }
        catch (e) { console.log(/net access/.test(String((e as Error).cause)) ? "refused" : "other " + e); }
      }`,
    );
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--no-config",
        `--allow-read=${script}`,
        `--allow-net=localhost:${port},127.0.0.1:${port},127.0.0.2:${port}`,
        `--deny-net=${DENIED_NETWORKS.join(",")}`,
        script,
        `http://localhost:${port}/`,
        `http://127.0.0.1:${port}/`,
        `http://127.0.0.2:${port}/`,
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
    await Deno.remove(script);
    assertEquals(new TextDecoder().decode(out.stdout).trim().split("\n"), [
      "refused",
      "refused",
      "refused",
    ]);
    assertEquals(hits(), 0);
  });
});

test("allowlist entries are checked on the host side", () => {
  for (
    const ok of [
      "api.example.com",
      "*.example.com",
      "api.example.com:8443",
      "8.8.8.8",
      "[2001:4860::8888]:443",
    ]
  ) {
    assertEquals(checkAllowlistEntry(ok), null, ok);
  }
  for (
    const bad of [
      "127.0.0.1",
      "10.1.2.3",
      "192.168.0.10:80",
      "172.16.5.4",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "2130706433",
      "0x7f.0.0.1",
      "[::1]",
      "[fe80::1]",
      "[fd00::5]",
      "[::ffff:10.0.0.1]",
      "localhost",
      "db.internal",
      "printer.local",
      "*",
      "http://example.com",
      "10.0.0.0/8",
      "example.com:99999",
    ]
  ) {
    assert(checkAllowlistEntry(bad) !== null, bad);
  }
});

test("names resolving to private IPv6 addresses get those addresses denied", async () => {
  // --deny-net cannot hold IPv6 ranges; the AAAA lookup before the run fills the gap.
  assertEquals(await privateIpv6Of(["localhost:8080", "*.example.com", "8.8.8.8"]), ["[::1]"]);
  assertEquals(await privateIpv6Of(["no-such-host.invalid"]), []);
});

test("processes and native libraries are refused", async () => {
  const spawn = await runInSandbox(request(
    `export default () => new Deno.Command("/usr/bin/id").output()`,
  ));
  assertEquals(spawn.status, "failed");
  assertStringIncludes(spawn.error!, "run access");
  // By bare name the sandbox has no PATH to find it in: refused before the permission check.
  const byName = await runInSandbox(
    request(`export default () => new Deno.Command("id").output()`),
  );
  assertEquals(byName.status, "failed");

  const node = await runInSandbox(request(
    `import { execSync } from "node:child_process"; export default () => String(execSync("id"))`,
  ));
  assertEquals(node.status, "failed");
  assertMatch(node.error!, /NotCapable|access/);

  const ffi = await runInSandbox(request(
    `export default () => (Deno as any).dlopen("libc.so.6", { getpid: { parameters: [], result: "i32" } })`,
  ));
  assertEquals(ffi.status, "failed");
  assertMatch(ffi.error!, /ffi|dlopen|not a function/i);
});

test("a busy loop is killed at the deadline", async () => {
  const result = await runInSandbox(request(`export default () => { for (;;) {} }`, {
    timeoutMs: 1500,
  }));
  assertEquals(result.status, "timed_out");
  assert(result.durationMs >= 1450 && result.durationMs < 3000, `${result.durationMs} ms`);
  assertEquals(result.exitCode, null);
});

test("a memory bomb fails with the memory limit", async () => {
  const heap = await runInSandbox(request(
    `export default () => { const keep: string[] = []; for (let i = 0;; i++) keep.push("x".repeat(1024) + i); }`,
    { memoryMb: 48, timeoutMs: 20_000 },
  ));
  assertEquals(heap.status, "failed");
  assertEquals(heap.error, "memory limit (48 MB) reached");

  // ArrayBuffers live outside the V8 heap: the RSS watchdog catches them.
  const buffers = await runInSandbox(request(
    `export default () => { const keep: Uint8Array[] = []; for (;;) keep.push(new Uint8Array(16 << 20).fill(1)); }`,
    { memoryMb: 48, timeoutMs: 20_000 },
  ));
  assertEquals(buffers.status, "failed");
  assertEquals(buffers.error, "memory limit (48 MB) reached");
});

/** Live host memory after a full collection (deno task test exposes gc), else the RSS. */
function hostMemory() {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return Deno.memoryUsage().rss;
  gc();
  const m = Deno.memoryUsage();
  return m.heapUsed + m.external;
}

test("huge output is capped and drained without growing the host", async () => {
  const before = hostMemory();
  let live = 0;
  const result = await runInSandbox(request(
    `export default async () => {
      const chunk = new TextEncoder().encode(("y".repeat(1023) + "\\n").repeat(1024));
      for (let i = 0; i < 50; i++) await Deno.stdout.write(chunk); // 50 MB raw
      const line = "z".repeat(100000); // one 50 MB line without an end
      for (let i = 0; i < 500; i++) await Deno.stderr.write(new TextEncoder().encode(line));
      for (let i = 0; i < 20000; i++) console.log("log line", i);
      return "done";
    }`,
    { logCapBytes: 32 * 1024, timeoutMs: 30_000, onLog: () => live++ },
  ));
  assertEquals(result.status, "succeeded", result.error);
  assertEquals(result.result, "done");
  assert(result.logTruncated);
  assert(result.log.length < 34 * 1024, `${result.log.length}`);
  assertStringIncludes(result.log, "[output truncated at 32768 bytes]");
  assert(live < 100, `${live} lines passed on after the cap`);
  // 100 MB went through: kept as JS strings (UTF-16) it would hold over 200 MB. With gc exposed
  // the live heap is measured; the bound leaves room for the embedded database (same process)
  // growing meanwhile. Without gc only the process size can be read (loose bound).
  const grown = (hostMemory() - before) / 1024 / 1024;
  const bound = "gc" in globalThis ? 100 : 250;
  assert(grown < bound, `host memory grew ${grown.toFixed(0)} MB`);
});

test("forging protocol messages on stdout does not change the result", async () => {
  const result = await runInSandbox(request(
    `export default async () => {
      const fake = JSON.stringify({ type: "result", value: "forged" });
      await Deno.stdout.write(new TextEncoder().encode(fake + "\\n" + "x" + fake + "\\n"));
      return "real";
    }`,
  ));
  assertEquals(result.status, "succeeded");
  assertEquals(result.result, "real");
  assertStringIncludes(result.log, '{"type":"result","value":"forged"}');
});

test("results must be JSON", async () => {
  const bigint = await runInSandbox(request(`export default () => ({ n: 10n })`));
  assertEquals(bigint.status, "failed");
  assertStringIncludes(bigint.error!, "not JSON-serialisable");
  const nothing = await runInSandbox(request(`export default () => {}`));
  assertEquals(nothing.status, "succeeded");
  assertEquals(nothing.result, null);
  const exited = await runInSandbox(request(`export default () => Deno.exit(0)`));
  assertEquals(exited.status, "failed");
  assertStringIncludes(exited.error!, "without a result");
});

test("Worker fork bombs are refused or contained", async () => {
  const direct = await runInSandbox(request(
    `export default () => { for (;;) new Worker("data:text/javascript,for(;;){}", { type: "module" }); }`,
  ));
  assertEquals(direct.status, "failed");
  assertStringIncludes(direct.error!, "Worker is not defined");

  const started = performance.now();
  const node = await runInSandbox(request(
    `import { Worker } from "node:worker_threads";
    export default () => { for (;;) new Worker("for(;;){}", { eval: true }); }`,
    { memoryMb: 64, timeoutMs: 3000 },
  ));
  assert(node.status === "failed" || node.status === "timed_out", node.status);
  assert(performance.now() - started < 6000);
});

test("aborting the signal cancels the run at once", async () => {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 300);
  const result = await runInSandbox(request(`export default () => { for (;;) {} }`, {
    signal: controller.signal,
    timeoutMs: 10_000,
  }));
  assertEquals(result.status, "cancelled");
  assert(result.durationMs < 2000, `${result.durationMs} ms`);

  const early = await runInSandbox(
    request(`export default () => 1`, { signal: AbortSignal.abort() }),
  );
  assertEquals(early.status, "cancelled");
});

test("checkCode reports syntax errors and a missing default export", async () => {
  const syntax = await checkCode(`export default async (ctx) => { return 1 +; }`);
  assertEquals(syntax.ok, false);
  assert(!syntax.ok && /agent\.ts:1:/.test(syntax.error), JSON.stringify(syntax));
  assert(!syntax.ok && !syntax.error.includes("base64"));

  const noDefault = await checkCode(`export const run = () => 1;`);
  assertEquals(noDefault, { ok: false, error: "the module has no default export function" });
  const notFunction = await checkCode(`export default 42;`);
  assertEquals(notFunction, { ok: false, error: "the module has no default export function" });
  const remote = await checkCode(`import x from "https://deno.land/x/y/mod.ts"; export default x;`);
  assertEquals(remote.ok, false);

  assertEquals(await checkCode(`export default async (ctx: { input: number }) => ctx.input;`), {
    ok: true,
  });
});

test("the runner exits when its stdin closes", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-prompt",
      "--no-config",
      new URL("../../modules/automation/sandbox/runner.service.ts", import.meta.url).pathname,
    ],
    clearEnv: true,
    stdin: "piped",
    stdout: "null",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(
    JSON.stringify({
      type: "start",
      nonce: "n:",
      code: "export default () => new Promise(() => setInterval(() => {}, 1000))",
      config: null,
      input: null,
      env: [],
      softDeadlineMs: 0,
      checkOnly: false,
    }) + "\n",
  ));
  await new Promise((r) => setTimeout(r, 500));
  await writer.close();
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  const status = await child.status;
  clearTimeout(timer);
  assertEquals(status.signal, null, "it should exit by itself, not be killed");
});

test("figures: spawn to result of a trivial agent, RSS of one sandbox", async () => {
  const times: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < 30; i++) {
    const began = performance.now();
    const result = await runInSandbox(request(`export default () => 1`));
    times.push(performance.now() - began);
    if (result.peakRssBytes) rss.push(result.peakRssBytes);
    assertEquals(result.result, 1);
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length * 0.5)];
  const p95 = times[Math.floor(times.length * 0.95)];
  const mb = rss.length ? Math.max(...rss) / 1024 / 1024 : 0;
  console.log(
    `sandbox figures: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, peak RSS ${
      mb.toFixed(0)
    } MB`,
  );
  assert(p95 < 2000, `p95 ${p95} ms`);
});
