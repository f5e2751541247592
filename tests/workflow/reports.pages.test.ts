/**
 * Report pages: the catalog, a report's live view and CSV, the archive (snapshot from the page),
 * the studio (new, copy of a standard report, preview, save, edit, delete), in en and tr, and
 * who may open them.
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant, type TestTenant } from "../helpers.ts";
import { seedDefinition, seedInstance } from "./instances.fixtures.ts";

const API = "/api/workflow";

async function text(res: Response, status = 200) {
  const body = await res.text();
  assert.equal(res.status, status, body.slice(0, 500));
  return body;
}

async function seed(t: TestTenant) {
  const def = await seedDefinition(t, { name: "Purchase request" });
  await seedInstance(t, def, {
    state: "completed",
    startedAt: new Date(Date.now() - 3 * 3600_000),
    endedAt: new Date(),
  });
}

/** The studio's form for a report built from a standard source. */
const studioForm = (name: string, extra: Record<string, string | string[]> = {}) => ({
  name,
  description: "",
  schedule: "weekly",
  source: "standard:cycle-time",
  chartType: "bar",
  chartX: "definition",
  chartY: "avgHours",
  ...extra,
});

itest("report pages: catalog, live view with chart and table, CSV, in en and tr", async () => {
  const t = await newTenant();
  await seed(t);
  const catalog = await text(await browse("/workflow/reports", { who: t.owner }));
  assert.ok(catalog.includes("Cycle time per process"));
  assert.ok(catalog.includes("/workflow/admin/reports/new?from=task-sla"), "copy into studio");

  const view = await text(await browse("/workflow/reports/cycle-time", { who: t.owner }));
  assert.ok(view.includes("data-chart="), "an echarts chart");
  assert.ok(view.includes("Purchase request") && view.includes("Average hours"));
  assert.ok(view.includes("/workflow/reports/cycle-time/csv"));
  assert.doesNotMatch(view, /avgHours<|cycle-time</, "no codes in visible text");

  const trView = await text(
    await browse("/workflow/reports/cycle-time", {
      who: t.owner,
      headers: { "Accept-Language": "tr" },
    }),
  );
  assert.ok(trView.includes("Süreç başına çevrim süresi") && trView.includes("Ortalama saat"));
  const trCatalog = await text(
    await browse("/workflow/reports", { who: t.owner, headers: { "Accept-Language": "tr" } }),
  );
  assert.ok(trCatalog.includes("Rapor kataloğu") && trCatalog.includes("Standart"));

  const csv = await browse("/workflow/reports/cycle-time/csv", { who: t.owner });
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get("content-type") ?? "", /text\/csv/);
  assert.match(
    await csv.text(),
    /Process,Completed,Average hours,Median hours\r\nPurchase request,1,3,3/,
  );

  assert.equal((await browse("/workflow/reports/nope", { who: t.owner })).status, 404);
  const nobody = await t.member([]);
  assert.equal((await browse("/workflow/reports", { who: nobody })).status, 403);
  assert.equal((await browse("/workflow/reports/cycle-time", { who: nobody })).status, 403);
});

