// Run by sandbox-narrowed.test.ts under the start task's kind of flags (no --allow-all, so /proc
// may not be read): an ArrayBuffer bomb must still meet the memory watchdog, through `ps`.
import { runInSandbox } from "../../modules/automation/sandbox/sandbox.lib.ts";

const result = await runInSandbox({
  tenantId: "tenant-a",
  code:
    `export default () => { const keep = []; for (;;) keep.push(new Uint8Array(16 << 20).fill(1)); }`,
  config: {},
  input: {},
  env: {},
  allowlist: [],
  memoryMb: 48,
  timeoutMs: 20_000,
  logCapBytes: 16 * 1024,
});
console.log(JSON.stringify({ status: result.status, error: result.error }));
