import assert from "node:assert/strict";
import { Hono } from "hono";
import { itest, newTenant, testApp } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import type { Sql } from "../../shared/db/database.ts";
import {
  diffObjects,
  listActivity,
  recordActivity,
  type RecordInput,
} from "../../platform/activity/activity.service.ts";
import { activityRoutes, entityHistory } from "../../platform/activity/activity.pages.tsx";
import { createApp } from "../../app/app.tsx";
import { createRouter } from "../../shared/http/router.ts";
import { problems } from "../../shared/http/problem.ts";
import type { AppEnv } from "../../shared/http/env.ts";
import type { ModuleManifest } from "../../shared/modules.ts";
import { html } from "../../ui/render.tsx";
import { ActivityItems, ActivityList } from "../../platform/activity/activity.view.tsx";
import { historyLabels } from "../../platform/activity/activity.labels.lib.ts";
import { renderToString } from "preact-render-to-string";
import { type ComponentChildren, h } from "preact";
import { ReaderContext } from "../../ui/context.ts";

/** A view drawn for a reader of this language (what page() and html() provide). */
const drawn = (locale: string, node: ComponentChildren) =>
  renderToString(h(ReaderContext.Provider, { value: { locale, timeZone: "UTC", now: 0 } }, node));

const line = (over: Partial<RecordInput> = {}): RecordInput => ({
  module: "documents",
  entityType: "file",
  entityId: crypto.randomUUID(),
  action: "updated",
  summary: "Renamed a file",
  before: { name: "a.txt", size: 1 },
  after: { name: "b.txt", size: 1 },
  ...over,
});

async function scoped<T>(tenantId: string, userId: string | null, fn: (tx: Sql) => Promise<T>) {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId, userId, requestId: "req-test" }, fn);
}

Deno.test("activity: diffObjects keeps changed fields only, for updates, creates and deletes", () => {
  const when = new Date("2026-01-02T03:04:05.000Z");
  assert.deepEqual(
    diffObjects(
      { a: 1, b: "x", tags: ["p", "q"], meta: { x: 1, y: 2 }, gone: true, nil: null, at: when },
      { a: 2, b: "x", tags: ["p", "q"], meta: { y: 2, x: 1 }, added: "n", at: when },
    ),
    { a: { from: 1, to: 2 }, gone: { from: true, to: null }, added: { from: null, to: "n" } },
  );
  assert.deepEqual(diffObjects(null, { id: "1", name: "n" }), {
    id: { from: null, to: "1" },
    name: { from: null, to: "n" },
  });
  assert.deepEqual(diffObjects({ id: "1", due: when }, undefined), {
    id: { from: "1", to: null },
    due: { from: "2026-01-02T03:04:05.000Z", to: null },
  });
  assert.deepEqual(diffObjects({ tags: [1, 2], o: { k: [1] } }, { tags: [2, 1], o: { k: [2] } }), {
    tags: { from: [1, 2], to: [2, 1] },
    o: { from: { k: [1] }, to: { k: [2] } },
  });
  assert.deepEqual(diffObjects({ a: 1, u: undefined }, { a: 1, u: null }), {});
  assert.deepEqual(
    diffObjects({ a: 1, updatedAt: "x" }, { a: 1, updatedAt: "y" }, ["updatedAt"]),
    {},
  );
});

