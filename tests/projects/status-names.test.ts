/**
 * Default project statuses: named in the creator's language with the right letters, and read
 * in each reader's language (also the unaccented names older projects got).
 */
import assert from "node:assert/strict";
import {
  defaultFlow,
  defaultStatusKey,
  flowDisplayNames,
  statusDisplayName,
} from "../../modules/projects/statuses/statuses.rules.ts";
import { browse, itest, newTenant } from "../helpers.ts";
import { flow, json, newTask } from "./fixtures.ts";

const EN = { todo: "To do", doing: "In progress", done: "Done" };
const TR = { todo: "Yapılacak", doing: "Devam Ediyor", done: "Tamamlandı" };

Deno.test("status names: every spelling of a default stands for it, others are names", () => {
  for (const name of ["To do", "Yapılacak", "Yapilacak", " yapılacak ", "TO DO"]) {
    assert.equal(defaultStatusKey(name), "todo", name);
  }
  assert.equal(defaultStatusKey("Devam Ediyor"), "doing");
  assert.equal(defaultStatusKey("Tamamlandi"), "done");
  assert.equal(defaultStatusKey("Tamamlandı"), "done");
  assert.equal(defaultStatusKey("Review"), null);
  assert.deepEqual(defaultFlow((k) => TR[k]), [
    { name: "Yapılacak", category: "open" },
    { name: "Devam Ediyor", category: "open" },
    { name: "Tamamlandı", category: "done" },
  ]);
  assert.equal(statusDisplayName("Yapilacak", (k) => EN[k]), "To do");
  assert.equal(statusDisplayName("Tamamlandi", (k) => TR[k]), "Tamamlandı");
  assert.equal(statusDisplayName("QA", (k) => TR[k]), "QA");
});

Deno.test("status names: a flow never shows two columns alike", () => {
  const en = (k: keyof typeof EN) => EN[k];
  assert.deepEqual(flowDisplayNames(["Yapilacak", "Devam Ediyor", "Tamamlandi"], en), [
    "To do",
    "In progress",
    "Done",
  ]);
  // Two statuses standing for "done": both keep their names.
  assert.deepEqual(flowDisplayNames(["Done", "Tamamlandı", "QA"], en), [
    "Done",
    "Tamamlandı",
    "QA",
  ]);
  // A custom status already named like the translation: the default keeps its stored name.
  assert.deepEqual(flowDisplayNames(["Yapılacak", "To do"], en), ["Yapılacak", "To do"]);
});

const names = (f: { items: { name: string }[] }) => f.items.map((s) => s.name);

itest("status names: a project gets its defaults in its creator's language", async () => {
  const t = await newTenant();
  const create = (lang: string, name: string) =>
    t.owner.call("POST", "/api/projects/projects", { name }, { "Accept-Language": lang });
  const tr = await json(await create("tr", "Türkçe"), 201);
  const en = await json(await create("en", "English"), 201);
  assert.deepEqual(names(await flow(t.owner, tr.id)), Object.values(TR));
  assert.deepEqual(names(await flow(t.owner, en.id)), Object.values(EN));

  // Each reader reads them in their own language, whoever created the project.
  const board = async (id: string, lang: string) =>
    await (await browse(`/projects/projects/${id}`, {
      who: t.owner,
      headers: { Cookie: `session=${t.owner.token}; lang=${lang}` },
    })).text();
  const columns = (html: string) =>
    [...html.matchAll(/<h3 id="col-[^"]+">([^<]+)<\/h3>/g)].map((m) => m[1]);
  assert.deepEqual(columns(await board(tr.id, "en")), Object.values(EN));
  assert.deepEqual(columns(await board(en.id, "tr")), Object.values(TR));

  // Older projects were given unaccented Turkish names: they read right in both languages.
  const old = await flow(t.owner, en.id);
  await json(
    await t.owner.call("PUT", `/api/projects/projects/${en.id}/statuses`, {
      statuses: old.items.map((s: { id: string; category: string }, i: number) => ({
        id: s.id,
        name: ["Yapilacak", "Devam Ediyor", "Tamamlandi"][i],
        category: s.category,
      })),
    }),
    200,
  );
  assert.deepEqual(columns(await board(en.id, "en")), Object.values(EN));
  assert.deepEqual(columns(await board(en.id, "tr")), Object.values(TR));
  const task = await newTask(t.owner, en.id, { title: "Old one" });
  const list = await (await browse(`/projects/tasks?projectId=${en.id}`, {
    who: t.owner,
    headers: { Cookie: `session=${t.owner.token}; lang=tr` },
  })).text();
  assert.match(list, />Yapılacak</);
  assert.doesNotMatch(list, /Yapilacak/);
  assert.ok(task.id);
});

itest("status names: saving the flow editor unchanged renames nothing", async () => {
  const t = await newTenant();
  const p = await json(
    await t.owner.call("POST", "/api/projects/projects", { name: "TR" }, {
      "Accept-Language": "tr",
    }),
    201,
  );
  const before = await flow(t.owner, p.id);
  // An English reader sees "To do", "In progress", "Done" in the editor and saves as is.
  const form: Record<string, string | string[]> = { rows: ["0", "1", "2"] };
  before.items.forEach((s: { id: string; category: string }, i: number) => {
    form[`id-${i}`] = s.id;
    form[`name-${i}`] = Object.values(EN)[i];
    form[`category-${i}`] = s.category;
    form[`order-${i}`] = String(i + 1);
  });
  const res = await browse(`/projects/projects/${p.id}/flow`, {
    who: t.owner,
    form,
    headers: { "HX-Request": "true", Cookie: `session=${t.owner.token}; lang=en` },
  });
  assert.equal(res.status, 200, await res.clone().text());
  assert.match(await res.text(), /value="To do"/);
  assert.deepEqual(names(await flow(t.owner, p.id)), Object.values(TR));
});
