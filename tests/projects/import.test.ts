import assert from "node:assert/strict";
import { itest, newTenant, problem, testApp } from "../helpers.ts";
import { addMember, flow, json, newProject } from "./fixtures.ts";

const url = (id: string) => `/api/projects/projects/${id}/import`;

itest("import: plain CSV with ; and BOM, preview then commit writes every row", async () => {
  const t = await newTenant();
  const m = await t.member(["member"], `ayse-${crypto.randomUUID().slice(0, 6)}@example.com`);
  const p = await newProject(t.owner);
  await addMember(t.owner, p.id, m.id, "member");
  const csv = "\uFEFFBaşlık;Durum;Öncelik;Sorumlu;Etiketler;Bitiş tarihi;Tahmin\n" +
    `Birinci;Yapılacak;Yüksek;${m.email};api, ux;12.03.2031;2,5\n` +
    "İkinci;In progress;Low;;;2031-04-01;\n" +
    '"Üçüncü; tırnaklı";Done;Kritik;;;;\n';
  const preview = await json(await m.call("POST", url(p.id), { mode: "preview", csv }), 200);
  assert.equal(preview.delimiter, ";");
  assert.equal(preview.total, 3);
  assert.equal(preview.valid, 3, JSON.stringify(preview.errors));
  assert.equal(preview.mapping["Başlık"], "title");
  assert.equal(preview.rows[0].priority, "yuksek");
  assert.equal(preview.rows[0].dueDate, "2031-03-12");
  assert.equal(preview.rows[0].estimate, 2.5);
  assert.deepEqual(preview.rows[0].assigneeIds, [m.id]);
  assert.equal(preview.rows[2].title, "Üçüncü; tırnaklı");
  let list = await json(await m.call("GET", `/api/projects/tasks?projectId=${p.id}`), 200);
  assert.equal(list.items.length, 0, "preview writes nothing");
  const done = await json(await m.call("POST", url(p.id), { mode: "commit", csv }), 200);
  assert.equal(done.created, 3);
  list = await json(
    await m.call("GET", `/api/projects/tasks?projectId=${p.id}&sort=priority`),
    200,
  );
  assert.equal(list.items.length, 3);
  assert.equal(list.items[0].priority, "kritik");
  assert.equal(list.items[0].statusCategory, "done");

  // Multipart upload.
  const form = new FormData();
  form.set("mode", "preview");
  form.set("file", new File(["Title\nFrom a file\n"], "t.csv", { type: "text/csv" }));
  const { app } = await testApp();
  const res = await app.request(url(p.id), {
    method: "POST",
    body: form,
    headers: { Authorization: `Bearer ${m.token}` },
  });
  const up = await json(res, 200);
  assert.equal(up.rows[0].title, "From a file");
});

