/**
 * Tenant tables over HTTP: created by hand and from CSV/XLSX uploads (types inferred, bad files
 * 422 naming the row and column), columns changed, rows added/changed/deleted with type checks,
 * cursor paging; viewers refused, another tenant's ids not found and left unchanged.
 */
import assert from "node:assert/strict";
import { type Caller, itest, newTenant, problem, testApp } from "../helpers.ts";

const API = "/api/analytics";
const XLSX = new URL("./fixtures/sales.xlsx", import.meta.url);

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

export async function upload(who: Caller, name: string, body: BlobPart, fields = {}) {
  const { app } = await testApp();
  const form = new FormData();
  form.set("file", new File([body], name));
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  return await app.request(`${API}/app-tables/import`, {
    method: "POST",
    headers: { Authorization: `Bearer ${who.token}` },
    body: form,
  });
}

const CSV = `Region,Sales Total,Active,Opened On,Last Visit
İzmir,"1200,5",yes,2024-01-15,2024-01-15T10:00:00Z
Ankara,800,no,2024-02-01,
Bursa,42,true,2024-03-31,2024-04-01 09:30
`;

itest("tables: import CSV and XLSX with inferred types", async () => {
  const t = await newTenant();
  const csv = await json(await upload(t.owner, "sales.csv", CSV, { name: "Sales 2024" }), 201);
  assert.equal(csv.name, "Sales 2024");
  assert.equal(csv.rowCount, 3);
  assert.deepEqual(csv.columns.map((c: { name: string; type: string }) => `${c.name}:${c.type}`), [
    "region:text",
    "sales_total:number",
    "active:boolean",
    "opened_on:date",
    "last_visit:datetime",
  ]);
  assert.equal(csv.columns[1].label, "Sales Total", "labels kept");
  const rows = await json(await t.owner.call("GET", `${API}/app-tables/${csv.id}/rows`), 200);
  assert.deepEqual(rows.items[0].data, {
    region: "İzmir",
    sales_total: 1200.5,
    active: true,
    opened_on: "2024-01-15",
    last_visit: "2024-01-15T10:00:00.000Z",
  });
  assert.equal(rows.items[1].data.last_visit, null);

  const xlsx = await json(await upload(t.owner, "sales.xlsx", await Deno.readFile(XLSX)), 201);
  assert.equal(xlsx.name, "sales", "named after the file");
  assert.deepEqual(xlsx.columns.map((c: { name: string; type: string }) => `${c.name}:${c.type}`), [
    "region:text",
    "sales_total:number",
    "active:boolean",
    "opened_on:date",
  ]);
  const xrows = await json(await t.owner.call("GET", `${API}/app-tables/${xlsx.id}/rows`), 200);
  assert.deepEqual(xrows.items.map((r: { data: { sales_total: number } }) => r.data.sales_total), [
    1200.5,
    800,
    42,
  ]);

  const list = await json(await t.owner.call("GET", `${API}/app-tables`), 200);
  assert.deepEqual(list.items.map((x: { name: string }) => x.name), ["sales", "Sales 2024"]);
  // The same name again is a conflict.
  await problem(await upload(t.owner, "sales.csv", CSV, { name: "SALES 2024" }), 409);
});

itest("tables: bad files are 422 naming where, and store nothing", async () => {
  const t = await newTenant();
  const extra = await problem(await upload(t.owner, "x.csv", "a,b\n1,2\n3,4,5\n"), 422);
  assert.match(extra.detail, /row 3, column 3/);
  assert.equal(extra.errors[0].path, "row 3, column 3");
  const quote = await problem(await upload(t.owner, "x.csv", 'a,b\n1,"unclosed\n'), 422);
  assert.match(quote.detail, /Row \d/);
  await problem(await upload(t.owner, "x.csv", "only,a,header\n"), 422);
  await problem(await upload(t.owner, "x.csv", ""), 422);
  await problem(await upload(t.owner, "x.xlsx", "not a zip at all"), 422);
  await problem(await upload(t.owner, "x.pdf", "%PDF-1.4"), 422);
  await problem(await upload(t.owner, "x.csv", new Uint8Array([0x61, 0x0a, 0xff, 0xfe])), 422);
  const big = "a\n" + "1234567890\n".repeat(90_000);
  await problem(await upload(t.owner, "big.csv", big), 422);
  const { app } = await testApp();
  const noFile = await app.request(`${API}/app-tables/import`, {
    method: "POST",
    headers: { Authorization: `Bearer ${t.owner.token}` },
    body: new FormData(),
  });
  await problem(noFile, 400);
  const list = await json(await t.owner.call("GET", `${API}/app-tables`), 200);
  assert.deepEqual(list.items, []);
});

