/**
 * Analytics applications and sheets through the API: per-application levels (view cannot edit,
 * no access is 404, manage grants), validation, permissions and tenants kept apart.
 */
import assert from "node:assert/strict";
import { itest, newTenant, problem, testApp } from "../helpers.ts";

const API = "/api/analytics";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

itest("apps: create, list, get, rename, delete; audited; members cannot create", async () => {
  const t = await newTenant();
  const app = await json(
    await t.owner.call("POST", `${API}/apps`, { name: "  Support KPIs ", description: "Weekly" }),
    201,
  );
  assert.equal(app.name, "Support KPIs");
  assert.equal(app.level, "manage");
  assert.equal(app.sheetCount, 0);
  assert.equal(app.createdByName, "Owner");

  const list = await json(await t.owner.call("GET", `${API}/apps`), 200);
  assert.deepEqual(list.items.map((a: { id: string }) => a.id), [app.id]);

  const renamed = await json(
    await t.owner.call("PATCH", `${API}/apps/${app.id}`, { name: "Support" }),
    200,
  );
  assert.equal(renamed.name, "Support");
  assert.equal(renamed.description, "Weekly");

  await problem(await t.owner.call("POST", `${API}/apps`, { name: "" }), 400);
  await problem(await t.owner.call("POST", `${API}/apps`, { name: "x".repeat(121) }), 400);
  await problem(await t.owner.call("PATCH", `${API}/apps/${app.id}`, { name: 5 }), 400);
  await problem(await t.owner.call("POST", `${API}/apps`, { name: "a\u0000b" }), 400);
  await problem(await t.owner.call("GET", `${API}/apps/not-a-uuid`), 404);
  await problem(await t.owner.call("GET", `${API}/apps/${crypto.randomUUID()}`), 404);

  const member = await t.member(["member"]);
  await problem(await member.call("POST", `${API}/apps`, { name: "Mine" }), 403);

  await json(await t.owner.call("DELETE", `${API}/apps/${app.id}`), 204);
  await problem(await t.owner.call("GET", `${API}/apps/${app.id}`), 404);
  assert.deepEqual((await json(await t.owner.call("GET", `${API}/apps`), 200)).items, []);

  const { platform } = await testApp();
  const audit = await platform.db.sql`select action from activity
    where tenant_id = ${t.id} and module = 'analytics' and entity_id = ${app.id}
    order by occurred_at, id`;
  assert.deepEqual(audit.map((r) => r.action), ["created", "updated", "deleted"]);
});