itest("activity: a change that rolls back leaves no line; a committed one leaves one", async () => {
  const t = await newTenant();
  const failed = line();
  await assert.rejects(
    () =>
      scoped(t.id, t.owner.id, async (tx) => {
        await recordActivity({ sql: tx }, failed);
        throw new Error("the change failed");
      }),
    /the change failed/,
  );
  const ok = line({ before: { name: "a", updatedAt: "1" }, after: { name: "b", updatedAt: "2" } });
  await scoped(t.id, t.owner.id, (tx) => recordActivity({ sql: tx }, ok));
  await scoped(t.id, null, async (tx) => {
    const rows = await tx`select * from activity where entity_id in ${
      tx([failed.entityId, ok.entityId])
    }`;
    assert.equal(rows.length, 1);
    assert.equal(rows[0].entityId, ok.entityId);
    assert.equal(rows[0].tenantId, t.id);
    assert.equal(rows[0].actorId, t.owner.id);
    assert.equal(rows[0].requestId, "req-test");
    assert.deepEqual(rows[0].changes, { name: { from: "a", to: "b" } }, "updatedAt is noise");
    assert.deepEqual(rows[0].before, { name: "a", updatedAt: "1" });
    const { items } = await listActivity({ sql: tx }, { entityId: ok.entityId, limit: 5 });
    assert.equal(items[0].actorName, "Owner");
    assert.equal(items[0].actorEmail, t.owner.email);
  });
  // A job (no user) is recorded as the system; no tenant means no line at all.
  const job = await scoped(
    t.id,
    null,
    (tx) => recordActivity({ sql: tx }, line({ action: "deleted" })),
  );
  assert.equal(job.actorId, null);
  await assert.rejects(() => scoped("", null, (tx) => recordActivity({ sql: tx }, line())));
});

itest("activity: the application role can only append (update, delete refused)", async () => {
  const t = await newTenant();
  const entry = await scoped(t.id, t.owner.id, (tx) => recordActivity({ sql: tx }, line()));
  for (
    const stmt of [
      (tx: Sql) => tx`update activity set summary = 'forged' where id = ${entry.id}`,
      (tx: Sql) => tx`delete from activity where id = ${entry.id}`,
      (tx: Sql) => tx`truncate activity`,
    ]
  ) {
    await assert.rejects(() => scoped(t.id, t.owner.id, stmt), /permission denied/);
  }
  const [row] = await scoped(
    t.id,
    null,
    (tx) => tx`select summary from activity where id = ${entry.id}`,
  );
  assert.equal(row.summary, "Renamed a file");
});

itest("activity: another tenant sees none of a tenant's lines", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const mine = line();
  await scoped(a.id, a.owner.id, (tx) => recordActivity({ sql: tx }, mine));
  const seen = await scoped(b.id, b.owner.id, async (tx) => {
    const all = await tx`select count(*)::int as n from activity`;
    return [
      all[0].n,
      (await listActivity({ sql: tx }, { entityId: mine.entityId, limit: 10 })).items,
    ];
  });
  assert.deepEqual(seen, [0, []]);
  await assert.rejects(
    () =>
      scoped(
        b.id,
        b.owner.id,
        (tx) =>
          tx`insert into activity (tenant_id, id, module, entity_type, entity_id, action)
           values (${a.id}, ${crypto.randomUUID()}, 'documents', 'file', 'x', 'forged')`,
      ),
    /row-level security/,
  );
});

itest("activity: filters and keyset paging, newest first", async () => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  const file = crypto.randomUUID();
  await scoped(t.id, t.owner.id, async (tx) => {
    // Several lines in one transaction share occurred_at: the id breaks the tie.
    for (let i = 0; i < 3; i++) {
      await recordActivity({ sql: tx }, line({ entityId: file, summary: `o${i}` }));
    }
  });
  for (let i = 0; i < 3; i++) {
    await scoped(
      t.id,
      member.id,
      (tx) => recordActivity({ sql: tx }, line({ entityId: file, summary: `m${i}` })),
    );
  }
  await scoped(
    t.id,
    null,
    (tx) =>
      recordActivity({ sql: tx }, line({ entityType: "folder", action: "deleted", summary: "s" })),
  );
  await scoped(
    t.id,
    t.owner.id,
    (tx) => recordActivity({ sql: tx }, line({ module: "projects", summary: "p" })),
  );

  await scoped(t.id, null, async (tx) => {
    const list = async (f: Parameters<typeof listActivity>[1]) =>
      (await listActivity({ sql: tx }, f)).items.map((e) => e.summary);
    // Adding the member above left an identity audit line too (the oldest); the rest are ours.
    const everything = await list({ limit: 100 });
    const all = everything.filter((s) => !s.startsWith("Added "));
    assert.deepEqual(all, ["p", "s", "m2", "m1", "m0", "o2", "o1", "o0"]);
    assert.equal(everything.length, all.length + 1);
    for (const limit of [1, 3]) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listActivity({ sql: tx }, { limit, cursor });
        assert.ok(page.items.length <= limit);
        seen.push(...page.items.map((e) => e.summary));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      assert.deepEqual(seen, everything, `paging by ${limit}`);
    }
    assert.deepEqual(await list({ limit: 100, module: "projects" }), ["p"]);
    assert.deepEqual(await list({ limit: 100, entityType: "folder" }), ["s"]);
    assert.deepEqual(await list({ limit: 100, action: "deleted" }), ["s"]);
    assert.deepEqual(await list({ limit: 100, actorId: member.id }), ["m2", "m1", "m0"]);
    assert.deepEqual(await list({ limit: 100, actorId: null }), ["s"]);
    assert.equal((await list({ limit: 100, entityId: file, module: "documents" })).length, 6);
    const hour = 3_600_000;
    const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
    assert.equal((await list({ limit: 100, from: iso(-hour), to: iso(hour) })).length, 9);
    assert.deepEqual(await list({ limit: 100, from: iso(hour) }), []);
    assert.deepEqual(await list({ limit: 100, to: iso(-hour) }), []);
    const bad = problems.validation([]).status;
    for (const f of [{ cursor: "nope" }, { cursor: btoa('["x","y"]') }, { actorId: "me" }]) {
      await assert.rejects(() => listActivity({ sql: tx }, { limit: 5, ...f }), { status: bad });
    }
  });
});

