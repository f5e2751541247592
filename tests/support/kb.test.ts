import assert from "node:assert/strict";
import { browse, callApp, itest, newTenant, problem, testApp } from "../helpers.ts";
import { API, customer, json, ticket } from "./fixtures.ts";
import { transaction } from "../../shared/db/scope.ts";
import { portalRoleSetup, setPortalScope } from "../../modules/support/portal/portal.repo.ts";
import { recordDeflection, suggestArticles } from "../../modules/support/kb/kb.search.service.ts";
import { highlightSnippet, plainFromMarkdown } from "../../modules/support/kb/kb.snippet.lib.ts";
import { slugify } from "../../modules/support/kb/kb.lib.ts";
import type { Caller, TestTenant } from "../helpers.ts";

const KB = `${API}/kb`;

async function asOwner<T>(
  fn: (sql: Awaited<ReturnType<typeof testApp>>["platform"]["db"]["sql"]) => Promise<T>,
) {
  const { platform } = await testApp();
  return await fn(platform.db.sql);
}

/** The help centre lives in the portal: on for this tenant. */
async function portalOn(tenantId: string) {
  await asOwner((sql) =>
    sql`insert into support_portal_settings (tenant_id, enabled) values (${tenantId}, true)
        on conflict (tenant_id) do update set enabled = true`
  );
}

/** Runs fn as the anonymous help-centre visitor of a tenant (portal role, no customer). */
async function asVisitor<T>(tenantId: string, fn: (sql: never) => Promise<T>) {
  const { platform } = await testApp();
  return await transaction(platform.db.sql, portalRoleSetup, async (sql) => {
    await setPortalScope(sql, { tenantId, customerId: null, companyId: null });
    return await fn(sql as never);
  });
}

async function article(who: Caller, body: Record<string, unknown>, status = 201) {
  return await json(await who.call("POST", `${KB}/articles`, body), status);
}

async function published(who: Caller, body: Record<string, unknown>) {
  const a = await article(who, { visibility: "public", ...body });
  return await json(await who.call("POST", `${KB}/articles/${a.id}/publish`), 200);
}

const PAYMENT = {
  en: {
    title: "Payment methods",
    description: "Cards, bank transfer and invoices",
    body: "You can pay by card or bank transfer. Ödeme is Turkish for payment.",
  },
  tr: {
    title: "Ödeme yöntemleri",
    description: "Kart, havale ve fatura",
    body: "Ödemenizi kredi kartı veya havale ile yapabilirsiniz. Fatura her ay e-posta ile gelir.",
  },
};

const page = async (res: Response, status = 200) => {
  const text = await res.text();
  assert.equal(res.status, status, text.slice(0, 500));
  return text;
};

itest("support kb snippets: folded matches marked, typos marked, text escaped", () => {
  assert.match(highlightSnippet("Ödeme yöntemleri ve fatura", "odeme"), /<mark>Ödeme<\/mark>/);
  assert.match(highlightSnippet("İSTANBUL ofisi", "istanbul"), /<mark>İSTANBUL<\/mark>/);
  assert.match(highlightSnippet("Aylık fatura gönderilir", "fatrua"), /<mark>fatura<\/mark>/);
  assert.match(highlightSnippet("Ödemeler hakkında", "odmee"), /<mark>Ödemeler<\/mark>/);
  const escaped = highlightSnippet("<script>alert(1)</script> ödeme", "odeme");
  assert.ok(!escaped.includes("<script>"), escaped);
  assert.match(escaped, /&lt;script&gt;/);
  const long = "word ".repeat(100) + "Ödeme here " + "tail ".repeat(100);
  const cut = highlightSnippet(long, "odeme");
  assert.match(cut, /^… .*<mark>Ödeme<\/mark>.* …$/);
  assert.equal(
    plainFromMarkdown("# Title\n**bold** [link](http://x) ![img](kb-image:1)"),
    "Title bold link",
  );
  assert.equal(slugify("Ödeme Yöntemleri — İade"), "odeme-yontemleri-iade");
  assert.equal(slugify("!!"), "article");
});