itest("tables: by hand, columns changed, rows CRUD with type checks and paging", async () => {
  const t = await newTenant();
  const created = await json(
    await t.owner.call("POST", `${API}/app-tables`, {
      name: "Targets",
      columns: [
        { label: "Team Name", type: "text" },
        { label: "Goal", type: "number" },
        { name: "due", label: "Due", type: "date" },
      ],
    }),
    201,
  );
  assert.deepEqual(created.columns.map((c: { name: string }) => c.name), [
    "team_name",
    "goal",
    "due",
  ]);
  const tid = created.id;
  const rowsApi = `${API}/app-tables/${tid}/rows`;
  const bad = await problem(
    await t.owner.call("POST", rowsApi, { data: { goal: "ten", due: "31/12/2024", nope: 1 } }),
    400,
  );
  assert.deepEqual(bad.errors.map((e: { path: string }) => e.path), [
    "data.goal",
    "data.due",
    "data.nope",
  ]);
  await problem(await t.owner.call("POST", `${API}/app-tables`, { name: "X", columns: [] }), 400);
  await problem(
    await t.owner.call("POST", `${API}/app-tables`, {
      name: "X",
      columns: [{ label: "A", type: "colour" }],
    }),
    400,
  );

  // NUL cannot be stored by PostgreSQL: a 400, never a 500.
  await problem(await t.owner.call("POST", rowsApi, { data: { team_name: "a\u0000b" } }), 400);
  await problem(
    await t.owner.call("POST", `${API}/app-tables`, {
      name: "Bad\u0000name",
      columns: [{ label: "A", type: "text" }],
    }),
    400,
  );

  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const row = await json(
      await t.owner.call("POST", rowsApi, { data: { team_name: `T${i}`, goal: i * 10 } }),
      201,
    );
    ids.push(row.id);
  }
  const page1 = await json(await t.owner.call("GET", `${rowsApi}?limit=2`), 200);
  assert.deepEqual(page1.items.map((r: { id: string }) => r.id), ids.slice(0, 2));
  const page2 = await json(
    await t.owner.call("GET", `${rowsApi}?limit=2&cursor=${page1.nextCursor}`),
    200,
  );
  assert.deepEqual(page2.items.map((r: { id: string }) => r.id), ids.slice(2, 4));
  await problem(await t.owner.call("GET", `${rowsApi}?cursor=forged`), 400);

  const patched = await json(
    await t.owner.call("PATCH", `${rowsApi}/${ids[0]}`, { data: { goal: 99, due: "2025-06-30" } }),
    200,
  );
  assert.deepEqual(patched.data, { team_name: "T0", goal: 99, due: "2025-06-30" });
  await problem(await t.owner.call("PATCH", `${rowsApi}/${ids[0]}`, { data: { goal: true } }), 400);
  assert.equal((await t.owner.call("DELETE", `${rowsApi}/${ids[4]}`)).status, 204);
  await problem(await t.owner.call("DELETE", `${rowsApi}/${ids[4]}`), 404);
  const table = await json(await t.owner.call("GET", `${API}/app-tables/${tid}`), 200);
  assert.equal(table.rowCount, 4);

  // Rename, drop "due", add "done", turn goal into text (values converted).
  const changed = await json(
    await t.owner.call("PATCH", `${API}/app-tables/${tid}`, {
      name: "Team targets",
      columns: [
        { name: "team_name", label: "Team", type: "text" },
        { name: "goal", label: "Goal", type: "text" },
        { label: "Done", type: "boolean" },
      ],
    }),
    200,
  );
  assert.equal(changed.name, "Team targets");
  assert.deepEqual(changed.columns.map((c: { name: string }) => c.name), [
    "team_name",
    "goal",
    "done",
  ]);
  const after = await json(await t.owner.call("GET", `${rowsApi}?limit=1`), 200);
  assert.deepEqual(after.items[0].data, { team_name: "T0", goal: "99" });
  // Team names cannot become numbers: refused, nothing changed.
  await problem(
    await t.owner.call("PATCH", `${API}/app-tables/${tid}`, {
      columns: [{ name: "team_name", label: "Team", type: "number" }],
    }),
    422,
  );
  const still = await json(await t.owner.call("GET", `${API}/app-tables/${tid}`), 200);
  assert.equal(still.columns.length, 3);

  assert.equal((await t.owner.call("DELETE", `${API}/app-tables/${tid}`)).status, 204);
  await problem(await t.owner.call("GET", `${API}/app-tables/${tid}`), 404);
  await problem(await t.owner.call("GET", rowsApi), 404);
});

