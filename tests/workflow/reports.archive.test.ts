/**
 * The report archive: snapshots land in Documents (CSV and SVG chart) in the right tenant, and
 * the scheduled archive takes one snapshot per period even when run twice at once.
 */
import assert from "node:assert/strict";
import { withScope } from "../../shared/db/scope.ts";
import { itest, newTenant, problem, testApp, type TestTenant } from "../helpers.ts";
import { inTenant, seedDefinition, seedInstance } from "./instances.fixtures.ts";
import {
  archiveDueReports,
  reportArchiveJob,
} from "../../modules/workflow/reports/reports.archive.service.ts";
import { tenantsWithDueReports } from "../../modules/workflow/reports/reports.repo.ts";
import { asWorker } from "../../shared/jobs/dispatcher.ts";

const API = "/api/workflow";
const HOUR = 3600_000;

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

/** A definition with two completed instances (2 h and 4 h) and one still running. */
async function seedProcesses(t: TestTenant) {
  const def = await seedDefinition(t, { name: "Purchase request" });
  const now = Date.now();
  for (const hours of [2, 4]) {
    await seedInstance(t, def, {
      state: "completed",
      startedAt: new Date(now - hours * HOUR - 60_000),
      endedAt: new Date(now - 60_000),
    });
  }
  const open = await seedInstance(t, def);
  return { def, open };
}

const report = (over: Record<string, unknown> = {}) => ({
  name: "Cycle times",
  description: "Saved copy",
  source: { kind: "standard", key: "cycle-time" },
  chart: { type: "bar", x: "definition", y: ["avgHours"] },
  ...over,
});

itest("reports: a snapshot lands in Documents with the right tenant", async () => {
  const { platform } = await testApp();
  const t = await newTenant();
  const other = await newTenant();
  await seedProcesses(t);
  const r = await json(await t.owner.call("POST", `${API}/reports`, report()), 201);
  const snap = await json(await t.owner.call("POST", `${API}/reports/${r.id}/snapshots`), 201);
  assert.equal(snap.reportId, r.id);
  assert.equal(snap.rowCount, 1);
  assert.equal(snap.takenBy, t.owner.id);
  assert.ok(snap.csvFileId && snap.chartFileId);

  const csvFile = await json(
    await t.owner.call("GET", `/api/documents/files/${snap.csvFileId}`),
    200,
  );
  assert.match(csvFile.name, /^Cycle times \d{4}-\d\d-\d\d \d\d\.\d\d\.\d\d\.csv$/);
  assert.deepEqual(csvFile.path.map((p: { name: string }) => p.name), [
    "Report archive",
    "Cycle times",
  ]);
  const csv = await (await t.owner.call("GET", `/api/documents/files/${snap.csvFileId}/download`))
    .text();
  assert.match(csv, /Process,Completed,Average hours,Median hours\r\nPurchase request,2,3,3\r\n/);
  const svg = await t.owner.call("GET", `/api/documents/files/${snap.chartFileId}/download`);
  assert.equal(svg.status, 200);
  const drawing = await svg.text();
  assert.match(drawing, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  // The chart names its report and draws the process's bar.
  assert.ok(drawing.includes("Cycle times ·") && drawing.includes("Purchase request"));

  // The files belong to this tenant and no other.
  const owners = await platform.db.sql<{ tenantId: string }[]>`
    select tenant_id from doc_files where id in (${snap.csvFileId}, ${snap.chartFileId})`;
  assert.deepEqual(owners.map((o) => o.tenantId), [t.id, t.id]);
  await problem(await other.owner.call("GET", `/api/documents/files/${snap.csvFileId}`), 404);

  // A second snapshot gets its own files; the archive lists the newest first.
  const again = await json(await t.owner.call("POST", `${API}/reports/${r.id}/snapshots`), 201);
  assert.notEqual(again.csvFileId, snap.csvFileId);
  const list = await json(await t.owner.call("GET", `${API}/reports/${r.id}/snapshots`), 200);
  assert.deepEqual(list.items.map((s: { id: string }) => s.id), [again.id, snap.id]);

  // A table-only report archives its CSV and no chart.
  const table = await json(
    await t.owner.call(
      "POST",
      `${API}/reports`,
      report({ name: "Table", chart: { type: "table" } }),
    ),
    201,
  );
  const plain = await json(await t.owner.call("POST", `${API}/reports/${table.id}/snapshots`), 201);
  assert.equal(plain.chartFileId, null);
});

itest("reports: the scheduled archive snapshots a due report once per period", async () => {
  const { platform } = await testApp();
  const t = await newTenant();
  await seedProcesses(t);
  const r = await json(
    await t.owner.call("POST", `${API}/reports`, report({ name: "Daily", schedule: "daily" })),
    201,
  );
  const notDue = await json(
    await t.owner.call("POST", `${API}/reports`, report({ name: "Later", schedule: "monthly" })),
    201,
  );
  assert.equal(reportArchiveJob.schedule?.tenantsWithWork, tenantsWithDueReports);
  const sweep = () => asWorker(platform.db.sql, (tx) => tenantsWithDueReports(tx, new Date()));
  assert.ok(!(await sweep()).includes(t.id), "no report due: no job for the workspace");
  await inTenant(t, (tx) =>
    tx`update workflow_reports set next_run_at = now() - interval '1 minute'
      where id = ${r.id}`);
  assert.ok((await sweep()).includes(t.id), "a report due: the sweep finds the workspace");
  const scoped = <T>(fn: (sql: never) => Promise<T>) =>
    withScope(platform.db.sql, { tenantId: t.id }, fn as never) as Promise<T>;
  // Two instances run the job for the same occurrence at once.
  const taken = await Promise.all([
    archiveDueReports(scoped, platform.bus),
    archiveDueReports(scoped, platform.bus),
  ]);
  assert.equal(taken[0] + taken[1], 1);
  assert.equal(await archiveDueReports(scoped, platform.bus), 0);
  assert.ok(!(await sweep()).includes(t.id), "archived: not due until its next period");

  const snaps = await json(await t.owner.call("GET", `${API}/reports/${r.id}/snapshots`), 200);
  assert.equal(snaps.items.length, 1);
  assert.equal(snaps.items[0].takenBy, null);
  const file = await json(
    await t.owner.call("GET", `/api/documents/files/${snaps.items[0].csvFileId}`),
    200,
  );
  assert.deepEqual(file.path.map((p: { name: string }) => p.name), ["Report archive", "Daily"]);
  const after = await json(await t.owner.call("GET", `${API}/reports/${r.id}`), 200);
  const next = new Date(after.nextRunAt);
  assert.ok(next.getTime() > Date.now() && next.getTime() <= Date.now() + 24 * HOUR);
  const later = await json(await t.owner.call("GET", `${API}/reports/${notDue.id}/snapshots`), 200);
  assert.deepEqual(later.items, []);
});
