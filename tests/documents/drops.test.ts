import assert from "node:assert/strict";
import { itest, newTenant, problem, testApp } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { form, mkdir, uploadOne, useBackend } from "./helpers.ts";

const SAME = { Origin: "http://localhost" };

/** The name=value pairs a response sets (Set-Cookie), to send back as a browser would. */
function cookiesOf(res: Response, jar: Map<string, string> = new Map()) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair.indexOf("=");
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return jar;
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/** A tenant with a folder holding a file the visitor must never see, and a drop link for it. */
async function world(body: Record<string, unknown> = {}) {
  await useBackend("local");
  const t = await newTenant();
  const folder = await mkdir(t.owner, "Gelen kutusu");
  await uploadOne(t.owner, "gizli-maaslar.xlsx", "secret", folder.id);
  const res = await t.owner.call("POST", `/api/documents/folders/${folder.id}/drops`, body);
  assert.equal(res.status, 201, await res.clone().text());
  const drop = await res.json();
  return { t, folder, drop, token: drop.token as string };
}

async function page(token: string, jar?: Map<string, string>, path = "") {
  const { app } = await testApp();
  return await app.request(`/drop/${token}${path}`, {
    headers: jar ? { Cookie: cookieHeader(jar) } : {},
  });
}

async function send(
  token: string,
  files: [string, string | Uint8Array][],
  opts: { jar?: Map<string, string>; origin?: string } = {},
) {
  const { app } = await testApp();
  const headers: Record<string, string> = { Origin: opts.origin ?? SAME.Origin };
  if (opts.jar) headers.Cookie = cookieHeader(opts.jar);
  const res = await app.request(`/drop/${token}/upload`, {
    method: "POST",
    headers,
    body: form(files),
  });
  if (opts.jar) cookiesOf(res, opts.jar);
  return res;
}

async function enterPassword(token: string, password: string, jar = new Map<string, string>()) {
  const { app } = await testApp();
  const res = await app.request(`/drop/${token}`, {
    method: "POST",
    headers: {
      ...SAME,
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: cookieHeader(jar),
    },
    body: new URLSearchParams({ password }).toString(),
  });
  cookiesOf(res, jar);
  return res;
}

async function folderNames(who: { call: (m: string, p: string) => Promise<Response> }, id: string) {
  const res = await who.call("GET", `/api/documents/files?folderId=${id}`);
  assert.equal(res.status, 200);
  return ((await res.json()).items as { name: string }[]).map((f) => f.name).sort();
}

itest("documents drops: create, list and revoke a drop link (API)", async () => {
  const { t, folder, drop } = await world({
    label: "Faturalar",
    message: "Lütfen faturaları buraya yükleyin",
    password: "dogru-parola",
    maxFileBytes: 1000,
    maxTotalBytes: 5000,
  });
  assert.match(drop.token, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(drop.url, `/drop/${drop.token}`);
  assert.equal(drop.state, "active");
  assert.equal(drop.hasPassword, true);
  assert.equal(drop.maxFileBytes, 1000);
  assert.equal(drop.passwordHash, undefined);
  const listed = await (await t.owner.call("GET", `/api/documents/folders/${folder.id}/drops`))
    .json();
  assert.equal(listed.items.length, 1);
  assert.equal(listed.items[0].id, drop.id);
  assert.equal(listed.items[0].token, undefined, "the token is shown once");
  // Only the hash is stored.
  const { platform } = await testApp();
  const stored = await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (tx) => tx<{ tokenHash: string }[]>`select token_hash from doc_drops where id = ${drop.id}`,
  );
  assert.notEqual(stored[0].tokenHash, drop.token);
  // Revoked: 204, then listed as revoked.
  assert.equal((await t.owner.call("DELETE", `/api/documents/drops/${drop.id}`)).status, 204);
  const after = await (await t.owner.call("GET", `/api/documents/folders/${folder.id}/drops`))
    .json();
  assert.equal(after.items[0].state, "revoked");
});