itest(
  "support kb: categories and articles CRUD, both languages, related, publish flow",
  async () => {
    const t = await newTenant();
    const agent = await t.member(["agent"]);
    const cat = await json(
      await agent.call("POST", `${KB}/categories`, { name: { en: "Billing", tr: "Faturalama" } }),
      201,
    );
    assert.deepEqual(cat.name, { en: "Billing", tr: "Faturalama" });
    const renamed = await json(
      await agent.call("PUT", `${KB}/categories/${cat.id}`, {
        name: { en: "Billing & payments", tr: "Fatura ve ödeme" },
        position: 2,
      }),
      200,
    );
    assert.equal(renamed.position, 2);

    const a = await article(agent, { ...PAYMENT, categoryId: cat.id });
    assert.equal(a.status, "draft");
    assert.equal(a.visibility, "internal");
    assert.equal(a.slug, "payment-methods");
    assert.equal(a.tr.title, "Ödeme yöntemleri");
    assert.equal(a.publicUrl, null);
    const b = await article(agent, { tr: { title: "İade", body: "İade 14 gün içinde." } });
    assert.equal(b.slug, "iade");
    assert.equal(b.en.title, "");

    // Related articles, and only the fields given change.
    const linked = await json(
      await agent.call("PATCH", `${KB}/articles/${a.id}`, {
        relatedIds: [b.id],
        visibility: "public",
        tr: { ...PAYMENT.tr, description: "Kart ve havale" },
      }),
      200,
    );
    assert.deepEqual(linked.related.map((r: { id: string }) => r.id), [b.id]);
    assert.equal(linked.en.title, "Payment methods");
    assert.equal(linked.tr.description, "Kart ve havale");

    const pub = await json(await agent.call("POST", `${KB}/articles/${a.id}/publish`), 200);
    assert.equal(pub.status, "published");
    assert.ok(pub.publishedAt);
    assert.equal(pub.publicUrl, `/help/${t.slug}/articles/payment-methods`);
    const back = await json(await agent.call("POST", `${KB}/articles/${a.id}/unpublish`), 200);
    assert.equal(back.status, "draft");
    assert.equal(back.publicUrl, null);

    const list = await json(await agent.call("GET", `${KB}/articles?status=draft&limit=1`), 200);
    assert.equal(list.items.length, 1);
    assert.ok(list.nextCursor);
    const rest = await json(
      await agent.call("GET", `${KB}/articles?status=draft&limit=1&cursor=${list.nextCursor}`),
      200,
    );
    assert.notEqual(rest.items[0].id, list.items[0].id);
    const cats = await json(await agent.call("GET", `${KB}/categories`), 200);
    assert.equal(cats.items[0].articleCount, 1);

    // Slugs are unique per tenant; a taken one is a conflict.
    await problem(
      await agent.call("POST", `${KB}/articles`, { slug: "iade", en: { title: "X" } }),
      409,
    );
    // Deleting a category keeps its articles.
    await json(await agent.call("DELETE", `${KB}/categories/${cat.id}`), 200);
    assert.equal(
      (await json(await agent.call("GET", `${KB}/articles/${a.id}`), 200)).categoryId,
      null,
    );
    await json(await agent.call("DELETE", `${KB}/articles/${b.id}`), 200);
    await problem(await agent.call("GET", `${KB}/articles/${b.id}`), 404);
    assert.deepEqual(
      (await json(await agent.call("GET", `${KB}/articles/${a.id}`), 200)).related,
      [],
    );
  },
);

