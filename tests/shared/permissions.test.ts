/**
 * `deno task start` runs with narrowed permissions (docs/operations.md, "Permissions"). The test suite itself
 * runs with --allow-all (it starts browsers, mail and S3 servers, and writes temp directories),
 * so this file starts the app exactly as the start task does — the task itself, read from
 * deno.json, so the flags cannot drift — and runs the API smoke against it over HTTP: embedded
 * database always, PostgreSQL when DATABASE_URL is set.
 */
import assert from "node:assert/strict";
import { apiSmoke, createTenantByTask, ROOT, startApp, taskLine } from "./app-process.ts";

const DATABASE_URL = Deno.env.get("DATABASE_URL");

Deno.test("permissions: the server tasks name their permissions instead of --allow-all", async () => {
  for (const task of ["start", "worker", "migrate", "tenant:create", "backup", "restore"]) {
    const line = await taskLine(task);
    assert.doesNotMatch(line, /--allow-all|(^|\s)-A(\s|$)/, `${task}: ${line}`);
    assert.match(line, /--no-prompt/, `${task} must fail on a missing permission, not ask`);
  }
  const start = await taskLine("start");
  for (const flag of ["--allow-read=.,", "--allow-write=./data ", "--allow-run="]) {
    assert.ok(start.includes(flag), `start: ${flag}`);
  }
  assert.doesNotMatch(start, /--allow-(ffi|sys)(\s|$)/, "no blanket ffi or sys");
});

/** Runs the start task with its own flags; the data directory must be under ./data for them. */
async function smokeUnderStartTask(database: Record<string, string>) {
  const dataDir = `./data/permissions-test-${crypto.randomUUID().slice(0, 8)}`;
  const env = { ...database, DATA_DIR: dataDir, LOG_LEVEL: "info" };
  try {
    // The embedded database is one process's: the tenant is made before the server opens it.
    const owner = await createTenantByTask(env);
    const app = await startApp(["task", "start"], env);
    try {
      assert.ok(app.output().includes(await taskLine("start")), "deno task ran the start line");
      // The sandbox can start: the code check of a new script agent runs in one.
      const api = await apiSmoke(app.url, owner);
      const broken = await api("POST", "/api/automation/agents", {
        name: "Broken on purpose",
        kind: "script",
        code: "export default async function (ctx) { return ctx.input ",
      }, 201);
      const agent = await api("GET", `/api/automation/agents/${broken.id}`);
      assert.match(String(agent.lastError), /code check/, JSON.stringify(agent));
    } finally {
      const code = await app.stop();
      assert.equal(code, 0, `graceful stop under the task's permissions:\n${app.output()}`);
    }
    assert.doesNotMatch(app.output(), /NotCapable|Requires \w+ access/, app.output());
  } finally {
    await Deno.remove(new URL(dataDir.slice(2), ROOT), { recursive: true }).catch(() => {});
  }
}

Deno.test({
  name: "permissions: the start task's flags serve the API smoke (embedded database)",
  sanitizeResources: false,
  fn: () => smokeUnderStartTask({ DATABASE_URL: "" }),
});

Deno.test({
  name: "permissions: the start task's flags serve the API smoke (PostgreSQL)",
  ignore: !DATABASE_URL,
  sanitizeResources: false,
  fn: () => smokeUnderStartTask({ DATABASE_URL: DATABASE_URL! }),
});