itest("documents drops: validation, viewer refused, another tenant's folder 404", async () => {
  const { t, folder, drop } = await world();
  const path = `/api/documents/folders/${folder.id}/drops`;
  await problem(await t.owner.call("POST", path, { maxFileBytes: 0 }), 400);
  await problem(await t.owner.call("POST", path, { password: "ab" }), 400);
  await problem(await t.owner.call("POST", path, { label: "x".repeat(201) }), 400);
  await problem(await t.owner.call("POST", "/api/documents/folders/not-an-id/drops", {}), 400);
  await problem(
    await t.owner.call("POST", path, { expiresAt: "2020-01-01T00:00:00Z" }),
    422,
  );
  const viewer = await t.member(["viewer"]);
  await problem(await viewer.call("POST", path, {}), 403);
  await problem(await viewer.call("DELETE", `/api/documents/drops/${drop.id}`), 403);
  // Another tenant: the same ids are 404 and nothing changes.
  const other = await newTenant();
  await problem(await other.owner.call("POST", path, {}), 404);
  await problem(await other.owner.call("GET", path), 404);
  await problem(await other.owner.call("DELETE", `/api/documents/drops/${drop.id}`), 404);
  const mine = await (await t.owner.call("GET", path)).json();
  assert.equal(mine.items.length, 1);
  assert.equal(mine.items[0].state, "active");
});

itest("documents drops: an upload lands in the folder with audit and a notice", async () => {
  const { t, folder, token } = await world({ label: "Faturalar" });
  const jar = new Map<string, string>();
  const opened = await page(token);
  cookiesOf(opened, jar);
  assert.equal(opened.status, 200);
  const html = await opened.text();
  assert.match(html, new RegExp(`Tenant ${t.slug}`), "the tenant's name is shown");
  assert.match(html, /Faturalar/);
  assert.doesNotMatch(html, /gizli-maaslar/, "the folder's contents are never listed");
  const res = await send(token, [["fatura.pdf", "%PDF-1.4 one"]], { jar });
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), `/drop/${token}?sent=1`);
  assert.deepEqual(await folderNames(t.owner, folder.id), ["fatura.pdf", "gizli-maaslar.xlsx"]);
  // A clash gets a suffix; the first file is kept as it was.
  assert.equal((await send(token, [["fatura.pdf", "%PDF-1.4 two"]], { jar })).status, 303);
  assert.deepEqual(await folderNames(t.owner, folder.id), [
    "fatura (2).pdf",
    "fatura.pdf",
    "gizli-maaslar.xlsx",
  ]);
  // The visitor's page lists their own uploads, still not the folder.
  const mine = await (await page(token, jar)).text();
  assert.match(mine, /fatura\.pdf/);
  assert.match(mine, /fatura \(2\)\.pdf/);
  assert.doesNotMatch(mine, /gizli-maaslar/);
  // Another visitor sees none of them.
  const fresh = await (await page(token)).text();
  assert.doesNotMatch(fresh, /fatura/);
  // Audit: an upload record for the dropped file.
  const audit = await (await t.owner.call("GET", "/api/documents/audit?action=uploaded")).json();
  assert.ok(
    audit.items.some((a: { summary: string }) =>
      /fatura\.pdf through a file drop link/.test(a.summary)
    ),
    JSON.stringify(audit.items.map((a: { summary: string }) => a.summary)),
  );
  // The link's creator heard of each batch.
  const inbox = await (await t.owner.call("GET", "/api/notifications")).json();
  const notes = inbox.items.filter((n: { title: string }) => /Gelen kutusu/.test(n.title));
  assert.equal(notes.length, 2);
  assert.equal(notes[0].link, `/documents/files?folder=${folder.id}`);
  // The link's counters.
  const [d] = (await (await t.owner.call("GET", `/api/documents/folders/${folder.id}/drops`))
    .json()).items;
  assert.equal(d.uploadCount, 2);
});

