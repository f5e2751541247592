import assert from "node:assert/strict";
import {
  browse,
  callApp,
  itest,
  newTenant,
  problem,
  testApp,
  type TestTenant,
} from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { orderedMatches } from "../../shared/db/search.ts";
import { customer, json, ticket } from "../support/fixtures.ts";
import { mkdir, uploadOne, useBackend } from "../documents/helpers.ts";
import { newProject, newTask } from "../projects/fixtures.ts";

interface Hit {
  kind: string;
  title: string;
  subtitle: string | null;
  href: string;
}
interface Results {
  groups: { module: string; label: string; items: Hit[] }[];
}

async function search(who: { token: string }, q: string, extra = ""): Promise<Results> {
  const res = await callApp(`/api/search?q=${encodeURIComponent(q)}${extra}`, {
    token: who.token,
  });
  return await json(res, 200);
}

const titles = (r: Results, module: string, kind?: string) =>
  (r.groups.find((g) => g.module === module)?.items ?? [])
    .filter((h) => !kind || h.kind === kind).map((h) => h.title).sort();

/** One tenant with a Turkish-named customer, tickets, documents and a project, made once. */
let seeded: Promise<{ t: TestTenant; ticketId: string }> | null = null;
function seed() {
  seeded ??= (async () => {
    const t = await newTenant();
    const c = await customer(t.owner, { name: "İSTANBUL ofisi", email: "ofis@example.test" });
    const printer = await ticket(t.owner, c.id, {
      subject: "yazıcısı çalışmıyor",
      description: "Kağıt sıkışıyor",
    });
    await ticket(t.owner, c.id, { subject: "Şifre sıfırlama", description: "İSTANBUL şubesi" });
    await ticket(t.owner, c.id, { subject: "100% CPU_load", description: "" });
    await useBackend("local");
    const dir = await mkdir(t.owner, "Muhasebe 2026");
    await uploadOne(t.owner, "Şubat Raporu.pdf", "%PDF-1", dir.id);
    await uploadOne(t.owner, "Ocak Raporu.pdf", "%PDF-1");
    const payroll = await mkdir(t.owner, "Bordro", dir.id);
    await uploadOne(t.owner, "Maaş listesi.xlsx", "1", payroll.id);
    const p = await newProject(t.owner, { name: "Göç Projesi" });
    await newTask(t.owner, p.id, { title: "Çağrı merkezi kurulumu", description: "Yazıcı al" });
    return { t, ticketId: printer.id };
  })();
  return seeded;
}

itest("search: Turkish letters, case and accents fold the same on both sides", async () => {
  const { t, ticketId } = await seed();
  const upper = await search(t.owner, "YAZICISI");
  assert.deepEqual(titles(upper, "support", "ticket"), ["yazıcısı çalışmıyor"]);
  const hit = upper.groups[0].items[0];
  assert.equal(hit.href, `/support/tickets/${ticketId}`);
  assert.match(hit.subtitle ?? "", /^T-\d{4}-\d{5} · İSTANBUL ofisi$/);
  assert.equal(upper.groups[0].label, "Support");

  const city = await search(t.owner, "istanbul");
  assert.deepEqual(titles(city, "support", "customer"), ["İSTANBUL ofisi"]);
  assert.deepEqual(titles(city, "support", "ticket"), ["Şifre sıfırlama"]);
  assert.deepEqual(titles(await search(t.owner, "ıSTANBUL"), "support", "customer"), [
    "İSTANBUL ofisi",
  ]);

  const docs = await search(t.owner, "subat");
  assert.deepEqual(titles(docs, "documents"), ["Şubat Raporu.pdf"]);
  const file = docs.groups.find((g) => g.module === "documents")!.items[0];
  assert.equal(file.kind, "file");
  assert.equal(file.subtitle, "Muhasebe 2026");
  assert.match(file.href, /^\/documents\/files\?file=[0-9a-f-]{36}&folder=[0-9a-f-]{36}$/);
  assert.deepEqual(titles(await search(t.owner, "raporu"), "documents"), [
    "Ocak Raporu.pdf",
    "Şubat Raporu.pdf",
  ]);
  const salary = (await search(t.owner, "MAAS")).groups[0].items;
  assert.deepEqual(salary.map((h) => [h.title, h.subtitle]), [
    ["Maaş listesi.xlsx", "Muhasebe 2026 / Bordro"],
  ]);
  assert.deepEqual(titles(await search(t.owner, "muhasebe"), "documents", "folder"), [
    "Muhasebe 2026",
  ]);

  const projects = await search(t.owner, "goc");
  assert.deepEqual(titles(projects, "projects", "project"), ["Göç Projesi"]);
  const tasks = await search(t.owner, "CAGRI MERKEZI");
  assert.deepEqual(titles(tasks, "projects", "task"), ["Çağrı merkezi kurulumu"]);
  assert.equal(tasks.groups[0].items[0].subtitle, "Göç Projesi");
  // A task's description counts too, and groups come in menu order.
  const printer = await search(t.owner, "yazıcı");
  assert.deepEqual(printer.groups.map((g) => g.module), ["support", "projects"]);

  // LIKE's own characters match themselves; nothing found means no groups.
  assert.deepEqual(titles(await search(t.owner, "100%"), "support"), ["100% CPU_load"]);
  assert.deepEqual(titles(await search(t.owner, "cpu_l"), "support"), ["100% CPU_load"]);
  assert.deepEqual((await search(t.owner, "%%")).groups, []);
  assert.deepEqual((await search(t.owner, "zzqqxx")).groups, []);
});

