import assert from "node:assert/strict";
import { browse, type Caller, itest, newTenant, problem } from "../helpers.ts";
import { mkdir, uploadOne, useBackend } from "./helpers.ts";

const API = "/api/documents";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

/** A workspace with an open file, a folder closed to `member` with a file in it, and a viewer. */
async function world() {
  await useBackend("local");
  const t = await newTenant();
  const member = await t.member(["member"]);
  const viewer = await t.member(["viewer"]);
  const open = await uploadOne(t.owner, "teklif.txt", "open");
  const closed = await mkdir(t.owner, "Bordro");
  await json(
    await t.owner.call("PUT", `${API}/folders/${closed.id}/permissions`, {
      inherit: false,
      entries: [{ principalType: "user", principalId: t.owner.id, level: "manage" }],
    }),
    200,
  );
  const secret = await uploadOne(t.owner, "maaşlar.txt", "secret", closed.id);
  return { t, member, viewer, open, closed, secret };
}

const tag = async (who: Caller, name: string, colour = "blue") =>
  await json(await who.call("POST", `${API}/tags`, { name, colour }), 201);

const inbox = async (who: Caller) =>
  (await json(await who.call("GET", "/api/notifications"), 200)).items as {
    title: string;
    link: string | null;
  }[];

itest("documents tags: vocabulary, setting an object's tags, listing by tag", async () => {
  const { t, member, viewer, open, closed, secret } = await world();
  const red = await tag(t.owner, "Acil", "red");
  assert.equal(red.colour, "red");
  const blue = await tag(member, "Sözleşme");
  // Names are unique case, accents and Turkish letters aside.
  await problem(await t.owner.call("POST", `${API}/tags`, { name: "ACİL" }), 409);
  await problem(await t.owner.call("POST", `${API}/tags`, { name: "" }), 400);
  await problem(await t.owner.call("POST", `${API}/tags`, { name: "x", colour: "pink" }), 400);
  await problem(await viewer.call("POST", `${API}/tags`, { name: "Viewer" }), 403);
  const list = await json(await viewer.call("GET", `${API}/tags`), 200);
  assert.deepEqual(list.items.map((x: { name: string }) => x.name), ["Acil", "Sözleşme"]);

  // A file: success, bad input, permission, unknown tag.
  const set = await json(
    await member.call("PUT", `${API}/files/${open.id}/tags`, { tagIds: [blue.id, red.id] }),
    200,
  );
  assert.deepEqual(set.items.map((x: { name: string }) => x.name), ["Acil", "Sözleşme"]);
  await problem(await member.call("PUT", `${API}/files/${open.id}/tags`, { tagIds: ["x"] }), 400);
  await problem(await member.call("PUT", `${API}/files/${open.id}/tags`, {}), 400);
  await problem(
    await member.call("PUT", `${API}/files/${open.id}/tags`, { tagIds: [crypto.randomUUID()] }),
    422,
  );
  await problem(await viewer.call("PUT", `${API}/files/${open.id}/tags`, { tagIds: [] }), 403);
  const read = await json(await viewer.call("GET", `${API}/files/${open.id}/tags`), 200);
  assert.equal(read.items.length, 2);
  await problem(await viewer.call("GET", `${API}/files/not-an-id/tags`), 400);

  // A folder (the owner's closed one): the member neither reads nor sets its tags.
  await json(
    await t.owner.call("PUT", `${API}/folders/${closed.id}/tags`, { tagIds: [red.id] }),
    200,
  );
  await json(
    await t.owner.call("PUT", `${API}/files/${secret.id}/tags`, { tagIds: [red.id] }),
    200,
  );
  await problem(await member.call("GET", `${API}/folders/${closed.id}/tags`), 404);
  await problem(await member.call("GET", `${API}/files/${secret.id}/tags`), 404);
  await problem(
    await member.call("PUT", `${API}/folders/${closed.id}/tags`, { tagIds: [] }),
    404,
  );
  const ownerTags = await json(await t.owner.call("GET", `${API}/folders/${closed.id}/tags`), 200);
  assert.equal(ownerTags.items[0].name, "Acil");

  // By tag: the member sees only the open file; the owner all three.
  const mine = await json(await member.call("GET", `${API}/tags/${red.id}/items`), 200);
  assert.deepEqual(mine.items.map((i: { name: string }) => i.name), ["teklif.txt"]);
  const all = await json(await t.owner.call("GET", `${API}/tags/${red.id}/items`), 200);
  assert.deepEqual(
    all.items.map((i: { name: string }) => i.name).sort(),
    ["Bordro", "maaşlar.txt", "teklif.txt"],
  );
  await problem(await member.call("GET", `${API}/tags/${crypto.randomUUID()}/items`), 404);

  // Clearing.
  const cleared = await json(
    await member.call("PUT", `${API}/files/${open.id}/tags`, { tagIds: [] }),
    200,
  );
  assert.deepEqual(cleared.items, []);
});