itest("documents drops: per-file size 413, total limit 413, quota 422", async () => {
  const { t, folder, token } = await world({ maxFileBytes: 10, maxTotalBytes: 15 });
  const big = await send(token, [["big.txt", "x".repeat(11)]]);
  assert.equal(big.status, 413);
  assert.match(await big.text(), /larger than this link allows/);
  assert.equal((await send(token, [["a.txt", "x".repeat(10)]])).status, 303);
  const over = await send(token, [["b.txt", "x".repeat(6)]]);
  assert.equal(over.status, 413, "past the link's total");
  await over.body?.cancel();
  assert.deepEqual(await folderNames(t.owner, folder.id), ["a.txt", "gizli-maaslar.xlsx"]);
  // The tenant's quota applies as to any upload.
  const q = await world();
  const set = await q.t.owner.call("PUT", "/api/documents/settings", { quotaBytes: 10 });
  assert.equal(set.status, 200);
  const full = await send(q.token, [["c.txt", "0123456789"]]);
  assert.equal(full.status, 422);
  await full.body?.cancel();
  assert.deepEqual(await folderNames(q.t.owner, q.folder.id), ["gizli-maaslar.xlsx"]);
});

itest("documents drops: password required, wrong (422), right, then throttled (429)", async () => {
  const { t, folder, token } = await world({ password: "dogru-parola" });
  const ask = await page(token);
  assert.equal(ask.status, 200);
  const askHtml = await ask.text();
  assert.match(askHtml, /name="password"/);
  assert.doesNotMatch(askHtml, /type="file"/);
  // Without the password the upload is refused and nothing is stored.
  const refused = await send(token, [["x.txt", "x"]]);
  assert.equal(refused.status, 401);
  await refused.body?.cancel();
  const wrong = await enterPassword(token, "yanlis");
  assert.equal(wrong.status, 422);
  await wrong.body?.cancel();
  const jar = new Map<string, string>();
  const right = await enterPassword(token, "dogru-parola", jar);
  assert.equal(right.status, 303);
  const open = await page(token, jar);
  assert.match(await open.text(), /type="file"/);
  assert.equal((await send(token, [["ok.txt", "ok"]], { jar })).status, 303);
  assert.deepEqual(await folderNames(t.owner, folder.id), ["gizli-maaslar.xlsx", "ok.txt"]);
  // Ten more wrong ones from this address, then it waits (even with the right password).
  for (let i = 0; i < 9; i++) {
    const r = await enterPassword(token, `yanlis-${i}`);
    assert.equal(r.status, 422, `attempt ${i}`);
    await r.body?.cancel();
  }
  const locked = await enterPassword(token, "yanlis-son");
  assert.equal(locked.status, 429);
  await locked.body?.cancel();
  const stillLocked = await enterPassword(token, "dogru-parola");
  assert.equal(stillLocked.status, 429);
  await stillLocked.body?.cancel();
});

itest("documents drops: expired and revoked links are 410; unknown 404", async () => {
  const { t, drop, token } = await world();
  const { platform } = await testApp();
  await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (tx) => tx`update doc_drops set expires_at = now() - interval '1 minute' where id = ${drop.id}`,
  );
  const expired = await page(token);
  assert.equal(expired.status, 410);
  assert.match(await expired.text(), /This link is closed/);
  const late = await send(token, [["late.txt", "x"]]);
  assert.equal(late.status, 410);
  await late.body?.cancel();

  const second = await world();
  assert.equal(
    (await second.t.owner.call("DELETE", `/api/documents/drops/${second.drop.id}`)).status,
    204,
  );
  const revoked = await page(second.token);
  assert.equal(revoked.status, 410);
  await revoked.body?.cancel();
  const refused = await send(second.token, [["x.txt", "x"]]);
  assert.equal(refused.status, 410);
  await refused.body?.cancel();
  assert.deepEqual(await folderNames(second.t.owner, second.folder.id), ["gizli-maaslar.xlsx"]);

  const unknown = await page("A".repeat(43));
  assert.equal(unknown.status, 404);
  await unknown.body?.cancel();
});