itest("support kb: validation, permissions and another tenant's ids", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const viewer = await t.member(["viewer"]);
  // No title in any language; a body without its title; a bad slug; unknown fields' types.
  await problem(await agent.call("POST", `${KB}/articles`, { en: { body: "x" } }), 400);
  await problem(await agent.call("POST", `${KB}/articles`, {}), 400);
  await problem(
    await agent.call("POST", `${KB}/articles`, { en: { title: "A" }, slug: "Not OK!" }),
    400,
  );
  await problem(
    await agent.call("POST", `${KB}/articles`, { en: { title: "A" }, visibility: "secret" }),
    400,
  );
  await problem(
    await agent.call("POST", `${KB}/articles`, { en: { title: "A".repeat(201) } }),
    400,
  );
  await problem(await agent.call("POST", `${KB}/categories`, { name: { en: "", tr: "" } }), 400);
  await problem(await agent.call("GET", `${KB}/articles/not-a-uuid`), 400);
  await problem(await agent.call("GET", `${KB}/search`), 400);
  const draft = await article(agent, { en: { title: "Empty" } });
  // Publishing needs a text.
  await problem(await agent.call("POST", `${KB}/articles/${draft.id}/publish`), 422);
  await problem(
    await agent.call("POST", `${KB}/articles`, {
      en: { title: "A" },
      relatedIds: [crypto.randomUUID()],
    }),
    400,
  );

  // Viewers read, never write.
  await json(await viewer.call("GET", `${KB}/articles/${draft.id}`), 200);
  await json(await viewer.call("GET", `${KB}/search?q=empty`), 200);
  await problem(await viewer.call("POST", `${KB}/articles`, { en: { title: "No" } }), 403);
  await problem(
    await viewer.call("PATCH", `${KB}/articles/${draft.id}`, { visibility: "public" }),
    403,
  );
  await problem(await viewer.call("POST", `${KB}/articles/${draft.id}/publish`), 403);
  await problem(await viewer.call("DELETE", `${KB}/articles/${draft.id}`), 403);
  await problem(await viewer.call("POST", `${KB}/categories`, { name: { en: "No" } }), 403);
  await problem(await callApp(`${KB}/articles`), 401);

  // Another tenant's article and category: 404, and unchanged.
  const other = await newTenant();
  const theirs = await published(other.owner, PAYMENT);
  const theirCat = await json(
    await other.owner.call("POST", `${KB}/categories`, { name: { en: "Theirs" } }),
    201,
  );
  for (
    const [method, path, body] of [
      ["GET", `${KB}/articles/${theirs.id}`, undefined],
      ["PATCH", `${KB}/articles/${theirs.id}`, { en: { title: "Hacked" } }],
      ["POST", `${KB}/articles/${theirs.id}/unpublish`, undefined],
      ["DELETE", `${KB}/articles/${theirs.id}`, undefined],
      ["GET", `${KB}/articles/${theirs.id}/images`, undefined],
      ["PUT", `${KB}/categories/${theirCat.id}`, { name: { en: "Hacked" } }],
      ["DELETE", `${KB}/categories/${theirCat.id}`, undefined],
    ] as const
  ) {
    await problem(await agent.call(method, path, body), 404);
  }
  await problem(
    await agent.call("POST", `${KB}/articles`, { en: { title: "A" }, relatedIds: [theirs.id] }),
    400,
  );
  await problem(
    await agent.call("POST", `${KB}/articles`, { en: { title: "A" }, categoryId: theirCat.id }),
    400,
  );
  const still = await json(await other.owner.call("GET", `${KB}/articles/${theirs.id}`), 200);
  assert.equal(still.en.title, "Payment methods");
  assert.equal(still.status, "published");
  assert.equal(
    (await json(await other.owner.call("GET", `${KB}/categories`), 200)).items[0].name.en,
    "Theirs",
  );
  // Their articles never show in our search.
  const mine = await json(await agent.call("GET", `${KB}/search?q=odeme`), 200);
  assert.equal(mine.items.length, 0);
});

