/**
 * Issue 18, defect 4: an upload killed mid-stream leaves its `.part` file; repeated crashes
 * could fill the disk before the daily job. Partial files idle for longer than a live upload can
 * be are swept at every start (the module's init) and hourly, and the sweep says how many bytes
 * it reclaimed; a file still being written is left alone.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { itest, testApp } from "../helpers.ts";
import { LocalStorage } from "../../modules/documents/storage/storage.local.lib.ts";
import { useStorage } from "../../modules/documents/storage/storage.lib.ts";
import { documents } from "../../modules/documents/mod.ts";
import {
  documentsJobs,
  PARTIAL_IDLE_MS,
} from "../../modules/documents/storage/maintenance.service.ts";

async function leftBehind(dir: string, name: string, bytes: number, idleMs: number) {
  const path = join(dir, "tmp", name);
  await Deno.mkdir(join(dir, "tmp"), { recursive: true });
  await Deno.writeFile(path, new Uint8Array(bytes));
  const at = new Date(Date.now() - idleMs);
  await Deno.utime(path, at, at);
  return path;
}

const exists = (path: string) => Deno.stat(path).then(() => true, () => false);

itest("partial uploads: swept at start and hourly, bytes reported, live ones kept", async () => {
  const { platform } = await testApp();
  const root = await Deno.makeTempDir({ prefix: "parts-" });
  const s = new LocalStorage(root);
  useStorage(s);
  try {
    const crashed = await leftBehind(root, "a.part", 3_000_000, PARTIAL_IDLE_MS + 60_000);
    const older = await leftBehind(root, "b.part", 1_000, 7 * 86_400_000);
    const live = await leftBehind(root, "c.part", 500, 5_000);

    // The module's start-up hook sweeps.
    await documents.init!(platform);
    assert.equal(await exists(crashed), false, "a crashed upload's part is gone at start");
    assert.equal(await exists(older), false);
    assert.equal(await exists(live), true, "an upload still being written stays");

    // The hourly job, and the figures it reports.
    const again = await leftBehind(root, "d.part", 4_096, PARTIAL_IDLE_MS * 2);
    const job = documentsJobs.find((j) => j.name === "documents.partial-sweep");
    assert.ok(job?.schedule?.cron, "scheduled");
    assert.ok(!job.schedule.perTenant, "one sweep per installation, not per tenant");
    const swept = await s.sweepPartial(new Date(Date.now() - PARTIAL_IDLE_MS));
    assert.deepEqual(swept, { removed: 1, bytes: 4_096 });
    assert.equal(await exists(again), false);
    assert.equal(await exists(live), true);
  } finally {
    useStorage(null);
    await Deno.remove(root, { recursive: true });
  }
});
