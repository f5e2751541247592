/**
 * The data query pages: the list, the builder (fields of the chosen model as labelled choices),
 * saving through the form, the htmx "Run" preview with values as people read them, refusals
 * shown inline, deleting, and who may open them.
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant } from "../helpers.ts";

const API = "/api/workflow";
const ADMIN = "/workflow/admin/data-queries";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

const form = (extra: Record<string, string | string[]>) => ({
  source: "records",
  model: "ticket_log",
  name: "Urgent log",
  description: "",
  filterField: ["urgent", "", "", ""],
  filterOp: ["eq", "eq", "eq", "eq"],
  filterValue: ["{onlyUrgent}", "", "", ""],
  paramName: ["onlyUrgent", "", ""],
  paramLabel: ["Only urgent", "", ""],
  paramType: ["boolean", "text", "text"],
  paramRequired: ["no", "no", "no"],
  paramDefault: ["true", "", ""],
  paramTest: ["", "", ""],
  columns: ["title", "state", "logged", "createdBy"],
  groupField: ["", ""],
  groupBucket: ["", ""],
  aggFn: ["", "", ""],
  aggField: ["", "", ""],
  aggAs: ["", "", ""],
  sortField: "title",
  sortDir: "asc",
  limit: "",
  ...extra,
});

itest("data query pages: build, save, run, refuse, delete", async () => {
  const t = await newTenant();
  await json(
    await t.owner.call("POST", `${API}/data-models`, {
      key: "ticket_log",
      name: "Ticket log",
      fields: [
        { name: "title", label: "Subject line", type: "text", required: true },
        { name: "urgent", label: "Is urgent", type: "boolean" },
        { name: "logged", label: "Logged on", type: "date" },
        {
          name: "state",
          label: "Log state",
          type: "enum",
          values: [{ value: "new", label: "Brand new" }, { value: "old", label: "Archived" }],
        },
      ],
    }),
    201,
  );
  for (
    const data of [
      { title: "Printer down", urgent: true, logged: "2026-03-04", state: "new" },
      { title: "Mouse", urgent: false, logged: "2026-03-05", state: "old" },
    ]
  ) {
    await json(await t.owner.call("POST", `${API}/data-models/ticket_log/records`, { data }), 201);
  }

  const empty = await (await browse(ADMIN, { who: t.owner })).text();
  assert.ok(empty.includes("No data queries yet."));
  const builder = await browse(`${ADMIN}/new?source=records&model=ticket_log`, { who: t.owner });
  assert.equal(builder.status, 200);
  const builderHtml = await builder.text();
  for (const label of ["Subject line", "Is urgent", "Logged on", "Created by"]) {
    assert.ok(builderHtml.includes(label), label);
  }

  // Run the unsaved definition: labels and formatted values, never codes or ISO text.
  const preview = await browse(`${ADMIN}/preview`, { who: t.owner, form: form({}), htmx: true });
  assert.equal(preview.status, 200);
  const table = await preview.text();
  assert.ok(table.includes("Printer down") && table.includes("Brand new"), table);
  assert.ok(!table.includes("Mouse"), "the default parameter value filters");
  assert.ok(!table.includes("2026-03-04<") && !table.includes(">new<"));
  assert.ok(table.includes("Mar"), "the date is formatted");
  assert.ok(!/[0-9a-f]{8}-[0-9a-f]{4}-/.test(table), "people, not their ids");
  assert.ok(!table.includes("Unknown person"), "the creator is named");
  const all = await (await browse(`${ADMIN}/preview`, {
    who: t.owner,
    form: form({ paramTest: ["false", "", ""] }),
  })).text();
  assert.ok(all.includes("Mouse") && !all.includes("Printer down"));
  const refusedRun = await (await browse(`${ADMIN}/preview`, {
    who: t.owner,
    form: form({ filterOp: ["contains", "eq", "eq", "eq"] }),
  })).text();
  assert.ok(refusedRun.includes("does not apply to Is urgent"), refusedRun);

  // Saving: bad key refused inline (400), a bad definition refused inline (422), then saved.
  const badKey = await browse(ADMIN, { who: t.owner, form: form({ key: "Bad Key" }) });
  assert.equal(badKey.status, 400);
  const badDef = await browse(ADMIN, {
    who: t.owner,
    form: form({ key: "urgent_log", filterValue: ["{nobody}", "", "", ""] }),
  });
  assert.equal(badDef.status, 422);
  assert.ok((await badDef.text()).includes("Unknown parameter nobody"));
  const saved = await browse(ADMIN, { who: t.owner, form: form({ key: "urgent_log" }) });
  assert.equal(saved.status, 303);
  assert.equal(saved.headers.get("location"), `${ADMIN}/urgent_log`);
  const q = await json(await t.owner.call("GET", `${API}/data-queries/urgent_log`), 200);
  assert.deepEqual(q.definition.filters, [{ field: "urgent", op: "eq", value: "{onlyUrgent}" }]);
  assert.deepEqual(q.params, [{
    name: "onlyUrgent",
    label: "Only urgent",
    type: "boolean",
    required: false,
    default: "true",
  }]);
  const run = await json(
    await t.owner.call("POST", `${API}/data-queries/urgent_log/run`, {}),
    200,
  );
  assert.deepEqual(run.rows.map((r: { title: string }) => r.title), ["Printer down"]);

  const edit = await (await browse(`${ADMIN}/urgent_log`, { who: t.owner })).text();
  assert.ok(edit.includes("Urgent log") && edit.includes("{onlyUrgent}"));
  const changed = await browse(`${ADMIN}/urgent_log`, {
    who: t.owner,
    form: form({ name: "Urgent tickets" }),
  });
  assert.equal(changed.status, 303);
  const list = await (await browse(ADMIN, { who: t.owner })).text();
  assert.ok(list.includes("Urgent tickets") && list.includes("Records: Ticket log"));

  // Viewers run queries but do not open the admin pages; nobody does neither.
  const viewer = await t.member(["viewer"]);
  assert.equal((await browse(ADMIN, { who: viewer })).status, 403);
  assert.equal((await browse(`${ADMIN}/urgent_log`, { who: viewer })).status, 403);
  assert.equal((await browse(ADMIN, { who: viewer, form: form({ key: "v" }) })).status, 403);
  assert.equal((await browse(`${ADMIN}/preview`, { who: viewer, form: form({}) })).status, 200);
  const nobody = await t.member([]);
  assert.equal((await browse(`${ADMIN}/preview`, { who: nobody, form: form({}) })).status, 403);

  // Another tenant cannot open or delete it.
  const other = await newTenant();
  assert.equal((await browse(`${ADMIN}/urgent_log`, { who: other.owner })).status, 404);
  assert.equal(
    (await browse(`${ADMIN}/urgent_log/delete`, { who: other.owner, form: {} })).status,
    404,
  );
  assert.equal(
    (await browse(`${ADMIN}/urgent_log/delete`, { who: t.owner, form: {} })).status,
    303,
  );
  await json(await t.owner.call("GET", `${API}/data-queries`), 200).then((l) =>
    assert.deepEqual(l.items, [])
  );
});
