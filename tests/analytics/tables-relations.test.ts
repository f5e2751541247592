/** Relations between tables and datasets: fields checked, permissions, tenants kept apart. */
import assert from "node:assert/strict";
import { itest, newTenant, problem } from "../helpers.ts";
import { datasetCatalog } from "../../modules/analytics/query/query.datasets.lib.ts";

const API = "/api/analytics";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

itest("relations: create over table columns, list, delete; fields must exist", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const mk = async (name: string, columns: { label: string; type: string }[]) =>
    (await json(await t.owner.call("POST", `${API}/app-tables`, { name, columns }), 201)).id;
  const regions = await mk("Regions", [{ label: "Code", type: "text" }, {
    label: "Name",
    type: "text",
  }]);
  const sales = await mk("Sales", [{ label: "Region Code", type: "text" }, {
    label: "Amount",
    type: "number",
  }]);
  const body = (leftField: string, rightField: string, right = regions) => ({
    left: { source: { kind: "table", id: sales }, field: leftField },
    right: { source: { kind: "table", id: right }, field: rightField },
  });

  const rel = await json(
    await t.owner.call("POST", `${API}/app-relations`, body("region_code", "code")),
    201,
  );
  assert.equal(rel.name, "Sales › Region Code = Regions › Code");
  const bad = await problem(
    await t.owner.call("POST", `${API}/app-relations`, body("nope", "code")),
    400,
  );
  assert.deepEqual(bad.errors.map((e: { path: string }) => e.path), ["body.left.field"]);
  const missing = await problem(
    await t.owner.call(
      "POST",
      `${API}/app-relations`,
      body("region_code", "code", crypto.randomUUID()),
    ),
    400,
  );
  assert.equal(missing.errors[0].path, "body.right.source");
  await problem(
    await t.owner.call("POST", `${API}/app-relations`, {
      left: { source: { kind: "dataset", name: "no_such_dataset" }, field: "id" },
      right: { source: { kind: "table", id: regions }, field: "code" },
    }),
    400,
  );
  await problem(await t.owner.call("POST", `${API}/app-relations`, { left: {}, right: {} }), 400);
  // A dataset the catalog lists (once the query door has them) joins like a table.
  const dataset = datasetCatalog()[0];
  if (dataset) {
    await json(
      await t.owner.call("POST", `${API}/app-relations`, {
        left: { source: { kind: "dataset", name: dataset.name }, field: dataset.fields[0].name },
        right: { source: { kind: "table", id: regions }, field: "code" },
      }),
      201,
    );
  }

  // Another tenant: sees none, cannot use our table, cannot delete our relation.
  assert.deepEqual(
    (await json(await other.owner.call("GET", `${API}/app-relations`), 200)).items,
    [],
  );
  await problem(
    await other.owner.call("POST", `${API}/app-relations`, body("region_code", "code")),
    400,
  );
  await problem(await other.owner.call("DELETE", `${API}/app-relations/${rel.id}`), 404);
  const viewer = await t.member(["viewer"]);
  const seen = await json(await viewer.call("GET", `${API}/app-relations`), 200);
  assert.ok(seen.items.some((r: { id: string }) => r.id === rel.id));
  await problem(
    await viewer.call("POST", `${API}/app-relations`, body("region_code", "code")),
    403,
  );
  await problem(await viewer.call("DELETE", `${API}/app-relations/${rel.id}`), 403);
  await problem(await (await t.member([])).call("GET", `${API}/app-relations`), 403);

  assert.equal((await t.owner.call("DELETE", `${API}/app-relations/${rel.id}`)).status, 204);
  await problem(await t.owner.call("DELETE", `${API}/app-relations/${rel.id}`), 404);

  // Deleting a table removes the relations over it.
  const again = await json(
    await t.owner.call("POST", `${API}/app-relations`, body("region_code", "code")),
    201,
  );
  assert.equal((await t.owner.call("DELETE", `${API}/app-tables/${regions}`)).status, 204);
  const left = await json(await t.owner.call("GET", `${API}/app-relations`), 200);
  assert.ok(!left.items.some((r: { id: string }) => r.id === again.id));
});