itest("documents tags: another tenant's ids are 404 and change nothing", async () => {
  const { t, open, closed } = await world();
  const red = await tag(t.owner, "Acil", "red");
  await json(await t.owner.call("PUT", `${API}/files/${open.id}/tags`, { tagIds: [red.id] }), 200);
  const c = await json(
    await t.owner.call("POST", `${API}/files/${open.id}/comments`, { body: "ilk" }),
    201,
  );
  const other = await newTenant();
  const o = other.owner;
  const theirs = await tag(o, "Theirs");
  await problem(await o.call("GET", `${API}/files/${open.id}/tags`), 404);
  await problem(await o.call("PUT", `${API}/files/${open.id}/tags`, { tagIds: [] }), 404);
  await problem(await o.call("GET", `${API}/folders/${closed.id}/tags`), 404);
  await problem(await o.call("PUT", `${API}/folders/${closed.id}/tags`, { tagIds: [] }), 404);
  await problem(await o.call("GET", `${API}/tags/${red.id}/items`), 404);
  await problem(await o.call("GET", `${API}/files/${open.id}/comments`), 404);
  await problem(await o.call("POST", `${API}/files/${open.id}/comments`, { body: "x" }), 404);
  await problem(await o.call("POST", `${API}/folders/${closed.id}/comments`, { body: "x" }), 404);
  await problem(await o.call("PATCH", `${API}/comments/${c.id}`, { body: "hacked" }), 404);
  await problem(await o.call("DELETE", `${API}/comments/${c.id}`), 404);
  await problem(await o.call("PUT", `${API}/files/${open.id}/favourite`), 404);
  await problem(await o.call("DELETE", `${API}/folders/${closed.id}/favourite`), 404);
  // Our file with their tag: unknown here.
  await problem(
    await t.owner.call("PUT", `${API}/files/${open.id}/tags`, { tagIds: [theirs.id] }),
    422,
  );
  const still = await json(await t.owner.call("GET", `${API}/files/${open.id}/tags`), 200);
  assert.deepEqual(still.items.map((x: { id: string }) => x.id), [red.id]);
  const comments = await json(await t.owner.call("GET", `${API}/files/${open.id}/comments`), 200);
  assert.deepEqual(comments.items.map((x: { body: string }) => x.body), ["ilk"]);
  assert.deepEqual((await json(await o.call("GET", `${API}/favourites`), 200)).items, []);
});

