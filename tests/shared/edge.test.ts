/**
 * The edge profile (docs/operations.md, "Edge profile"): a runtime without subprocesses or a writable disk.
 * The app is started with `--deny-run --deny-write`, on PostgreSQL and object storage (s3rver);
 * it detects the profile itself, serves the API smoke, and an agent run requested through the
 * API is carried out by a separate `deno task worker` process.
 */
import assert from "node:assert/strict";
import { ConfigError, loadConfig } from "../../shared/config.ts";
import { startS3 } from "../platform/multi-instance.fixtures.ts";
import {
  apiSmoke,
  type AppProcess,
  createTenantByTask,
  runDeno,
  startApp,
  taskLine,
} from "./app-process.ts";

const DATABASE_URL = Deno.env.get("DATABASE_URL");
// osRelease: the S3 client names the OS release in its User-Agent.
const EDGE_FLAGS = [
  "--deny-run",
  "--deny-write",
  "--allow-net",
  "--allow-env",
  "--allow-read",
  "--allow-sys=osRelease",
];
const BUCKET = "edge-test";

Deno.test("edge: EDGE=1 requires PostgreSQL and object storage; EDGE=0 and full permissions do not", () => {
  assert.throws(() => loadConfig({ EDGE: "1" }), (err: Error) => {
    assert.ok(err instanceof ConfigError);
    assert.match(err.message, /edge profile \(EDGE=1\)/);
    assert.match(err.message, /DATABASE_URL: required/);
    assert.match(err.message, /STORAGE_MODE: must be objstore/);
    return true;
  });
  const remote = {
    DATABASE_URL: "postgres://db.example/app",
    STORAGE_MODE: "objstore",
    OBJ_BUCKET: "files",
  };
  assert.equal(loadConfig({ ...remote, EDGE: "1" }).EDGE, true);
  // This test process has every permission: nothing to detect.
  assert.equal(loadConfig({}).EDGE, false);
  assert.equal(loadConfig({ EDGE: "0" }).EDGE, false);
});

Deno.test("edge: without a writable disk the app refuses the embedded database and local files", async () => {
  const { code, output } = await runDeno(["run", ...EDGE_FLAGS, "main.ts"], {
    DATABASE_URL: "",
    STORAGE_MODE: "local",
  });
  assert.equal(code, 1, output);
  assert.match(output, /edge profile \(no write permission for \.\/data\)/);
  assert.match(output, /DATABASE_URL: required/);
  assert.match(output, /STORAGE_MODE: must be objstore/);
});

Deno.test({
  name: "edge: --deny-run --deny-write serves the API smoke; a worker process runs the agent",
  ignore: !DATABASE_URL,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const s3 = await startS3(BUCKET);
    const env = {
      DATABASE_URL: DATABASE_URL!,
      ...s3.env,
      LOG_LEVEL: "info",
    };
    const processes: AppProcess[] = [];
    try {
      const owner = await createTenantByTask(env);
      const edge = await startApp(["run", ...EDGE_FLAGS, "main.ts"], env);
      processes.push(edge);
      assert.match(edge.output(), /"profile":"edge"/);
      const api = await apiSmoke(edge.url, owner);

      const agent = await api("POST", "/api/automation/agents", {
        name: "Doubler",
        kind: "script",
        code: "export default async (ctx) => ({ doubled: ctx.input.n * 2 });",
      }, 201);
      assert.equal(agent.state, "aktif", "no sandbox here: the code check is skipped, not failed");
      const queued = await api("POST", `/api/automation/agents/${agent.id}/test-run`, {
        input: { n: 21 },
      }, 202);
      // Nothing on the edge instance picks it up.
      await new Promise((r) => setTimeout(r, 2000));
      assert.equal((await api("GET", `/api/automation/runs/${queued.runId}`)).status, "queued");

      // The worker runs with its own task's flags (it needs the sandbox's subprocess).
      assert.match(await taskLine("worker"), /worker\.ts$/);
      const worker = await startApp(["task", "worker"], env, { ready: "worker started" });
      processes.push(worker);
      let run = { status: "queued", result: null as unknown, error: null as unknown };
      for (let i = 0; i < 120 && ["queued", "running"].includes(run.status); i++) {
        await new Promise((r) => setTimeout(r, 500));
        run = await api("GET", `/api/automation/runs/${queued.runId}`);
      }
      assert.equal(run.status, "succeeded", `${JSON.stringify(run)}\n${worker.output()}`);
      assert.deepEqual(run.result, { doubled: 42 });
      assert.doesNotMatch(edge.output(), /NotCapable|Requires \w+ access/, edge.output());
    } finally {
      for (const p of processes.reverse()) await p.stop();
      await s3.close();
    }
  },
});
