/**
 * The applications pages: the list with the reader's level, an application with its sheet tabs
 * and sheet list (add, rename, move, delete), the access page (manage only) — in en and tr.
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant } from "../helpers.ts";

const API = "/api/analytics";

async function html(res: Response, status = 200) {
  const text = await res.text();
  assert.equal(res.status, status, text.slice(0, 500));
  return text;
}

async function sheetNames(who: { call: (m: string, p: string) => Promise<Response> }, id: string) {
  const res = await who.call("GET", `${API}/apps/${id}/sheets`);
  return (await res.json()).items.map((s: { name: string }) => s.name);
}

itest("apps pages: create an app and sheets, reorder, rename, delete, in en and tr", async () => {
  const t = await newTenant();
  const empty = await html(await browse("/analytics/apps", { who: t.owner }));
  assert.match(empty, /No applications yet/);
  assert.match(empty, /New application/);

  const created = await browse("/analytics/apps", {
    who: t.owner,
    form: { name: "Support desk", description: "Weekly numbers" },
  });
  assert.equal(created.status, 303);
  const at = created.headers.get("location")!;
  const id = at.split("/").pop()!;
  assert.match(at, /^\/analytics\/apps\/[0-9a-f-]{36}$/);

  const refused = await browse("/analytics/apps", { who: t.owner, form: { name: "" } });
  assert.equal(refused.status, 400);

  for (const name of ["Overview", "Details", "Trends"]) {
    const res = await browse(`${at}/sheets`, {
      who: t.owner,
      form: { name, refreshSeconds: name === "Trends" ? "60" : "0" },
    });
    assert.equal(res.status, 303);
  }
  assert.deepEqual(await sheetNames(t.owner, id), ["Overview", "Details", "Trends"]);
  const sheets = (await (await t.owner.call("GET", `${API}/apps/${id}/sheets`)).json()).items;
  assert.equal(sheets[2].refreshSeconds, 60);
  assert.equal(sheets[0].refreshSeconds, null);

  const app = await html(await browse(at, { who: t.owner }));
  assert.match(app, /<h1[^>]*>Support desk<\/h1>/);
  for (const s of sheets) assert.ok(app.includes(`href="${at}/sheets/${s.id}"`), s.name);
  assert.match(app, />1 min</);
  assert.match(app, /Move Overview right/);
  assert.doesNotMatch(app, /Move Overview left/);

  await browse(`${at}/sheets/${sheets[2].id}/move`, { who: t.owner, form: { dir: "left" } });
  assert.deepEqual(await sheetNames(t.owner, id), ["Overview", "Trends", "Details"]);
  await browse(`${at}/sheets/${sheets[0].id}/edit`, {
    who: t.owner,
    form: { name: "Summary", refreshSeconds: "300" },
  });
  assert.deepEqual(await sheetNames(t.owner, id), ["Summary", "Trends", "Details"]);
  await browse(`${at}/sheets/${sheets[1].id}/delete`, { who: t.owner, form: {} });
  assert.deepEqual(await sheetNames(t.owner, id), ["Summary", "Trends"]);

  const list = await html(await browse("/analytics/apps", { who: t.owner }));
  assert.match(list, /Support desk/);
  assert.match(list, /Can manage/);
  assert.match(list, /<dt>Sheets<\/dt><dd>2<\/dd>/);

  await browse("/language", { who: t.owner, form: { locale: "tr" } });
  const trList = await html(await browse("/analytics/apps", { who: t.owner }));
  assert.match(trList, /<html lang="tr">/);
  assert.match(trList, /Yönetebilir/);
  assert.match(trList, /<dt>Sayfalar<\/dt><dd>2<\/dd>/);
  const trApp = await html(await browse(at, { who: t.owner }));
  assert.match(trApp, /Yeni sayfa/);
  assert.match(trApp, /Summary sayfasını sola taşı|Trends sayfasını sola taşı/);

  const gone = await browse(`${at}/delete`, { who: t.owner, form: {} });
  assert.equal(gone.status, 303);
  await html(await browse(at, { who: t.owner }), 404);
});

itest("apps pages: no access is 404, view reads only, access page for managers", async () => {
  const t = await newTenant();
  const viewer = await t.member(["viewer"]);
  const editor = await t.member(["member"]);
  const app = await (await t.owner.call("POST", `${API}/apps`, { name: "Finance" })).json();
  await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Cash" });
  const at = `/analytics/apps/${app.id}`;

  const none = await html(await browse("/analytics/apps", { who: viewer }));
  assert.doesNotMatch(none, /Finance/);
  assert.match(none, /No application has been shared with you yet/);
  assert.doesNotMatch(none, /New application/);
  await html(await browse(at, { who: viewer }), 404);
  await html(await browse(`${at}/access`, { who: viewer }), 404);

  // The owner grants through the access page: the viewer by person, members by role.
  const grant = (principal: string, level: string) =>
    browse(`${at}/access`, { who: t.owner, form: { principal, level } });
  assert.equal((await grant(`u:${viewer.id}`, "view")).status, 303);
  assert.equal((await grant("r:member", "edit")).status, 303);
  assert.equal((await grant("r:nosuchrole", "edit")).status, 400);
  const access = await html(await browse(`${at}/access`, { who: t.owner }));
  assert.match(access, /Member viewer/);
  assert.match(access, /Can view/);
  assert.match(access, /Can edit/);
  assert.doesNotMatch(access, new RegExp(`>${viewer.id}<`), "no ids shown");

  const seen = await html(await browse(at, { who: viewer }));
  assert.match(seen, /Cash/);
  assert.doesNotMatch(seen, /New sheet/);
  assert.doesNotMatch(seen, /Edit application/);
  const denied = await browse(`${at}/sheets`, { who: viewer, form: { name: "Mine" } });
  assert.equal(denied.status, 403);
  assert.deepEqual(await sheetNames(t.owner, app.id), ["Cash"]);
  await html(await browse(`${at}/access`, { who: viewer }), 403);

  const edit = await html(await browse(at, { who: editor }));
  assert.match(edit, /New sheet/);
  assert.doesNotMatch(edit, /Edit application/);
  assert.equal(
    (await browse(`${at}/sheets`, { who: editor, form: { name: "Costs" } })).status,
    303,
  );
  assert.deepEqual(await sheetNames(t.owner, app.id), ["Cash", "Costs"]);

  // Removing the viewer's grant takes the app away from them again.
  const removed = await browse(`${at}/access/remove`, {
    who: t.owner,
    form: { principal: `u:${viewer.id}` },
  });
  assert.equal(removed.status, 303);
  await html(await browse(at, { who: viewer }), 404);

  const other = await newTenant();
  await html(await browse(at, { who: other.owner }), 404);
  const renamed = await browse(at, { who: other.owner, form: { name: "Taken" } });
  assert.equal(renamed.status, 404);
  const still = await (await t.owner.call("GET", `${API}/apps/${app.id}`)).json();
  assert.equal(still.name, "Finance");
});