itest("support kb search: Turkish folding, typos, snippets, internal only for agents", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const pay = await published(agent, { tr: PAYMENT.tr });
  await published(agent, {
    en: { title: "Invoices", body: "Every invoice (fatura) is e-mailed monthly." },
  });
  const internal = await article(agent, {
    en: { title: "Refund desk procedure", body: "Internal: how agents refund ödeme mistakes." },
  });
  await json(await agent.call("POST", `${KB}/articles/${internal.id}/publish`), 200);
  const draft = await article(agent, {
    visibility: "public",
    en: { title: "Draft about ödeme", body: "Not ready." },
  });

  const search = async (q: string, extra = "") =>
    (await json(await agent.call("GET", `${KB}/search?q=${encodeURIComponent(q)}${extra}`), 200))
      .items as { id: string; title: string; snippetHtml: string; url: string; lang: string }[];

  const folded = await search("odeme", "&locale=tr");
  assert.equal(folded[0].id, pay.id, JSON.stringify(folded));
  assert.equal(folded[0].title, "Ödeme yöntemleri");
  assert.match(folded[0].snippetHtml, /<mark>Ödeme<\/mark>/);
  assert.equal(folded[0].url, `/help/${t.slug}/articles/${pay.slug}`);
  // An English reader gets the Turkish version it matched, named in the address.
  const en = await search("odeme");
  assert.equal(
    en.find((h) => h.id === pay.id)?.url,
    `/help/${t.slug}/articles/${pay.slug}?lang=tr`,
  );
  // Agents see internal and draft articles too; the public scope does not.
  const all = (await search("odeme")).map((h) => h.id);
  assert.ok(all.includes(internal.id) && all.includes(draft.id), JSON.stringify(all));
  const pub = (await search("odeme", "&scope=public")).map((h) => h.id);
  assert.ok(pub.includes(pay.id));
  assert.ok(!pub.includes(internal.id) && !pub.includes(draft.id));

  // Typos: letters swapped or missing still find the article.
  assert.equal((await search("odmee", "&locale=tr&scope=public"))[0]?.id, pay.id);
  const typo = await search("fatrua", "&scope=public");
  assert.ok(typo.length > 0, "fatrua finds something");
  assert.ok(
    typo.some((h) => /<mark>[^<]*fatura[^<]*<\/mark>/i.test(h.snippetHtml)),
    JSON.stringify(typo),
  );
  assert.deepEqual(await search("zzqqxx"), []);

  // The portal's entry points, as the anonymous portal role: public published only.
  const suggested = await asVisitor(
    t.id,
    (sql) => suggestArticles(sql, { q: "odeme", locale: "tr" }),
  );
  assert.deepEqual(suggested.map((s) => s.id), [pay.id]);
  assert.match(suggested[0].snippetHtml, /<mark>/);
  const unfiltered = await asVisitor(t.id, (sql) =>
    // Even asked for everything, the portal role sees no internal or draft article.
    import("../../modules/support/kb/kb.search.service.ts").then((m) =>
      m.searchArticles(sql, { q: "odeme", locale: "en", scope: "all" })
    ));
  assert.deepEqual(unfiltered.map((h) => h.id), [pay.id]);
  const customer = "0190a000-0000-7000-8000-000000000001";
  assert.equal(await asVisitor(t.id, (sql) => recordDeflection(sql, pay.id, customer)), true);
  // The same customer again: still a visible article, but counted once.
  assert.equal(await asVisitor(t.id, (sql) => recordDeflection(sql, pay.id, customer)), true);
  assert.equal(await asVisitor(t.id, (sql) => recordDeflection(sql, internal.id, customer)), false);
  assert.equal(await asVisitor(t.id, (sql) => recordDeflection(sql, draft.id, customer)), false);
  assert.equal(await asVisitor(t.id, (sql) => recordDeflection(sql, "nope", customer)), false);
  // Another tenant's visitor cannot count on this tenant's article.
  const other = await newTenant();
  assert.equal(await asVisitor(other.id, (sql) => recordDeflection(sql, pay.id, customer)), false);
  const counted = await json(await agent.call("GET", `${KB}/articles/${pay.id}`), 200);
  assert.equal(counted.solvedCount, 1);
  // The portal role cannot read feedback rows or change articles directly.
  const rows = await asVisitor(
    t.id,
    (sql: never) =>
      (sql as unknown as { unsafe: (q: string) => Promise<unknown[]> }).unsafe(
        "select * from support_kb_feedback",
      ),
  );
  assert.equal(rows.length, 0);
  // Row security filters the update to nothing (no error, no change).
  const changed = await asVisitor(
    t.id,
    (sql: never) =>
      (sql as unknown as { unsafe: (q: string) => Promise<{ count: number }> }).unsafe(
        "update support_kb_articles set solved_count = 999",
      ),
  );
  assert.equal(changed.count, 0);
  const after = await json(await agent.call("GET", `${KB}/articles/${pay.id}`), 200);
  assert.equal(after.solvedCount, 1);
});

async function helpWorld(): Promise<
  { t: TestTenant; agent: Caller; pay: { id: string; slug: string } }
> {
  const t = await newTenant();
  await portalOn(t.id);
  const agent = await t.member(["agent"]);
  const cat = await json(
    await agent.call("POST", `${KB}/categories`, { name: { en: "Billing", tr: "Faturalama" } }),
    201,
  );
  const pay = await published(agent, { ...PAYMENT, categoryId: cat.id });
  return { t, agent, pay };
}