itest("report studio: copy, preview, save, view, archive, edit and delete", async () => {
  const t = await newTenant();
  const other = await newTenant();
  await seed(t);
  const copy = await text(
    await browse("/workflow/admin/reports/new?from=cycle-time", { who: t.owner }),
  );
  assert.ok(copy.includes('value="Cycle time per process (copy)"'));
  assert.ok(copy.includes('value="standard:cycle-time" selected'));
  assert.ok(copy.includes('hx-post="/workflow/admin/reports/preview"'));
  // The typed inputs suggest the tenant's models and the source's fields by their labels.
  await t.owner.call("POST", "/api/workflow/data-models", {
    key: "vendor",
    name: "Vendors of the studio",
    fields: [{ name: "city", label: "City of the vendor", type: "text" }],
  });
  const studio = await text(
    await browse("/workflow/admin/reports/new?source=records&model=vendor", { who: t.owner }),
  );
  assert.ok(studio.includes('<datalist id="report-models">'));
  assert.ok(studio.includes('label="Vendors of the studio"'), "models offered by name");
  const tasks = await text(
    await browse("/workflow/admin/reports/new?from=cycle-time", { who: other.owner }),
  );
  assert.ok(!tasks.includes("Vendors of the studio"), "another tenant's models stay out");

  const preview = await text(
    await browse("/workflow/admin/reports/preview", {
      who: t.owner,
      htmx: true,
      form: studioForm("Preview me"),
    }),
  );
  assert.ok(preview.includes("data-chart=") && preview.includes("Purchase request"));
  const badPreview = await text(
    await browse("/workflow/admin/reports/preview", {
      who: t.owner,
      htmx: true,
      form: studioForm("", { chartType: "radar" }),
    }),
  );
  assert.ok(badPreview.includes("The report is not complete; check: Chart."));
  // A report without a name yet previews all the same.
  const unnamed = await text(
    await browse("/workflow/admin/reports/preview", {
      who: t.owner,
      htmx: true,
      form: studioForm(""),
    }),
  );
  assert.ok(unnamed.includes("Purchase request") && !unnamed.includes("not complete"));

  const refused = await browse("/workflow/admin/reports", {
    who: t.owner,
    form: studioForm("", { roles: "no-such-role" }),
  });
  assert.equal(refused.status, 400);
  // The service's refusal reads in words: which part to fix, not a schema path.
  const noModel = await text(
    await browse("/workflow/admin/reports", {
      who: t.owner,
      form: studioForm("Records", { source: "records" }),
    }),
    400,
  );
  assert.ok(noModel.includes("check: Source") && !noModel.includes("source.model"));
  const saved = await browse("/workflow/admin/reports", {
    who: t.owner,
    form: studioForm("Cycle weekly", { roles: "agent" }),
  });
  assert.equal(saved.status, 303);
  const id = (saved.headers.get("location") ?? "").split("/").pop()!;
  const report = await (await t.owner.call("GET", `${API}/reports/${id}`)).json();
  assert.equal(report.name, "Cycle weekly");
  assert.equal(report.schedule, "weekly");
  assert.deepEqual(report.roles, ["agent"]);
  assert.deepEqual(report.chart, { type: "bar", x: "definition", y: ["avgHours"] });

  const view = await text(await browse(`/workflow/reports/${id}`, { who: t.owner }));
  assert.ok(view.includes("Cycle weekly") && view.includes("data-chart="));

  // Archive from the page: files in Documents, listed by date with downloads.
  const took = await browse(`/workflow/reports/${id}/archive`, { who: t.owner, form: {} });
  assert.equal(took.status, 303);
  const archive = await text(await browse(`/workflow/reports/${id}/archive`, { who: t.owner }));
  assert.match(archive, /\/api\/documents\/files\/[0-9a-f-]{36}\/download/);
  assert.ok(archive.includes("Archive now") && archive.includes("Weekly"));
  const trArchive = await text(
    await browse(`/workflow/reports/${id}/archive`, {
      who: t.owner,
      headers: { "Accept-Language": "tr" },
    }),
  );
  assert.ok(trArchive.includes("Şimdi arşivle") && trArchive.includes("Haftalık"));

  const edit = await text(await browse(`/workflow/admin/reports/${id}/edit`, { who: t.owner }));
  assert.ok(edit.includes('value="Cycle weekly"'));
  const changed = await browse(`/workflow/admin/reports/${id}`, {
    who: t.owner,
    form: studioForm("Cycle monthly", { schedule: "monthly", chartType: "pie" }),
  });
  assert.equal(changed.status, 303);
  const after = await (await t.owner.call("GET", `${API}/reports/${id}`)).json();
  assert.equal(after.name, "Cycle monthly");
  assert.equal(after.chart.type, "pie");

  // Another tenant cannot open, change or delete it.
  assert.equal((await browse(`/workflow/reports/${id}`, { who: other.owner })).status, 404);
  assert.equal(
    (await browse(`/workflow/admin/reports/${id}/edit`, { who: other.owner })).status,
    404,
  );
  assert.equal(
    (await browse(`/workflow/admin/reports/${id}/delete`, { who: other.owner, form: {} })).status,
    404,
  );
  // A reader cannot use the studio.
  const member = await t.member(["member"]);
  assert.equal((await browse("/workflow/admin/reports/new", { who: member })).status, 403);
  assert.equal(
    (await browse("/workflow/admin/reports", { who: member, form: studioForm("x") })).status,
    403,
  );
  assert.equal(
    (await browse(`/workflow/reports/${id}/archive`, { who: member, form: {} })).status,
    403,
  );

  const removed = await browse(`/workflow/admin/reports/${id}/delete`, { who: t.owner, form: {} });
  assert.equal(removed.status, 303);
  assert.equal((await t.owner.call("GET", `${API}/reports/${id}`)).status, 404);
});