itest(
  "import: a Jira export with repeated Labels, estimate seconds, parents, status map",
  async () => {
    const t = await newTenant();
    const p = await newProject(t.owner);
    const { items: statuses } = await flow(t.owner, p.id);
    const doneStatus = statuses.find((s: { category: string }) => s.category === "done");
    const csv = [
      "Summary,Issue key,Issue id,Parent id,Issue Type,Status,Priority,Assignee,Reporter,Created," +
      "Due date,Labels,Labels,Labels,Original Estimate,Sprint,Description",
      "Epic work,PRJ-1,10001,,Epic,Closed,Highest,,Jane,12/Mar/24 10:30 AM,20/Mar/31 12:00 AM," +
      'backend,api,,7200,Sprint 1,"Line one\nline two"',
      "Child work,PRJ-2,10002,10001,Story,To Do,Medium,,Jane,12/Mar/24 10:30 AM,,frontend,,,1800,,",
    ].join("\n");
    const preview = await json(
      await t.owner.call("POST", url(p.id), { mode: "preview", csv }),
      200,
    );
    assert.equal(preview.mapping["Summary"], "title");
    assert.equal(preview.mapping["Original Estimate"], "estimateSeconds");
    assert.equal(preview.mapping["Sprint"], "ignore");
    assert.deepEqual(preview.statusValues, ["Closed"]);
    const err = preview.errors.find((e: { row: number }) => e.row === 2);
    assert.equal(err.field, "status");
    assert.match(err.message, /Row 2.*Closed/);
    // Refused commit writes nothing.
    const refused = await problem(
      await t.owner.call("POST", url(p.id), { mode: "commit", csv }),
      422,
    );
    assert.equal(refused.errors[0].path, "rows.2.status");
    let list = await json(await t.owner.call("GET", `/api/projects/tasks?projectId=${p.id}`), 200);
    assert.equal(list.items.length, 0);
    // Mapping "Closed" to the done status lets it through.
    const done = await json(
      await t.owner.call("POST", url(p.id), {
        mode: "commit",
        csv,
        statusMap: { Closed: doneStatus.id },
      }),
      200,
    );
    assert.equal(done.created, 2);
    list = await json(await t.owner.call("GET", `/api/projects/tasks?projectId=${p.id}`), 200);
    const epic = list.items.find((x: { title: string }) => x.title === "Epic work");
    const child = list.items.find((x: { title: string }) => x.title === "Child work");
    assert.deepEqual(epic.labels, ["backend", "api"]);
    assert.equal(epic.estimate, 2);
    assert.equal(epic.priority, "kritik");
    assert.equal(epic.dueDate, "2031-03-20");
    assert.equal(epic.statusCategory, "done");
    assert.equal(child.parentId, epic.id);
    assert.equal(child.estimate, 0.5);
  },
);

itest(
  "import: per-row errors, skip rows with errors, limits, 403 and other tenant 404",
  async () => {
    const a = await newTenant();
    const b = await newTenant();
    const viewer = await a.member(["member"]);
    const p = await newProject(a.owner);
    await addMember(a.owner, p.id, viewer.id, "viewer");
    const csv = "Title,Due date,Assignee,Priority\n" +
      "Good,2031-01-01,,\n" +
      "Bad date,31/31/2031,,\n" +
      "Nobody,,ghost@example.com,\n" +
      ",,,\n" +
      " ,2031-01-01,,\n" +
      "Odd,,,Whenever\n";
    const preview = await json(
      await a.owner.call("POST", url(p.id), { mode: "preview", csv }),
      200,
    );
    assert.equal(preview.valid, 1);
    const where = preview.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`);
    assert.deepEqual(where, ["3:dueDate", "4:assignee", "6:title", "7:priority"]);
    const skipped = await json(
      await a.owner.call("POST", url(p.id), { mode: "commit", csv, skipErrors: true }),
      200,
    );
    assert.equal(skipped.created, 1);
    assert.equal(skipped.skipped, 4);

    // Validation: no mode 400, a title mapping missing 422, 5,001 rows 422.
    await problem(await a.owner.call("POST", url(p.id), { csv }), 400);
    await problem(
      await a.owner.call("POST", url(p.id), { mode: "preview", csv, mapping: { Title: "ignore" } }),
      422,
    );
    const big = "Title\n" + Array.from({ length: 5001 }, (_, i) => `T${i}`).join("\n");
    const tooMany = await problem(
      await a.owner.call("POST", url(p.id), { mode: "preview", csv: big }),
      422,
    );
    assert.match(tooMany.detail, /5001 rows/);
    // Viewer 403; another tenant's project 404 and nothing written.
    await problem(await viewer.call("POST", url(p.id), { mode: "commit", csv: "Title\nV\n" }), 403);
    await problem(
      await b.owner.call("POST", url(p.id), { mode: "commit", csv: "Title\nX\n" }),
      404,
    );
    const list = await json(
      await a.owner.call("GET", `/api/projects/tasks?projectId=${p.id}`),
      200,
    );
    assert.deepEqual(list.items.map((x: { title: string }) => x.title), ["Good"]);
  },
);
