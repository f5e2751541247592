/**
 * Under the start task's narrowed permissions Deno refuses to read /proc, where the sandbox's
 * whole-process memory watchdog looks first; it then asks `ps`. ArrayBuffers live outside the
 * V8 heap limit, so only that watchdog stops this bomb before the deadline.
 */
import assert from "node:assert/strict";

Deno.test("sandbox: the memory watchdog works without --allow-all (through ps)", async () => {
  const fixture = new URL("./sandbox-narrowed.fixture.ts", import.meta.url).pathname;
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-prompt",
      "--allow-env",
      "--allow-read=.",
      `--allow-run=${Deno.execPath()},prlimit,ps`,
      fixture,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout);
  const stderr = new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, stderr);
  const result = JSON.parse(stdout.trim().split("\n").at(-1)!);
  assert.deepEqual(result, { status: "failed", error: "memory limit (48 MB) reached" }, stderr);
  assert.doesNotMatch(stderr, /watchdog off/);
});