itest("documents comments: markdown sanitised, own edits only, closed folders hidden", async () => {
  const { t, member, viewer, open, closed, secret } = await world();
  // Read access is enough to comment (a viewer).
  const c = await json(
    await viewer.call("POST", `${API}/files/${open.id}/comments`, {
      body: "**Bak** <script>alert(1)</script> [x](javascript:alert(1))",
    }),
    201,
  );
  assert.match(c.bodyHtml, /<strong>Bak<\/strong>/);
  assert.doesNotMatch(c.bodyHtml, /<script|javascript:/);
  assert.equal(c.edited, false);
  await problem(await viewer.call("POST", `${API}/files/${open.id}/comments`, { body: " " }), 400);
  await problem(await viewer.call("POST", `${API}/files/${open.id}/comments`, {}), 400);
  // Only the author edits or deletes.
  await problem(await member.call("PATCH", `${API}/comments/${c.id}`, { body: "mine now" }), 403);
  await problem(await t.owner.call("DELETE", `${API}/comments/${c.id}`), 403);
  await problem(await viewer.call("PATCH", `${API}/comments/${c.id}`, { body: "" }), 400);
  await problem(await viewer.call("PATCH", `${API}/comments/nope`, { body: "x" }), 400);
  await problem(
    await viewer.call("PATCH", `${API}/comments/${crypto.randomUUID()}`, { body: "x" }),
    404,
  );
  const edited = await json(
    await viewer.call("PATCH", `${API}/comments/${c.id}`, { body: "Düzeltildi" }),
    200,
  );
  assert.equal(edited.body, "Düzeltildi");
  assert.equal(edited.edited, true);
  const second = await json(
    await member.call("POST", `${API}/files/${open.id}/comments`, { body: "ikinci" }),
    201,
  );
  const page1 = await json(
    await member.call("GET", `${API}/files/${open.id}/comments?limit=1`),
    200,
  );
  assert.deepEqual(page1.items.map((x: { body: string }) => x.body), ["Düzeltildi"]);
  const page2 = await json(
    await member.call("GET", `${API}/files/${open.id}/comments?limit=1&cursor=${page1.nextCursor}`),
    200,
  );
  assert.deepEqual(page2.items.map((x: { body: string }) => x.body), ["ikinci"]);
  await problem(await member.call("GET", `${API}/files/${open.id}/comments?cursor=bad`), 400);
  await json(await member.call("DELETE", `${API}/comments/${second.id}`), 204);
  await problem(await member.call("DELETE", `${API}/comments/${second.id}`), 404);

  // The closed folder and its file: comments invisible and impossible for the member.
  const hidden = await json(
    await t.owner.call("POST", `${API}/files/${secret.id}/comments`, { body: "gizli not" }),
    201,
  );
  await json(
    await t.owner.call("POST", `${API}/folders/${closed.id}/comments`, { body: "klasör notu" }),
    201,
  );
  await problem(await member.call("GET", `${API}/files/${secret.id}/comments`), 404);
  await problem(await member.call("GET", `${API}/folders/${closed.id}/comments`), 404);
  await problem(
    await member.call("POST", `${API}/files/${secret.id}/comments`, { body: "x" }),
    404,
  );
  await problem(await member.call("PATCH", `${API}/comments/${hidden.id}`, { body: "x" }), 404);
  const folderComments = await json(
    await t.owner.call("GET", `${API}/folders/${closed.id}/comments`),
    200,
  );
  assert.deepEqual(folderComments.items.map((x: { body: string }) => x.body), ["klasör notu"]);
  // A member without any role reaches none of these routes.
  const nobody = await t.member([]);
  await problem(await nobody.call("GET", `${API}/files/${open.id}/comments`), 403);
  await problem(await nobody.call("POST", `${API}/files/${open.id}/comments`, { body: "x" }), 403);
  await problem(await nobody.call("PATCH", `${API}/comments/${c.id}`, { body: "x" }), 403);
  await problem(await nobody.call("DELETE", `${API}/comments/${c.id}`), 403);
  await problem(await nobody.call("GET", `${API}/tags`), 403);
  await problem(await nobody.call("GET", `${API}/files/${open.id}/tags`), 403);
  await problem(await nobody.call("GET", `${API}/favourites`), 403);
  await problem(await nobody.call("PUT", `${API}/files/${open.id}/favourite`), 403);
});

itest("documents comments: a mention notifies members who may open the object, once", async () => {
  const { t, member, viewer, open, secret } = await world();
  const handle = (who: Caller) => who.email.split("@")[0];
  const before = (await inbox(member)).length;
  await json(
    await viewer.call("POST", `${API}/files/${open.id}/comments`, {
      body: `Bakar mısın @${handle(member)}? ve @${t.owner.email} ve @nobody`,
    }),
    201,
  );
  const got = await inbox(member);
  assert.equal(got.length, before + 1);
  assert.match(got[0].title, /teklif\.txt/);
  assert.match(got[0].link ?? "", new RegExp(`file=${open.id}#comment-`));
  assert.ok((await inbox(t.owner)).some((n) => /teklif\.txt/.test(n.title)));
  // The viewer does not notify themself.
  assert.ok(!(await inbox(viewer)).some((n) => /teklif\.txt/.test(n.title)));

  // A mention on a file in a folder closed to the member: no notice (nothing leaks).
  const count = (await inbox(member)).length;
  const c = await json(
    await t.owner.call("POST", `${API}/files/${secret.id}/comments`, {
      body: `@${handle(member)} bakma`,
    }),
    201,
  );
  assert.deepEqual(c.mentions, [member.id]);
  assert.equal((await inbox(member)).length, count);

  // An edit notifies only people it newly mentions.
  const v = await json(
    await t.owner.call("POST", `${API}/files/${open.id}/comments`, { body: `@${handle(member)}` }),
    201,
  );
  const n1 = (await inbox(member)).length;
  await json(
    await t.owner.call("PATCH", `${API}/comments/${v.id}`, {
      body: `@${handle(member)} ve @${handle(viewer)}`,
    }),
    200,
  );
  assert.equal((await inbox(member)).length, n1);
  assert.ok((await inbox(viewer)).some((n) => /teklif\.txt/.test(n.title)));
});

