import assert from "node:assert/strict";
import { itest, newTenant, problem, testApp } from "../helpers.ts";
import { API, customer, json, ticket } from "./fixtures.ts";

async function upload(token: string, ticketId: string, ...files: File[]) {
  const { app } = await testApp();
  const body = new FormData();
  for (const f of files) body.append("file", f);
  return await app.request(`${API}/support-ticket/${ticketId}/attachments`, {
    method: "POST",
    body,
    headers: { Authorization: `Bearer ${token}` },
  });
}

const text = (name: string, content: string) => new File([content], name, { type: "text/plain" });
// A 1×1 PNG.
const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  ),
  (ch) => ch.charCodeAt(0),
);

itest(
  "support ticket files: upload, list with comments' files, download, preview, delete",
  async () => {
    const t = await newTenant();
    const agent = await t.member(["agent"]);
    const viewer = await t.member(["viewer"]);
    const c = await customer(t.owner);
    const tk = await ticket(agent, c.id);
    const url = `${API}/support-ticket/${tk.id}/attachments`;

    const stored = await json(
      await upload(
        agent.token,
        tk.id,
        text("notes.txt", "hello"),
        new File([PNG], "shot.png", {
          type: "image/png",
        }),
      ),
      201,
    );
    assert.deepEqual(stored.items.map((f: { name: string }) => f.name), ["notes.txt", "shot.png"]);
    assert.equal(stored.items[0].size, 5);
    assert.equal(stored.items[0].commentId, null);
    const [notes, shot] = stored.items;

    // A reply and an internal note take files uploaded beforehand.
    const forNote = await json(await upload(agent.token, tk.id, text("secret.txt", "s")), 201);
    const note = await json(
      await agent.call("POST", `${API}/support-ticket/${tk.id}/comments`, {
        body: "See the log",
        visibility: "internal",
        attachmentIds: [forNote.items[0].id],
      }),
      201,
    );
    const list = await json(await viewer.call("GET", url), 200);
    assert.deepEqual(
      list.items.map((f: { name: string; commentId: string | null; internal: boolean }) => [
        f.name,
        f.commentId,
        f.internal,
      ]),
      [["notes.txt", null, false], ["shot.png", null, false], ["secret.txt", note.id, true]],
    );

    const dl = await viewer.call("GET", `${url}/${notes.id}`);
    assert.equal(dl.status, 200);
    assert.equal(await dl.text(), "hello");
    assert.match(dl.headers.get("content-disposition")!, /^attachment/);
    const ofComment = await viewer.call("GET", `${url}/${forNote.items[0].id}`);
    assert.equal(await ofComment.text(), "s");
    const pv = await viewer.call("GET", `${url}/${shot.id}/preview`);
    assert.equal(pv.status, 200);
    assert.match(pv.headers.get("content-disposition")!, /^inline/);
    assert.match(pv.headers.get("content-security-policy")!, /sandbox/);
    assert.deepEqual(new Uint8Array(await pv.arrayBuffer()), PNG);
    const zip = await json(
      await upload(agent.token, tk.id, new File(["PK"], "a.zip", { type: "application/zip" })),
      201,
    );
    await problem(await viewer.call("GET", `${url}/${zip.items[0].id}/preview`), 415);

    // The ticket's history notes uploads.
    const detail = await json(await viewer.call("GET", `${API}/support-ticket/${tk.id}`), 200);
    assert.ok(detail.history.some((h: { action: string }) => h.action === "attached"));

    await problem(await viewer.call("DELETE", `${url}/${notes.id}`), 403);
    assert.equal((await agent.call("DELETE", `${url}/${notes.id}`)).status, 204);
    await problem(await agent.call("DELETE", `${url}/${notes.id}`), 404);
    await problem(await agent.call("GET", `${url}/${notes.id}`), 404);
    assert.equal((await agent.call("DELETE", `${url}/${forNote.items[0].id}`)).status, 204);
    assert.deepEqual(
      (await json(await agent.call("GET", url), 200)).items.map((f: { name: string }) => f.name),
      ["shot.png", "a.zip"],
    );
  },
);

itest(
  "support ticket files: permissions, other tenants and tickets, bad input, quota",
  async () => {
    const a = await newTenant();
    const b = await newTenant();
    const agent = await a.member(["agent"]);
    const viewer = await a.member(["viewer"]);
    await json(
      await a.owner.call("POST", "/api/admin/roles", {
        key: "files-only",
        name: "Files only",
        permissions: ["documents.file.read"],
      }),
      201,
    );
    const outsider = await a.member(["files-only"]);
    const c = await customer(a.owner);
    const tk = await ticket(agent, c.id);
    const other = await ticket(agent, c.id);
    const url = `${API}/support-ticket/${tk.id}/attachments`;
    const [f] = (await json(await upload(agent.token, tk.id, text("a.txt", "a")), 201)).items;

    // Read-only: sees, may not change; without the ticket permission: nothing.
    await problem(await upload(viewer.token, tk.id, text("v.txt", "v")), 403);
    await problem(await outsider.call("GET", url), 403);
    await problem(await outsider.call("GET", `${url}/${f.id}`), 403);
    await problem(await upload(outsider.token, tk.id, text("o.txt", "o")), 403);

    // Another tenant's ticket or file: 404, unchanged.
    const bc = await customer(b.owner);
    const bt = await ticket(b.owner, bc.id);
    await problem(await b.owner.call("GET", url), 404);
    await problem(await b.owner.call("GET", `${url}/${f.id}`), 404);
    await problem(await b.owner.call("DELETE", `${url}/${f.id}`), 404);
    await problem(await upload(b.owner.token, tk.id, text("b.txt", "b")), 404);
    await problem(
      await b.owner.call("GET", `${API}/support-ticket/${bt.id}/attachments/${f.id}`),
      404,
    );
    // Another ticket's file through this ticket: 404.
    await problem(
      await agent.call("GET", `${API}/support-ticket/${other.id}/attachments/${f.id}`),
      404,
    );
    await problem(
      await agent.call("DELETE", `${API}/support-ticket/${other.id}/attachments/${f.id}`),
      404,
    );
    assert.equal((await json(await agent.call("GET", url), 200)).items.length, 1);

    // Bad input.
    const { app } = await testApp();
    const plain = await app.request(url, {
      method: "POST",
      body: "plain",
      headers: { Authorization: `Bearer ${agent.token}` },
    });
    await problem(plain, 400);
    await problem(await upload(agent.token, "nope", text("x.txt", "x")), 400);
    await problem(await agent.call("GET", `${API}/support-ticket/nope/attachments`), 400);
    await problem(await agent.call("GET", `${url}/nope`), 400);

    // The Documents quota counts ticket files: past it, 422 and nothing stored.
    await json(await a.owner.call("PUT", "/api/documents/settings", { quotaBytes: 8 }), 200);
    await problem(await upload(agent.token, tk.id, text("big.txt", "0123456789")), 422);
    assert.equal((await json(await agent.call("GET", url), 200)).items.length, 1);

    // A closed ticket takes no files.
    await json(
      await agent.call("PUT", `${API}/support-ticket/${other.id}`, { status: "cozuldu" }),
      200,
    );
    await json(await agent.call("POST", `${API}/support-ticket/${other.id}/close`), 200);
    await json(
      await a.owner.call("PUT", "/api/documents/settings", { quotaBytes: 1_000_000 }),
      200,
    );
    await problem(await upload(agent.token, other.id, text("late.txt", "l")), 422);
  },
);