itest("support help centre: pages, canonical, hreflang, meta, sitemap, 404s", async () => {
  const { t, agent, pay } = await helpWorld();
  const internal = await article(agent, { en: { title: "Internal secret", body: "x" } });
  await json(await agent.call("POST", `${KB}/articles/${internal.id}/publish`), 200);
  const draft = await article(agent, {
    visibility: "public",
    en: { title: "Draft secret", body: "x" },
  });
  const xss = await published(agent, {
    en: {
      title: "Script test",
      body: "Hi <script>alert(1)</script> <img src=x onerror=alert(2)> [x](javascript:alert(3))",
    },
  });

  const home = await page(await callApp(`/help/${t.slug}?lang=tr`));
  assert.match(home, /<title>Yardım merkezi · /);
  assert.match(home, /<meta name="description"/);
  assert.match(
    home,
    new RegExp(`<link rel="canonical" href="http://localhost/help/${t.slug}\\?lang=tr"`),
  );
  assert.match(home, /Faturalama/);
  assert.match(home, /Ödeme yöntemleri/);
  assert.ok(!home.includes("Internal secret") && !home.includes("Draft secret"));
  assert.ok(!/noindex/.test(home));

  const res = await callApp(`/help/${t.slug}/articles/${pay.slug}?lang=en`);
  const link = res.headers.get("link") ?? "";
  const art = await page(res);
  assert.match(art, /<title>Payment methods · /);
  assert.match(art, /<meta name="description" content="Cards, bank transfer and invoices"/);
  assert.match(
    art,
    new RegExp(
      `rel="canonical" href="http://localhost/help/${t.slug}/articles/${pay.slug}\\?lang=en"`,
    ),
  );
  assert.match(link, /hreflang="en"/);
  assert.match(link, /hreflang="tr"/);
  assert.match(link, /hreflang="x-default"/);
  assert.equal(res.headers.get("x-robots-tag"), null);
  assert.match(art, /Was this article helpful\?/);
  const trArt = await page(await callApp(`/help/${t.slug}/articles/${pay.slug}?lang=tr`));
  assert.match(trArt, /<h1 class="help-title">Ödeme yöntemleri<\/h1>/);

  // Script in markdown is neutralised.
  const x = await page(await callApp(`/help/${t.slug}/articles/${xss.slug}`));
  assert.ok(!/<script>alert|onerror|javascript:/i.test(x), "no active content");

  // Internal, draft, unknown, another tenant's: 404.
  await page(await callApp(`/help/${t.slug}/articles/${internal.slug}`), 404);
  await page(await callApp(`/help/${t.slug}/articles/${draft.slug}`), 404);
  await page(await callApp(`/help/${t.slug}/articles/nope`), 404);
  await page(await callApp(`/help/no-such-workspace-x/articles/${pay.slug}`), 404);
  const other = await newTenant();
  await portalOn(other.id);
  await page(await callApp(`/help/${other.slug}/articles/${pay.slug}`), 404);
  await page(await callApp(`/help/${other.slug}/articles/${pay.id}`), 404);
  // A tenant whose portal is off has no help centre.
  const closed = await newTenant();
  await published(closed.owner, PAYMENT);
  await page(await callApp(`/help/${closed.slug}`), 404);

  // Category page.
  const catId = (await json(await agent.call("GET", `${KB}/categories`), 200)).items[0].id;
  const catPage = await page(await callApp(`/help/${t.slug}/categories/${catId}?lang=tr`));
  assert.match(catPage, /Faturalama/);
  await page(await callApp(`/help/${other.slug}/categories/${catId}`), 404);

  // Search: folded, highlighted, not indexed.
  const sres = await callApp(`/help/${t.slug}/search?q=odeme&lang=tr`);
  assert.equal(sres.headers.get("x-robots-tag"), "noindex");
  const sp = await page(sres);
  assert.match(sp, /<mark>Ödeme<\/mark>/);
  assert.ok(!sp.includes("Internal secret"));

  // Sitemap: public published articles with lastmod, nothing else.
  const map = await page(await callApp(`/help/${t.slug}/sitemap.xml`));
  assert.match(map, /<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9"/);
  assert.match(
    map,
    new RegExp(
      `<loc>http://localhost/help/${t.slug}/articles/${pay.slug}\\?lang=tr</loc><lastmod>\\d{4}-`,
    ),
  );
  assert.match(map, new RegExp(`articles/${xss.slug}\\?lang=en`));
  assert.ok(!map.includes(internal.slug) && !map.includes(draft.slug));
});

itest("support help centre: helpful votes once per visitor, throttled, reported", async () => {
  const { t, agent, pay } = await helpWorld();
  const path = `/help/${t.slug}/articles/${pay.slug}/feedback`;
  const first = await browse(path, { form: { helpful: "yes" }, htmx: true });
  const cookie = (first.headers.get("set-cookie") ?? "").match(/kb_visitor=([^;]+)/)?.[1];
  assert.ok(cookie, "a visitor cookie");
  assert.match(await page(first), /Thank you for your feedback/);
  const again = await browse(path, {
    form: { helpful: "no" },
    htmx: true,
    headers: { Cookie: `kb_visitor=${cookie}` },
  });
  assert.match(await page(again), /already rated/);
  await browse(path, { form: { helpful: "no" }, htmx: true }); // a second visitor
  // Bad answers, other sites and hidden articles are refused.
  assert.equal((await browse(path, { form: { helpful: "maybe" } })).status, 400);
  assert.equal(
    (await browse(path, { form: { helpful: "yes" }, origin: "https://evil.example" })).status,
    403,
  );
  const internal = await article(agent, { en: { title: "Internal", body: "x" } });
  await page(
    await browse(`/help/${t.slug}/articles/${internal.slug}/feedback`, {
      form: { helpful: "yes" },
    }),
    404,
  );

  const a = await json(await agent.call("GET", `${KB}/articles/${pay.id}`), 200);
  assert.equal(a.helpfulCount, 1);
  assert.equal(a.notHelpfulCount, 1);
  const report = await json(await agent.call("GET", `${KB}/report`), 200);
  const row = report.items.find((r: { id: string }) => r.id === pay.id);
  assert.deepEqual([row.helpful, row.notHelpful, row.solved], [1, 1, 0]);
  assert.equal(report.totals.helpful, 1);
  await problem(await agent.call("GET", `${KB}/report?from=yesterday`), 400);
  const viewer = await t.member(["viewer"]);
  await json(await viewer.call("GET", `${KB}/report`), 200);

  // One address may rate 30 articles an hour.
  const slugs = [];
  for (let i = 0; i < 31; i++) {
    slugs.push((await published(agent, { en: { title: `Bulk ${i}`, body: "x" } })).slug);
  }
  const results = [];
  for (const s of slugs) {
    results.push(
      await page(
        await browse(`/help/${t.slug}/articles/${s}/feedback`, {
          form: { helpful: "yes" },
          htmx: true,
          headers: { "X-Forwarded-For": "203.0.113.9" },
        }),
      ),
    );
  }
  assert.ok(results.some((r) => /Too many ratings/.test(r)), "throttled");
});

/** A one-pixel PNG. */
const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);