itest("documents drops: a link stops when its creator can no longer add files", async () => {
  await useBackend("local");
  const t = await newTenant();
  const member = await t.member(["member"]);
  const folder = await mkdir(t.owner, "Başvurular");
  const res = await member.call("POST", `/api/documents/folders/${folder.id}/drops`, {});
  assert.equal(res.status, 201, await res.clone().text());
  const { token } = await res.json();
  const first = await send(token, [["cv-1.pdf", "one"]]);
  assert.equal(first.status, 303, await first.clone().text());
  await first.body?.cancel();
  // The owner takes the member's access to the folder away: the link speaks for nobody now.
  const closed = await t.owner.call("PUT", `/api/documents/folders/${folder.id}/permissions`, {
    inherit: false,
    entries: [],
  });
  assert.equal(closed.status, 200, await closed.text());
  const refused = await send(token, [["cv-2.pdf", "two"]]);
  assert.equal(refused.status, 410);
  await refused.body?.cancel();
  const shown = await page(token);
  assert.equal(shown.status, 410);
  await shown.body?.cancel();
  assert.deepEqual(await folderNames(t.owner, folder.id), ["cv-1.pdf"]);
});

itest("documents drops: a cross-site POST is refused (403)", async () => {
  const { t, folder, token } = await world();
  const upload = await send(token, [["x.txt", "x"]], { origin: "https://evil.example" });
  assert.equal(upload.status, 403);
  await upload.body?.cancel();
  const { app } = await testApp();
  const pw = await app.request(`/drop/${token}`, {
    method: "POST",
    headers: {
      Origin: "https://evil.example",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "password=x",
  });
  assert.equal(pw.status, 403);
  await pw.body?.cancel();
  assert.deepEqual(await folderNames(t.owner, folder.id), ["gizli-maaslar.xlsx"]);
});

itest(
  "documents drops: the folder view offers the action; the links page shows a link once",
  async () => {
    const { t, folder } = await world();
    const { browse } = await import("../helpers.ts");
    const view = await browse(`/documents/files?folder=${folder.id}`, { who: t.owner });
    assert.equal(view.status, 200);
    assert.match(await view.text(), /File drop link/);
    const made = await browse(`/documents/folders/${folder.id}/drops`, {
      who: t.owner,
      form: { label: "Sözleşmeler", password: "parola-1", maxFileMb: "5", maxTotalMb: "" },
    });
    assert.equal(made.status, 200);
    const html = await made.text();
    const link = html.match(/value="(http[^"]*\/drop\/[A-Za-z0-9_-]{43})"/)?.[1];
    assert.ok(link, "the new link is shown");
    const again = await (await browse(`/documents/folders/${folder.id}/drops`, { who: t.owner }))
      .text();
    assert.match(again, /Sözleşmeler/);
    assert.ok(!again.includes(link!), "shown only once");
    // Revoking from the links page closes the link (410 for the visitor).
    const [made1] = (await (await t.owner.call("GET", `/api/documents/folders/${folder.id}/drops`))
      .json()).items.filter((d: { label: string }) => d.label === "Sözleşmeler");
    const revoked = await browse(`/documents/drops/${made1.id}/revoke`, {
      who: t.owner,
      form: { back: `/documents/folders/${folder.id}/drops` },
    });
    assert.equal(revoked.status, 303);
    const closed = await page(link!.replace(/^.*\/drop\//, ""));
    assert.equal(closed.status, 410);
    await closed.body?.cancel();
    const bad = await browse(`/documents/folders/${folder.id}/drops`, {
      who: t.owner,
      form: { maxFileMb: "0" },
    });
    assert.equal(bad.status, 400);
    await bad.body?.cancel();
    const viewer = await t.member(["viewer"]);
    const denied = await browse(`/documents/folders/${folder.id}/drops`, {
      who: viewer,
      form: { maxFileMb: "5" },
    });
    assert.equal(denied.status, 403);
    await denied.body?.cancel();
  },
);