itest("search: hits never show ids; limit caps each kind", async () => {
  const { t } = await seed();
  const all = await search(t.owner, "ra", "&limit=1");
  for (const g of all.groups) {
    const kinds = g.items.map((h) => h.kind);
    assert.equal(new Set(kinds).size, kinds.length, `one hit per kind in ${g.module}`);
  }
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
  for (const g of (await search(t.owner, "ra", "&limit=20")).groups) {
    for (const h of g.items) {
      assert.doesNotMatch(`${g.label} ${h.title} ${h.subtitle ?? ""}`, uuid);
      assert.match(h.href, /^\/(support|documents|projects)\//);
    }
  }
});

itest("search: another tenant's records are never found", async () => {
  const { t } = await seed();
  const other = await newTenant();
  const c = await customer(other.owner, { name: "Başka müşteri" });
  await ticket(other.owner, c.id, { subject: "yazıcısı çalışmıyor (başka kiracı)" });
  assert.deepEqual(titles(await search(t.owner, "yazicisi"), "support", "ticket"), [
    "yazıcısı çalışmıyor",
  ]);
  assert.deepEqual(titles(await search(other.owner, "yazicisi"), "support", "ticket"), [
    "yazıcısı çalışmıyor (başka kiracı)",
  ]);
  assert.deepEqual((await search(other.owner, "subat")).groups, []);
  assert.deepEqual((await search(other.owner, "istanbul")).groups, []);
});

itest("search: a module's group needs its read permission; object rules apply", async () => {
  const { t } = await seed();
  const role = await t.owner.call("POST", "/api/admin/roles", {
    key: "docs-only",
    name: "Documents only",
    permissions: ["documents.file.read", "documents.folder.read"],
  });
  assert.equal(role.status, 201, await role.text());
  const reader = await t.member(["docs-only"]);
  const r = await search(reader, "istanbul");
  assert.equal(r.groups.find((g) => g.module === "support"), undefined);
  assert.deepEqual(titles(await search(reader, "subat"), "documents"), ["Şubat Raporu.pdf"]);
  // Projects show only to their members (a plain member is in none of them).
  const member = await t.member(["member"]);
  assert.deepEqual(titles(await search(member, "goc"), "projects"), []);
  assert.deepEqual(titles(await search(member, "yazicisi"), "support"), ["yazıcısı çalışmıyor"]);
});

itest("search: bad input is a 400 problem, no session a 401", async () => {
  const { t } = await seed();
  const bad = async (query: string) =>
    await problem(await callApp(`/api/search?${query}`, { token: t.owner.token }), 400);
  const empty = await bad("q=");
  assert.equal(empty.errors[0].path, "query.q");
  await bad("");
  await bad("q=%20%20%20");
  await bad("q=a");
  await bad(`q=${"x".repeat(101)}`);
  await bad("q=abc&limit=0");
  await bad("q=abc&limit=21");
  await bad("q=abc&limit=many");
  await problem(await callApp("/api/search?q=yazici"), 401);
  await problem(await callApp("/api/search?q=yazici", { token: "not-a-token" }), 401);
});

/** What a person reads on a page: the text without tags, scripts and attributes. */
const visibleText = (html: string) =>
  html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, "").replace(/<[^>]+>/g, " ");