async function upload(
  who: Caller,
  articleId: string,
  name: string,
  type: string,
  bytes: Uint8Array<ArrayBuffer>,
) {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type }));
  const { app } = await testApp();
  return await app.request(`${KB}/articles/${articleId}/images`, {
    method: "POST",
    headers: { Authorization: `Bearer ${who.token}` },
    body: form,
  });
}

itest("support kb images: stored through Documents, public only with the article", async () => {
  const { t, agent, pay } = await helpWorld();
  const stored = await json(await upload(agent, pay.id, "chart.png", "image/png", PNG), 201);
  const img = stored.items[0];
  assert.equal(img.markdown, `![chart.png](kb-image:${img.id})`);
  await problem(
    await upload(agent, pay.id, "x.html", "text/html", new TextEncoder().encode("<script>")),
    422,
  );
  assert.equal(
    (await json(await agent.call("GET", `${KB}/articles/${pay.id}/images`), 200)).items.length,
    1,
  );
  const viewer = await t.member(["viewer"]);
  await problem(await upload(viewer, pay.id, "v.png", "image/png", PNG), 403);

  await json(
    await agent.call("PATCH", `${KB}/articles/${pay.id}`, {
      en: { ...PAYMENT.en, body: `See ${img.markdown}` },
    }),
    200,
  );
  const art = await page(await callApp(`/help/${t.slug}/articles/${pay.slug}?lang=en`));
  const src = `/help/${t.slug}/articles/${pay.slug}/images/${img.id}`;
  assert.ok(art.includes(`src="${src}"`), art);
  const got = await callApp(src);
  assert.equal(got.status, 200);
  assert.equal(got.headers.get("content-type"), "image/png");
  assert.deepEqual(new Uint8Array(await got.arrayBuffer()), PNG);
  const agentView = await agent.call("GET", `${KB}/articles/${pay.id}/images/${img.id}`);
  assert.equal(agentView.status, 200);
  await agentView.body?.cancel();

  // Another article's address, an unknown file, a draft: 404.
  const other = await published(agent, { en: { title: "Other", body: "x" } });
  assert.equal(
    (await callApp(`/help/${t.slug}/articles/${other.slug}/images/${img.id}`)).status,
    404,
  );
  assert.equal(
    (await callApp(`/help/${t.slug}/articles/${pay.slug}/images/${crypto.randomUUID()}`)).status,
    404,
  );
  await json(await agent.call("POST", `${KB}/articles/${pay.id}/unpublish`), 200);
  const hidden = await callApp(src);
  assert.equal(hidden.status, 404);
  await hidden.body?.cancel();
});