itest(
  "apps: per-application levels — none is 404, view reads, edit edits, manage grants",
  async () => {
    const t = await newTenant();
    const viewer = await t.member(["viewer"]);
    const editor = await t.member(["member"]);
    const agent = await t.member(["agent"]);
    const app = await json(await t.owner.call("POST", `${API}/apps`, { name: "Sales" }), 201);
    const other = await json(await t.owner.call("POST", `${API}/apps`, { name: "Secret" }), 201);
    const sheet = await json(
      await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Overview" }),
      201,
    );

    // No grant: the app does not exist for them, in the list or by id.
    assert.deepEqual((await json(await viewer.call("GET", `${API}/apps`), 200)).items, []);
    await problem(await viewer.call("GET", `${API}/apps/${app.id}`), 404);
    await problem(await viewer.call("GET", `${API}/apps/${app.id}/sheets`), 404);
    await problem(
      await viewer.call("PATCH", `${API}/apps/${app.id}/sheets/${sheet.id}`, { name: "X" }),
      404,
    );

    const granted = await json(
      await t.owner.call("PUT", `${API}/apps/${app.id}/access`, {
        grants: [
          { userId: viewer.id, level: "view" },
          { userId: editor.id, level: "edit" },
          { role: "agent", level: "manage" },
        ],
      }),
      200,
    );
    assert.equal(granted.grants.length, 3);
    assert.ok(granted.grants.some((g: { name: string }) => g.name === "Agent"));

    // view: reads, cannot change anything.
    const seen = await json(await viewer.call("GET", `${API}/apps`), 200);
    assert.deepEqual(seen.items.map((a: { id: string; level: string }) => [a.id, a.level]), [
      [app.id, "view"],
    ]);
    const sheets = await json(await viewer.call("GET", `${API}/apps/${app.id}/sheets`), 200);
    assert.equal(sheets.level, "view");
    assert.deepEqual(sheets.items.map((s: { name: string }) => s.name), ["Overview"]);
    await problem(
      await viewer.call("PATCH", `${API}/apps/${app.id}/sheets/${sheet.id}`, { name: "X" }),
      403,
    );
    await problem(await viewer.call("POST", `${API}/apps/${app.id}/sheets`, { name: "X" }), 403);
    await problem(await viewer.call("DELETE", `${API}/apps/${app.id}/sheets/${sheet.id}`), 403);
    await problem(await viewer.call("PATCH", `${API}/apps/${app.id}`, { name: "X" }), 403);
    await problem(await viewer.call("GET", `${API}/apps/${other.id}`), 404);

    // edit: changes sheets, cannot rename the app or see/grant access.
    const second = await json(
      await editor.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Details" }),
      201,
    );
    assert.equal(second.position, 1);
    await problem(await editor.call("PATCH", `${API}/apps/${app.id}`, { name: "X" }), 403);
    await problem(await editor.call("GET", `${API}/apps/${app.id}/access`), 403);
    await problem(
      await editor.call("PUT", `${API}/apps/${app.id}/access`, {
        grants: [{ userId: editor.id, level: "manage" }],
      }),
      403,
    );
    await problem(await editor.call("DELETE", `${API}/apps/${app.id}`), 403);

    // manage by role: may grant, and what it grants takes effect.
    const access = await json(await agent.call("GET", `${API}/apps/${app.id}/access`), 200);
    assert.equal(access.grants.length, 3);
    await json(
      await agent.call("PUT", `${API}/apps/${app.id}/access`, {
        grants: [{ userId: editor.id, level: "manage" }, { role: "agent", level: "manage" }],
      }),
      200,
    );
    await json(await editor.call("GET", `${API}/apps/${app.id}/access`), 200);
    await problem(await viewer.call("GET", `${API}/apps/${app.id}`), 404);

    // Grants checked: unknown user/role, both or neither, a level that does not exist, twice.
    const put = (grants: unknown) => agent.call("PUT", `${API}/apps/${app.id}/access`, { grants });
    await problem(await put([{ userId: crypto.randomUUID(), level: "view" }]), 400);
    await problem(await put([{ role: "nosuchrole", level: "view" }]), 400);
    await problem(await put([{ role: "member", userId: viewer.id, level: "view" }]), 400);
    await problem(await put([{ level: "view" }]), 400);
    await problem(await put([{ role: "member", level: "owner" }]), 400);
    await problem(
      await put([{ role: "member", level: "view" }, { role: "member", level: "edit" }]),
      400,
    );
    const after = await json(await agent.call("GET", `${API}/apps/${app.id}/access`), 200);
    assert.equal(after.grants.length, 2, "a refused change leaves the grants as they were");
  },
);