Deno.test("activity: the timeline names the system and removed users, escapes text", () => {
  const entry = {
    id: "e1",
    occurredAt: "2026-01-02T03:04:05.678Z",
    actorId: null,
    actorName: null,
    actorEmail: null,
    module: "documents",
    entityType: "file",
    entityId: "f1",
    action: "zapped",
    summary: "<script>x</script>",
    changes: {},
    before: null,
    after: { name: "<script>x</script>" },
    requestId: null,
  };
  const out = drawn(
    "en",
    h(ActivityList, {
      items: [entry, { ...entry, id: "e2", actorId: "u" }],
      nextCursor: "c",
      showSubject: true,
    }),
  );
  assert.match(out, /<time datetime="2026-01-02T03:04:05.678Z" title="2 Jan 2026, 03:04">/);
  assert.match(out, /<span class="user-name">System<\/span><\/span> <span>made a change<\/span>/);
  assert.match(out, /<span class="user-name">Removed user<\/span>/);
  assert.match(out, /<strong>&lt;script>x&lt;\/script><\/strong>/, "the name, escaped");
  assert.doesNotMatch(out, /zapped|Renamed|timeline-changes|btn-secondary/, "no codes, no more");
  const empty = drawn("tr", h(ActivityList, { items: [], nextCursor: null }));
  assert.match(empty, /Henüz etkinlik yok/);
});

Deno.test("activity: labels turn verbs, fields and values into words; people into names", () => {
  const member = crypto.randomUUID();
  const gone = crypto.randomUUID();
  const labels = historyLabels({ locale: "tr", timeZone: "Europe/Istanbul" }, {
    action: (a) => (a === "updated" ? "talebi güncelledi" : undefined),
    field: (_type, f) =>
      ({ status: "Durum", assigneeId: "Atanan", dueAt: "Son tarih", urgent: "Acil" })[f],
    value: (
      _type,
      f,
      v,
    ) => (f === "status" ? ({ acik: "Açık", islemde: "İşlemde" })[v as string] : undefined),
    people: ["assigneeId"],
  });
  const entry = {
    id: "e1",
    occurredAt: new Date().toISOString(),
    actorId: member,
    actorName: "Ayşe Yılmaz",
    actorEmail: null,
    module: "support",
    entityType: "ticket",
    entityId: "t1",
    action: "updated",
    summary: "Updated T-1",
    changes: {
      status: { from: "acik", to: "islemde" },
      assigneeId: { from: gone, to: member },
      dueAt: { from: null, to: "2026-03-01T09:00:00.000Z" },
      urgent: { from: false, to: true },
      internalCode: { from: "x", to: "y" },
    },
    before: null,
    after: null,
    requestId: null,
  };
  const out = drawn(
    "tr",
    h(ActivityItems, {
      items: [entry, { ...entry, id: "e2", action: "archived", changes: {} }],
      nextCursor: null,
      labels,
      names: new Map([[member, "Ayşe Yılmaz"]]),
    }),
  );
  assert.match(out, /<span>talebi güncelledi<\/span>/);
  assert.match(out, /Durum<\/span><del>Açık<\/del>.*<ins>İşlemde<\/ins>/);
  assert.match(out, /Atanan<\/span><del>Silinmiş kullanıcı<\/del>.*<ins>Ayşe Yılmaz<\/ins>/);
  assert.match(out, /Son tarih<\/span><ins>1 Mar 2026 12:00<\/ins>/, "tenant's zone, Turkish");
  assert.match(out, /Acil<\/span><del>hayır<\/del>.*<ins>evet<\/ins>/);
  assert.match(out, /<span>bir değişiklik yaptı<\/span>/, "an unknown verb is never shown raw");
  assert.doesNotMatch(out, /internalCode|acik|islemde|archived|[0-9a-f]{8}-[0-9a-f]{4}-/);
});