itest("support kb: turn a public reply into a draft article; agent pages and picker", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const c = await customer(agent);
  const tk = await ticket(agent, c.id, { subject: "Ödeme iadesi nasıl yapılır" });
  const reply = await json(
    await agent.call("POST", `${API}/support-ticket/${tk.id}/comments`, {
      body: "Refunds go back to the card within 5 days.",
    }),
    201,
  );
  const note = await json(
    await agent.call("POST", `${API}/support-ticket/${tk.id}/comments`, {
      body: "Internal",
      visibility: "internal",
    }),
    201,
  );
  const a = await json(
    await agent.call("POST", `${KB}/articles/from-comment`, {
      ticketId: tk.id,
      commentId: reply.id,
      locale: "tr",
    }),
    201,
  );
  assert.equal(a.status, "draft");
  assert.equal(a.tr.title, "Ödeme iadesi nasıl yapılır");
  assert.equal(a.tr.body, "Refunds go back to the card within 5 days.");
  assert.equal(a.sourceTicketId, tk.id);
  await problem(
    await agent.call("POST", `${KB}/articles/from-comment`, {
      ticketId: tk.id,
      commentId: note.id,
    }),
    404,
  );
  const other = await newTenant();
  await problem(
    await other.owner.call("POST", `${KB}/articles/from-comment`, {
      ticketId: tk.id,
      commentId: reply.id,
    }),
    404,
  );

  // The page form opens the editor.
  const form = await browse("/support/kb/from-comment", {
    who: agent,
    form: { ticketId: tk.id, commentId: reply.id },
  });
  assert.equal(form.status, 303);
  assert.match(form.headers.get("location") ?? "", /^\/support\/kb\/[0-9a-f-]{36}\?lang=/);

  const list = await page(await browse("/support/kb", { who: agent }));
  assert.match(list, /Ödeme iadesi/);
  const editor = await page(await browse(`/support/kb/${a.id}?lang=tr`, { who: agent }));
  assert.match(editor, /Refunds go back/);
  const searched = await page(await browse("/support/kb?q=iade", { who: agent }));
  assert.match(searched, /Ödeme <mark>iade<\/mark>si/);
  await page(await browse("/support/kb/categories", { who: agent }));
  await page(await browse("/support/kb/report", { who: agent }));
  await page(await browse(`/support/kb/${a.id}?tab=preview&lang=tr`, { who: agent }));

  // Saving through the editor form, then publishing.
  const saved = await browse(`/support/kb/${a.id}`, {
    who: agent,
    form: {
      lang: "tr",
      title: "Ödeme iadesi",
      description: "",
      body: "İade 5 gün.",
      visibility: "public",
      slug: "odeme-iadesi",
    },
  });
  assert.equal(saved.status, 303);
  assert.equal((await browse(`/support/kb/${a.id}/publish`, { who: agent, form: {} })).status, 303);
  const picker = await page(await browse("/support/kb/picker?q=odeme", { who: agent, htmx: true }));
  assert.match(
    picker,
    new RegExp(
      `data-kb-insert="Ödeme iadesi: http://localhost/help/${t.slug}/articles/odeme-iadesi\\?lang=tr"`,
    ),
  );
  const viewer = await t.member(["viewer"]);
  assert.equal(
    (await browse(`/support/kb/${a.id}/publish`, { who: viewer, form: {} })).status,
    403,
  );
  assert.equal((await browse(`/support/kb/${crypto.randomUUID()}`, { who: agent })).status, 404);
});