itest("sheets: create, rename, refresh and filters, reorder, delete", async () => {
  const t = await newTenant();
  const app = await json(await t.owner.call("POST", `${API}/apps`, { name: "Ops" }), 201);
  const add = async (name: string) =>
    await json(await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name }), 201);
  const a = await add("A");
  const b = await add("B");
  const c = await add("C");
  assert.deepEqual([a.position, b.position, c.position], [0, 1, 2]);
  assert.equal(a.refreshSeconds, null);
  assert.deepEqual(a.filters, []);

  const changed = await json(
    await t.owner.call("PATCH", `${API}/apps/${app.id}/sheets/${b.id}`, {
      name: "Bee",
      refreshSeconds: 30,
      filters: [{ field: "created_at", op: "between", value: ["2026-01-01", "2026-02-01"] }],
    }),
    200,
  );
  assert.equal(changed.name, "Bee");
  assert.equal(changed.refreshSeconds, 30);
  assert.equal(changed.filters[0].op, "between");
  const off = await json(
    await t.owner.call("PATCH", `${API}/apps/${app.id}/sheets/${b.id}`, { refreshSeconds: null }),
    200,
  );
  assert.equal(off.refreshSeconds, null);
  assert.equal(off.name, "Bee", "a partial change keeps the rest");
  assert.equal(off.filters.length, 1);

  const path = `${API}/apps/${app.id}/sheets`;
  await problem(await t.owner.call("PATCH", `${path}/${b.id}`, { refreshSeconds: 1 }), 400);
  await problem(await t.owner.call("PATCH", `${path}/${b.id}`, { filters: [{ op: "eq" }] }), 400);
  await problem(await t.owner.call("POST", path, { name: "  " }), 400);
  await problem(
    await t.owner.call("PATCH", `${path}/${b.id}`, {
      filters: [{ field: "x", op: "eq", value: "a\u0000" }],
    }),
    400,
  );

  const ordered = await json(
    await t.owner.call("PUT", `${path}/order`, { sheetIds: [c.id, a.id, b.id] }),
    200,
  );
  assert.deepEqual(ordered.items.map((s: { name: string }) => s.name), ["C", "A", "Bee"]);
  await problem(await t.owner.call("PUT", `${path}/order`, { sheetIds: [c.id, a.id] }), 400);
  await problem(
    await t.owner.call("PUT", `${path}/order`, { sheetIds: [c.id, a.id, a.id] }),
    400,
  );
  const again = await json(await t.owner.call("GET", path), 200);
  assert.deepEqual(again.items.map((s: { name: string }) => s.name), ["C", "A", "Bee"]);

  // A sheet of another app is not this app's.
  const app2 = await json(await t.owner.call("POST", `${API}/apps`, { name: "Two" }), 201);
  await problem(
    await t.owner.call("PATCH", `${API}/apps/${app2.id}/sheets/${a.id}`, { name: "X" }),
    404,
  );
  await problem(await t.owner.call("DELETE", `${API}/apps/${app2.id}/sheets/${a.id}`), 404);

  await json(await t.owner.call("DELETE", `${path}/${a.id}`), 204);
  const left = await json(await t.owner.call("GET", path), 200);
  assert.deepEqual(left.items.map((s: { name: string }) => s.name), ["C", "Bee"]);
  await problem(await t.owner.call("DELETE", `${path}/${a.id}`), 404);
});

itest("apps: another tenant sees nothing and changes nothing", async () => {
  const t1 = await newTenant();
  const t2 = await newTenant();
  const app = await json(await t1.owner.call("POST", `${API}/apps`, { name: "Private" }), 201);
  const sheet = await json(
    await t1.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "S" }),
    201,
  );
  assert.deepEqual((await json(await t2.owner.call("GET", `${API}/apps`), 200)).items, []);
  await problem(await t2.owner.call("GET", `${API}/apps/${app.id}`), 404);
  await problem(await t2.owner.call("PATCH", `${API}/apps/${app.id}`, { name: "Mine" }), 404);
  await problem(await t2.owner.call("DELETE", `${API}/apps/${app.id}`), 404);
  await problem(await t2.owner.call("GET", `${API}/apps/${app.id}/access`), 404);
  await problem(
    await t2.owner.call("PUT", `${API}/apps/${app.id}/access`, { grants: [] }),
    404,
  );
  await problem(await t2.owner.call("GET", `${API}/apps/${app.id}/sheets`), 404);
  await problem(
    await t2.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "X" }),
    404,
  );
  await problem(
    await t2.owner.call("PATCH", `${API}/apps/${app.id}/sheets/${sheet.id}`, { name: "X" }),
    404,
  );
  await problem(
    await t2.owner.call("PUT", `${API}/apps/${app.id}/sheets/order`, { sheetIds: [sheet.id] }),
    404,
  );
  await problem(await t2.owner.call("DELETE", `${API}/apps/${app.id}/sheets/${sheet.id}`), 404);
  // A user of tenant 2 cannot be granted on tenant 1's app either.
  await problem(
    await t1.owner.call("PUT", `${API}/apps/${app.id}/access`, {
      grants: [{ userId: t2.owner.id, level: "view" }],
    }),
    400,
  );

  const still = await json(await t1.owner.call("GET", `${API}/apps/${app.id}`), 200);
  assert.equal(still.name, "Private");
  const sheets = await json(await t1.owner.call("GET", `${API}/apps/${app.id}/sheets`), 200);
  assert.deepEqual(sheets.items.map((s: { name: string }) => s.name), ["S"]);
});