itest("tables: permissions and another tenant", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const table = await json(await upload(t.owner, "sales.csv", CSV), 201);
  const rows = await json(await t.owner.call("GET", `${API}/app-tables/${table.id}/rows`), 200);
  const rowId = rows.items[0].id;

  // Staff roles read every module (so the tables) but only admins model data; a member
  // without any role reads nothing.
  for (const roles of [["viewer"], ["member"], ["agent"]]) {
    const who = await t.member(roles);
    await json(await who.call("GET", `${API}/app-tables/${table.id}/rows`), 200);
    await problem(await upload(who, "x.csv", CSV, { name: "Other" }), 403);
    await problem(await who.call("POST", `${API}/app-tables`, { name: "Y", columns: [] }), 403);
    await problem(await who.call("PATCH", `${API}/app-tables/${table.id}`, { name: "Z" }), 403);
    await problem(
      await who.call("POST", `${API}/app-tables/${table.id}/rows`, { data: { region: "X" } }),
      403,
    );
    await problem(await who.call("DELETE", `${API}/app-tables/${table.id}/rows/${rowId}`), 403);
    await problem(await who.call("DELETE", `${API}/app-tables/${table.id}`), 403);
  }
  const nobody = await t.member([]);
  await problem(await nobody.call("GET", `${API}/app-tables`), 403);
  await problem(await nobody.call("GET", `${API}/app-tables/${table.id}/rows`), 403);
  const admin = await t.member(["admin"]);
  await json(await admin.call("GET", `${API}/app-tables/${table.id}`), 200);

  const o = other.owner;
  assert.deepEqual((await json(await o.call("GET", `${API}/app-tables`), 200)).items, []);
  await problem(await o.call("GET", `${API}/app-tables/${table.id}`), 404);
  await problem(await o.call("GET", `${API}/app-tables/${table.id}/rows`), 404);
  await problem(await o.call("PATCH", `${API}/app-tables/${table.id}`, { name: "Mine" }), 404);
  await problem(
    await o.call("POST", `${API}/app-tables/${table.id}/rows`, { data: { region: "X" } }),
    404,
  );
  await problem(
    await o.call("PATCH", `${API}/app-tables/${table.id}/rows/${rowId}`, {
      data: { region: "X" },
    }),
    404,
  );
  await problem(await o.call("DELETE", `${API}/app-tables/${table.id}/rows/${rowId}`), 404);
  await problem(await o.call("DELETE", `${API}/app-tables/${table.id}`), 404);
  const mine = await json(await t.owner.call("GET", `${API}/app-tables/${table.id}`), 200);
  assert.equal(mine.name, "sales");
  assert.equal(mine.rowCount, 3);
  const again = await json(await t.owner.call("GET", `${API}/app-tables/${table.id}/rows`), 200);
  assert.deepEqual(again.items, rows.items, "rows unchanged");
});