/** The real app plus a test module whose pages record lines and mount the timeline. */
async function appWithTimeline() {
  const { platform } = await testApp();
  const pages = new Hono<AppEnv>()
    .route(
      "/activity",
      activityRoutes({ module: "audit-test", permission: "documents.audit.read", pageSize: 2 }),
    )
    .route("/all", activityRoutes({ permission: "admin.role.write" }))
    .post("/things/:id", async (c) => {
      await recordActivity(
        { sql: c.var.sql },
        line({ module: "audit-test", entityId: c.req.param("id") }),
      );
      if (c.req.query("fail")) throw problems.unprocessable("refused after recording");
      return c.text("ok");
    })
    .get(
      "/things/:id",
      async (c) =>
        html(
          c,
          await entityHistory(c, {
            module: "audit-test",
            entityType: "file",
            entityId: c.req.param("id"),
            limit: 1,
            href: "/audit-test/activity",
          }),
        ),
    );
  const mod: ModuleManifest = {
    name: "audit-test",
    labelKey: "module.platform",
    icon: "x",
    menu: [],
    api: createRouter(),
    pages,
    permissions: [],
    jobs: [],
  };
  return createApp({ ...platform, modules: [...platform.modules, mod] });
}

itest(
  "activity pages: recorded through HTTP with the request id; timeline, filters, load more",
  async () => {
    const app = await appWithTimeline();
    const t = await newTenant();
    const headers = { Cookie: `session=${t.owner.token}`, Origin: "http://localhost" };
    const get = (path: string, extra: Record<string, string> = {}) =>
      app.request(path, { headers: { ...headers, ...extra } });

    const empty = await (await get("/audit-test/activity")).text();
    assert.match(empty, /No activity yet\./);
    const tr = await (await get("/audit-test/activity", { "Accept-Language": "tr" })).text();
    assert.match(tr, /<html lang="tr">/);
    assert.match(tr, /Henüz etkinlik yok\./);

    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const failed = await app.request(`/audit-test/things/${ids[0]}?fail=1`, {
      method: "POST",
      headers,
    });
    assert.equal(failed.status, 422);
    const reqIds: string[] = [];
    for (const id of ids) {
      const res = await app.request(`/audit-test/things/${id}`, { method: "POST", headers });
      assert.equal(res.status, 200);
      reqIds.push(res.headers.get("X-Request-Id")!);
    }
    const lines = await scoped(
      t.id,
      null,
      (tx) => tx`select entity_id, request_id from activity order by id`,
    );
    assert.deepEqual(
      lines.map((r) => [r.entityId, r.requestId]),
      ids.map((id, i) => [id, reqIds[i]]),
    );

    const res = await get("/audit-test/activity");
    assert.equal(res.status, 200);
    const full = await res.text();
    assert.match(full, /<h1>Activity log<\/h1>/);
    assert.match(full, /<form class="filters" method="get"[^>]*role="search"/);
    for (const f of ["actor", "action", "from", "to"]) {
      assert.match(
        full,
        new RegExp(
          `<label class="field"><span class="field-label">[^<]+</span><(select|input) name="${f}"`,
        ),
      );
    }
    assert.match(full, /<div id="activity-results" class="card activity-results">/);
    assert.match(full, /<ol class="timeline" aria-label="Activity">/);
    assert.match(full, /<time datetime="\d{4}-\d\d-\d\dT[\d:.]+Z" title="[^"]+">/);
    assert.match(
      full,
      /<span class="change-label">Name<\/span><del>a\.txt<\/del>.*<ins>b\.txt<\/ins>/,
    );
    assert.match(full, /<strong>b\.txt<\/strong>/, "what each line is about");
    assert.equal(full.match(/class="timeline-entry"/g)?.length, 2);
    const more = /<a class="btn btn-secondary" href="([^"]+)" hx-get="([^"]+)"/.exec(full);
    assert.ok(more, "a load more link");
    assert.match(
      full,
      /hx-target="#activity-list (&gt;|>) .timeline" hx-select=".timeline (&gt;|>) li"/,
    );
    const next = await (await get(more[2].replaceAll("&amp;", "&"), { "HX-Request": "true" }))
      .text();
    assert.match(next, /^<!doctype html><ol class="timeline"/);
    assert.equal(next.match(/class="timeline-entry"/g)?.length, 1);
    assert.match(next, /<div id="activity-list-more"><\/div>$/, "no further page");
    const plain = await (await get(more[1].replaceAll("&amp;", "&"))).text();
    assert.match(plain, /<h1>Activity log<\/h1>/, "without JS the link opens the next page");

    const filtered =
      await (await get(`/audit-test/activity?actor=&action=created`, { "HX-Request": "true" }))
        .text();
    assert.doesNotMatch(filtered, /<html/);
    assert.match(filtered, /^<!doctype html><div id="activity-results"/);
    assert.match(filtered, /No activity matches these filters\./);
    const byEntity = await (await get(
      `/audit-test/activity?entityId=${ids[1]}&actor=${t.owner.id}&from=2000-01-01&to=2999-12-31`,
      { "HX-Request": "true" },
    )).text();
    assert.equal(byEntity.match(/class="timeline-entry"/g)?.length, 1);

    await app.request(`/audit-test/things/${ids[2]}`, { method: "POST", headers });
    const history = await (await get(`/audit-test/things/${ids[2]}`)).text();
    assert.match(
      history,
      /<section class="card activity-history" aria-labelledby="activity-history"><header class="card-head"><h2 class="card-title" id="activity-history">History<\/h2>/,
    );
    assert.equal(history.match(/class="timeline-entry"/g)?.length, 1);
    assert.match(
      history,
      /hx-get="\/audit-test\/activity\?[^"]*part=items&amp;list=activity-history-list"/,
    );
    const older = await (await get(
      `/audit-test/activity?entityId=${ids[2]}&cursor=x&part=items&list=bad%20id`,
      { "HX-Request": "true" },
    )).status;
    assert.equal(older, 400, "a bad cursor is a 400");

    for (const q of ["actor=me", "from=2024-13-45", "cursor=zzz"]) {
      assert.equal((await get(`/audit-test/activity?${q}`)).status, 400, q);
    }
    const viewer = await t.member(["viewer"]);
    const denied = await app.request("/audit-test/all", {
      headers: { Cookie: `session=${viewer.token}` },
    });
    assert.equal(denied.status, 403);
    const across = await (await get("/audit-test/all?module=audit-test")).text();
    assert.match(across, /<select name="module">/);
  },
);

itest("activity: the actor shows under the tenant's name for them; bad dates are 400", async () => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  await t.owner.call("PATCH", `/api/admin/users/${member.id}`, { name: "Known here as Deniz" });
  await scoped(t.id, member.id, (tx) => recordActivity({ sql: tx }, line()));
  const page = await scoped(t.id, t.owner.id, (tx) => listActivity({ sql: tx }, { limit: 10 }));
  assert.equal(page.items[0].actorName, "Known here as Deniz");
  for (const bad of ["1", "2026-13-45", "yesterday"]) {
    await assert.rejects(
      () => scoped(t.id, t.owner.id, (tx) => listActivity({ sql: tx }, { limit: 10, from: bad })),
      (err: { status?: number }) => err.status === 400,
      bad,
    );
  }
});
