/**
 * The data pages: the admin list creates a model and its field editor adds, relabels and
 * removes fields; the records browser lists, searches, creates and edits records through the
 * generated form (stale edits refused), shows history before → after in people's words; who
 * may see and change what; another tenant's model is a 404.
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant } from "../helpers.ts";
import { seedModels } from "./data.fixtures.ts";

const API = "/api/workflow";
const ADMIN = "/workflow/admin/data-models";

const text = async (res: Response, status = 200) => {
  const body = await res.text();
  assert.equal(res.status, status, body.slice(0, 2000));
  return body;
};

/** No UUIDs, ISO timestamps or i18n keys in what people read (attributes aside). */
function assertReadable(html: string) {
  const visible = html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]*>/g, " ");
  assert.doesNotMatch(visible, /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);
  assert.doesNotMatch(visible, /\d{4}-\d\d-\d\dT\d\d:/);
  assert.doesNotMatch(visible, /workflow\.data\./);
}

itest("data pages: create a model and edit its fields", async () => {
  const t = await newTenant();
  const who = t.owner;
  assertReadable(await text(await browse(ADMIN, { who })));
  const created = await browse(ADMIN, {
    who,
    form: { key: "asset", name: "Asset", description: "Things we own" },
  });
  assert.equal(created.status, 303);
  assert.equal(created.headers.get("location"), `${ADMIN}/asset`);
  assert.equal((await browse(ADMIN, { who, form: { key: "Bad key", name: "X" } })).status, 400);

  const editor = await text(await browse(`${ADMIN}/asset`, { who }));
  assert.match(editor, /name="name_0"/);
  const save = (form: Record<string, string>) =>
    browse(`${ADMIN}/asset`, {
      who,
      form: { name: "Asset", description: "Things we own", rows: "3", ...form },
    });
  assert.equal(
    (await save({
      name_0: "tag",
      label_0: "Tag",
      type_0: "text",
      required_0: "on",
      name_1: "kind",
      label_1: "Kind",
      type_1: "enum",
      values_1: "laptop = Dizüstü\nphone",
    })).status,
    303,
  );
  let model = await (await who.call("GET", `${API}/data-models/asset`)).json();
  assert.deepEqual(model.fields.map((f: { name: string }) => f.name), ["tag", "kind"]);
  assert.deepEqual(model.fields[1].values, [
    { value: "laptop", label: "Dizüstü" },
    { value: "phone", label: "phone" },
  ]);
  assert.equal(model.titleField, "tag");

  // A bad row answers 400 with the field's label, not its name; nothing changes.
  const bad = await save({ name_0: "tag", label_0: "Tag", type_0: "enum", values_0: "" });
  assert.equal(bad.status, 400);
  assert.match(await bad.text(), /Field 1: A choice needs at least one value/);
  // Removing a field by its checkbox.
  assert.equal(
    (await save({
      rows: "5",
      name_0: "tag",
      label_0: "Asset tag",
      type_0: "text",
      name_1: "kind",
      type_1: "enum",
      values_1: "x",
      remove_1: "on",
    })).status,
    303,
  );
  model = await (await who.call("GET", `${API}/data-models/asset`)).json();
  assert.deepEqual(model.fields.map((f: { label: string }) => f.label), ["Asset tag"]);

  const list = await text(await browse(ADMIN, { who }));
  assert.match(list, /Things we own/);
  assertReadable(list);
  assert.equal((await browse(`${ADMIN}/asset/delete`, { who, form: {} })).status, 303);
  await text(await browse(`${ADMIN}/asset`, { who }), 404);
});

itest("data pages: browse, create, edit and read the history of records", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const who = t.owner;
  await seedModels(t);
  const acme = await (await who.call("POST", `${API}/data-models/customer/records`, {
    data: { name: "Acme" },
  })).json();

  const form = await text(await browse("/workflow/data/purchase_order", { who }));
  assert.match(form, /name="f_customer"/);
  assert.match(form, />Acme</, "the reference picker lists records by title");
  assert.match(form, />Owner</, "the user picker lists members by name");
  const created = await browse("/workflow/data/purchase_order", {
    who,
    form: {
      f_title: "Toner",
      f_amount: "12,5",
      f_status: "open",
      f_customer: acme.id,
      f_owner: who.id,
      f_due: "2026-12-01",
    },
  });
  assert.equal(created.status, 303);
  const path = created.headers.get("location")!;
  const id = path.split("/").pop()!;

  const missing = await browse("/workflow/data/purchase_order", { who, form: { f_amount: "x" } });
  assert.equal(missing.status, 400);
  const missingText = await missing.text();
  assert.match(missingText, /Title: Required/);
  assert.match(missingText, /Amount: Must be a number/);

  const detail = await text(await browse(path, { who }));
  assert.match(detail, /Toner/);
  assert.match(detail, /12\.5/);
  assert.match(detail, />Open</, "the enum's label");
  assert.match(detail, />Acme</);
  assertReadable(detail);

  const edit = (version: string, title: string) =>
    browse(path, {
      who,
      form: {
        version,
        f_title: title,
        f_amount: "12.5",
        f_status: "done",
        f_customer: acme.id,
        f_owner: who.id,
        f_due: "2026-12-01",
      },
    });
  assert.equal((await edit("1", "Toner cartridge")).status, 303);
  assert.equal((await edit("1", "Stale")).status, 409, "a stale form is refused");

  const search = await text(await browse("/workflow/data/purchase_order?q=CARTRIDGE", { who }));
  assert.match(search, /Toner cartridge/);
  const none = await text(await browse("/workflow/data/purchase_order?q=nothing", { who }));
  assert.match(none, /No record matches/);

  const history = await text(await browse(`${path}/history`, { who }));
  assert.match(history, /changed the record/);
  assert.match(history, /created the record/);
  assert.match(history, /Toner cartridge/);
  assert.match(history, />Done</);
  assertReadable(history);

  const tr = await text(
    await browse(`${path}/history`, { who, headers: { "Accept-Language": "tr" } }),
  );
  assert.match(tr, /kaydı değiştirdi/);

  // Readers browse without forms; people without the permission see nothing.
  const viewer = await t.member(["viewer"]);
  const seen = await text(await browse(path, { who: viewer }));
  assert.doesNotMatch(seen, /name="f_title"/);
  assert.equal(
    (await browse(path, { who: viewer, form: { version: "2", f_title: "X", f_amount: "1" } }))
      .status,
    403,
  );
  const nobody = await t.member([]);
  assert.equal((await browse("/workflow/data/purchase_order", { who: nobody })).status, 403);
  // Another tenant: the model and the record are not found.
  assert.equal((await browse(path, { who: other.owner })).status, 404);
  assert.equal((await browse(`${path}/delete`, { who: other.owner, form: {} })).status, 404);

  assert.equal((await browse(`${path}/delete`, { who, form: {} })).status, 303);
  assert.equal((await browse(path, { who })).status, 404);
  assert.equal(id.length, 36);
});