itest("documents favourites: personal, filtered by access, 404 for hidden objects", async () => {
  const { t, member, open, closed, secret } = await world();
  assert.deepEqual(
    await json(await member.call("PUT", `${API}/files/${open.id}/favourite`), 200),
    { favourite: true },
  );
  await json(await member.call("PUT", `${API}/files/${open.id}/favourite`), 200);
  await problem(await member.call("PUT", `${API}/files/bad/favourite`), 400);
  await problem(await member.call("PUT", `${API}/files/${secret.id}/favourite`), 404);
  await problem(await member.call("PUT", `${API}/folders/${closed.id}/favourite`), 404);
  await json(await t.owner.call("PUT", `${API}/folders/${closed.id}/favourite`), 200);
  await json(await t.owner.call("PUT", `${API}/files/${secret.id}/favourite`), 200);
  const mine = await json(await member.call("GET", `${API}/favourites`), 200);
  assert.deepEqual(mine.items.map((i: { name: string }) => i.name), ["teklif.txt"]);
  const owners = await json(await t.owner.call("GET", `${API}/favourites`), 200);
  assert.deepEqual(
    owners.items.map((i: { name: string }) => i.name).sort(),
    ["Bordro", "maaşlar.txt"],
  );
  assert.deepEqual(
    await json(await member.call("DELETE", `${API}/files/${open.id}/favourite`), 200),
    { favourite: false },
  );
  assert.deepEqual((await json(await member.call("GET", `${API}/favourites`), 200)).items, []);
  // A trashed file leaves the list.
  await json(await t.owner.call("DELETE", `${API}/files/${secret.id}`), 204);
  const after = await json(await t.owner.call("GET", `${API}/favourites`), 200);
  assert.deepEqual(after.items.map((i: { name: string }) => i.name), ["Bordro"]);
});

itest("documents search: tag= filter, only what the caller may see", async () => {
  const { t, member, open, secret } = await world();
  const other = await uploadOne(t.owner, "fatura.txt", "x");
  const red = await tag(t.owner, "Acil", "red");
  await json(await t.owner.call("PUT", `${API}/files/${open.id}/tags`, { tagIds: [red.id] }), 200);
  await json(
    await t.owner.call("PUT", `${API}/files/${secret.id}/tags`, { tagIds: [red.id] }),
    200,
  );
  const names = async (who: Caller, q: string) =>
    (await json(await who.call("GET", `${API}/search?${q}`), 200)).items
      .map((i: { name: string }) => i.name).sort();
  assert.deepEqual(await names(t.owner, `tag=${red.id}`), ["maaşlar.txt", "teklif.txt"]);
  assert.deepEqual(await names(member, `tag=${red.id}`), ["teklif.txt"]);
  assert.deepEqual(await names(t.owner, `tag=${red.id}&q=maaş`), ["maaşlar.txt"]);
  assert.ok((await names(t.owner, "q=fatura")).includes(other.name));
  await problem(await t.owner.call("GET", `${API}/search?tag=red`), 400);
  const elsewhere = await newTenant();
  assert.deepEqual(await names(elsewhere.owner, `tag=${red.id}`), []);
});

itest(
  "documents tags pages: tag, comment and star from the file page; favourites view",
  async () => {
    const { t, member, open, closed } = await world();
    const page = (path: string, form?: Record<string, string | string[]>) =>
      browse(path, { who: member, form });
    const fileUrl = `/documents/files?file=${open.id}`;
    let res = await page(`/documents/files/${open.id}/tags`, {
      back: fileUrl,
      newTag: "Gözden geçir",
      colour: "amber",
    });
    assert.equal(res.status, 303, await res.text());
    res = await page(`/documents/files/${open.id}/comments`, {
      back: fileUrl,
      body: `**Önemli** @${t.owner.email.split("@")[0]}`,
    });
    assert.equal(res.status, 303);
    res = await page(`/documents/files/${open.id}/favourite`, { back: fileUrl, on: "1" });
    assert.equal(res.status, 303);
    // An empty comment is refused with the page and its message, nothing stored.
    res = await page(`/documents/files/${open.id}/comments`, { back: fileUrl, body: " " });
    assert.equal(res.status, 400);
    await res.body?.cancel();
    const html = await (await page(fileUrl)).text();
    assert.match(html, /Gözden geçir/);
    assert.match(html, /<strong>Önemli<\/strong>/);
    assert.match(html, /Remove from favourites/);
    const list = await (await page("/documents/files")).text();
    assert.match(list, /badge-amber">Gözden geçir/);
    const favs = await (await page("/documents/files?view=favourites")).text();
    assert.match(favs, /teklif\.txt/);
    const tagId = (await json(await member.call("GET", `${API}/tags`), 200)).items[0].id;
    const filtered = await (await page(`/documents/files?tag=${tagId}`)).text();
    assert.match(filtered, /teklif\.txt/);
    // The closed folder's page and its forms stay shut to the member.
    res = await page(`/documents/folders/${closed.id}/comments`, {
      back: "/documents/files",
      body: "x",
    });
    assert.equal(res.status, 404);
    await res.body?.cancel();
    assert.equal((await inbox(t.owner)).length > 0, true);
    const folderPage =
      await (await browse(`/documents/files?folder=${closed.id}`, { who: t.owner }))
        .text();
    assert.match(folderPage, /id="docs-comments"/);
  },
);