itest("search page: grouped results with links, in the reader's language", async () => {
  const { t, ticketId } = await seed();
  const res = await browse("/search?q=YAZICISI", { who: t.owner });
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.match(html, new RegExp(`href="/support/tickets/${ticketId}"`));
  const text = visibleText(html);
  assert.match(text, /yazıcısı çalışmıyor/);
  assert.match(text, /Support/);
  assert.match(text, /Ticket/);
  assert.doesNotMatch(text, /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
  assert.doesNotMatch(text, /search\.(kind|column|none)/);

  const tr = await browse("/search?q=subat", {
    who: t.owner,
    headers: { Cookie: `session=${t.owner.token}; lang=tr` },
  });
  const trText = visibleText(await tr.text());
  assert.match(trText, /Şubat Raporu\.pdf/);
  assert.match(trText, /Dosya/);
  assert.match(trText, /Muhasebe 2026/);

  // htmx asks for the same page; the results area is in it.
  const partial = await browse("/search?q=zzqqxx", { who: t.owner, htmx: true });
  const partialText = visibleText(await partial.text());
  assert.match(partialText, /Nothing found for “zzqqxx”/);

  assert.match(
    visibleText(await (await browse("/search", { who: t.owner })).text()),
    /Type a word/,
  );
  assert.match(
    visibleText(await (await browse("/search?q=a", { who: t.owner })).text()),
    /at least 2 characters/,
  );
  assert.match(
    visibleText(await (await browse(`/search?q=${"x".repeat(150)}`, { who: t.owner })).text()),
    /at most 100 characters/,
  );
  const anonymous = await browse("/search?q=yazici");
  assert.equal(anonymous.status, 303);
  assert.match(anonymous.headers.get("location") ?? "", /^\/login/);
});

itest("search: the route is in the OpenAPI document", async () => {
  const doc = await json(await callApp("/openapi.json"), 200);
  const op = doc.paths["/api/search"]?.get;
  assert.equal(op?.operationId, "search");
  assert.deepEqual(op?.tags, ["platform"]);
});

itest("search: ordered matches use the window, then the trigram index beyond it", async () => {
  const { platform } = await testApp();
  const t = await newTenant();
  const c = await customer(t.owner, { name: "Pencere" });
  // Oldest first: "seltene" only in the two oldest, "ortak" in every ticket.
  for (let i = 0; i < 8; i++) {
    await ticket(t.owner, c.id, { subject: `${i < 2 ? "Seltene" : "Sık"} ortak ${i}` });
  }
  const subjects = async (folded: string, limit: number) =>
    await withScope(platform.db.sql, { tenantId: t.id }, async (tx) => {
      const rows = await orderedMatches<{ subject: string }>(tx, {
        table: "support_tickets",
        column: "search_text",
        key: "created_at, id",
        desc: true,
        folded,
        limit,
        window: 3,
        columns: tx`subject`,
      });
      return rows.map((r) => r.subject);
    });
  // Common: the window of the three newest holds enough.
  assert.deepEqual(await subjects("ortak", 2), ["Sık ortak 7", "Sık ortak 6"]);
  // Rare: nothing in the window, found beyond it, newest first.
  assert.deepEqual(await subjects("seltene", 5), ["Seltene ortak 1", "Seltene ortak 0"]);
  // Both steps together, without repeating the window's rows.
  assert.deepEqual(await subjects("ortak", 5), [
    "Sık ortak 7",
    "Sık ortak 6",
    "Sık ortak 5",
    "Sık ortak 4",
    "Sık ortak 3",
  ]);
  // Shorter than a trigram: the window only.
  assert.deepEqual(await subjects("ik", 5), ["Sık ortak 7", "Sık ortak 6", "Sık ortak 5"]);
  assert.deepEqual(await subjects("se", 5), []);
});

itest("search: LIKE may use trigram indexes under row-level security", async () => {
  const { platform } = await testApp();
  const [{ superuser, leakproof }] = await platform.db.sql<
    { superuser: boolean; leakproof: boolean }[]
  >`
    select (select rolsuper from pg_roles where rolname = current_user) as superuser,
      (select proleakproof from pg_proc
       where oid = 'pg_catalog.textlike(text, text)'::regprocedure) as leakproof`;
  // Only a superuser can mark it (migrations/0010_search.sql says why it matters); without the
  // mark the row-level security policy comes first and no trigram index is ever used.
  if (superuser) assert.ok(leakproof, "textlike is marked leakproof");
});
