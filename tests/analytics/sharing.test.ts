/**
 * Public links and signed embeds of analytics sheets: the public page shows only its sheet's
 * widgets (another sheet's or tenant's widget id is 404), expiry, revocation and the creator's
 * access are checked on every request, a password is required; embed tokens are HS256 with the
 * workspace's secret, their filters locked (a tampered value, another secret, alg none, an
 * expired token are refused); framing only from the listed origins. Management routes: success,
 * 400, 403, another tenant's id 404 and unchanged.
 */
import assert from "node:assert/strict";
import { SignJWT } from "jose";
import { callApp, itest, newTenant, problem, testApp, type TestTenant } from "../helpers.ts";
import { customer, ticket } from "../support/fixtures.ts";
import { toBase64Url } from "../../shared/crypto/bytes.ts";

const API = "/api/analytics";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

const kpi = (title: string) => ({
  title,
  chartType: "kpi",
  query: { source: { kind: "dataset", name: "tickets" }, aggregates: [{ fn: "count", as: "n" }] },
  w: 3,
  h: 2,
});

/** An app with two sheets, one KPI widget on each. */
async function setup(t: TestTenant) {
  const app = await json(await t.owner.call("POST", `${API}/apps`, { name: "Support" }), 201);
  const sheet = await json(
    await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Shared overview" }),
    201,
  );
  const other = await json(
    await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Internal" }),
    201,
  );
  const w = await json(
    await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, kpi("Ticket count")),
    201,
  );
  const hidden = await json(
    await t.owner.call("POST", `${API}/sheets/${other.id}/widgets`, kpi("Secret internal count")),
    201,
  );
  return { app, sheet, other, w, hidden };
}

const pathOf = (url: string) => new URL(url).pathname;
const kpiValue = (html: string) => /class="kpi-value[^"]*">([^<]*)</.exec(html)?.[1];

itest("public link: its sheet only, other widgets 404, revoke and expiry at once", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const { sheet, w, hidden } = await setup(t);
  const foreign = await setup(other);
  const c = await customer(t.owner);
  await ticket(t.owner, c.id);

  const link = await json(
    await t.owner.call("POST", `${API}/sheets/${sheet.id}/public-links`, {}),
    201,
  );
  assert.match(link.url, /\/p\/analytics\/[A-Za-z0-9_-]{43}$/);
  assert.equal(link.hasPassword, false);
  const path = pathOf(link.url);

  // No session at all: the page shows the sheet and its widget's data, nothing of the app.
  const page = await callApp(path);
  const html = await page.text();
  assert.equal(page.status, 200, html);
  assert.match(html, /Shared overview/);
  assert.match(html, /Ticket count/);
  assert.equal(kpiValue(html), "1");
  assert.doesNotMatch(html, /Secret internal count/);
  assert.doesNotMatch(html, /class="sidebar|href="\/analytics\/apps/);
  assert.match(page.headers.get("cache-control") ?? "", /no-store/);
  assert.match(page.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/);

  // The sheet's own widget answers; another sheet's widget and another tenant's are 404.
  const own = await callApp(`${path}/widgets/${w.id}`);
  assert.equal(own.status, 200);
  assert.equal(kpiValue(await own.text()), "1");
  for (const id of [hidden.id, foreign.w.id, foreign.hidden.id, "not-an-id"]) {
    const res = await callApp(`${path}/widgets/${id}`);
    assert.equal(res.status, 404, id);
    assert.doesNotMatch(await res.text(), /Secret internal count|Ticket count/);
  }
  // No download unless the link allows it; no app page or API with the token.
  assert.equal((await callApp(`${path}/widgets/${w.id}/export.csv`)).status, 403);
  const token = path.split("/").pop()!;
  assert.equal((await callApp(`${API}/sheets/${sheet.id}/widgets?token=${token}`)).status, 401);
  assert.equal(
    (await callApp(`${API}/widgets/${w.id}/data`, { token })).status,
    401,
    "the link's token is no API credential",
  );

  // A link that allows CSV downloads its own widget only.
  const csv = await json(
    await t.owner.call("POST", `${API}/sheets/${sheet.id}/public-links`, { allowCsv: true }),
    201,
  );
  const got = await callApp(`${pathOf(csv.url)}/widgets/${w.id}/export.csv`);
  assert.equal(got.status, 200);
  assert.match(await got.text(), /1/);
  assert.equal((await callApp(`${pathOf(csv.url)}/widgets/${hidden.id}/export.csv`)).status, 404);

  // Revoked: the next request is 404 (the database is asked every time).
  await json(await t.owner.call("DELETE", `${API}/public-links/${link.id}`), 204);
  const gone = await callApp(path);
  assert.equal(gone.status, 404);
  assert.doesNotMatch(await gone.text(), /Ticket count/);
  assert.equal((await callApp(`${path}/widgets/${w.id}`)).status, 404);

  // Expiry: a link whose time has passed is gone too.
  const soon = await json(
    await t.owner.call("POST", `${API}/sheets/${sheet.id}/public-links`, {
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    }),
    201,
  );
  assert.equal((await callApp(pathOf(soon.url))).status, 200);
  const { platform } = await testApp();
  await platform.db.sql`update analytics_public_links set expires_at = now() - interval '1 minute'
    where id = ${soon.id}`;
  assert.equal((await callApp(pathOf(soon.url))).status, 404);
  const listed = await json(await t.owner.call("GET", `${API}/sheets/${sheet.id}/sharing`), 200);
  assert.equal(listed.links.find((l: { id: string }) => l.id === soon.id).expired, true);
  assert.equal(listed.links.some((l: { id: string }) => l.id === link.id), false);
});

itest("public link: stops when its creator loses access; a password is required", async () => {
  const t = await newTenant();
  const { app, sheet, w } = await setup(t);
  const manager = await t.member(["member"]);
  await json(
    await t.owner.call("PUT", `${API}/apps/${app.id}/access`, {
      grants: [{ userId: manager.id, level: "manage" }],
    }),
    200,
  );
  const link = await json(
    await manager.call("POST", `${API}/sheets/${sheet.id}/public-links`, { password: "sesame-42" }),
    201,
  );
  assert.equal(link.hasPassword, true);
  const path = pathOf(link.url);

  // The password form first (no data), then a wrong password, then the right one.
  const ask = await callApp(path);
  const askHtml = await ask.text();
  assert.equal(ask.status, 401);
  assert.match(askHtml, /type="password"/);
  assert.doesNotMatch(askHtml, /Ticket count/);
  assert.equal((await callApp(`${path}/widgets/${w.id}`)).status, 401);
  const form = (password: string) => ({
    method: "POST",
    body: new URLSearchParams({ password }).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  assert.equal((await callApp(path, form("wrong-one"))).status, 422);
  const right = await callApp(path, form("sesame-42"));
  assert.equal(right.status, 303);
  const cookie = right.headers.get("set-cookie") ?? "";
  assert.match(cookie, /HttpOnly/i);
  assert.match(cookie, new RegExp(`Path=${path.replaceAll("/", "\\/")}`));
  const proof = cookie.split(";")[0];
  const shown = await callApp(path, { headers: { Cookie: proof } });
  assert.equal(shown.status, 200);
  assert.match(await shown.text(), /Ticket count/);
  // A forged proof is no proof.
  const [name] = proof.split("=");
  const forged = `${name}=${Math.floor(Date.now() / 1000) + 600}.${
    toBase64Url(new Uint8Array(32))
  }`;
  assert.equal((await callApp(path, { headers: { Cookie: forged } })).status, 401);

  // The creator's grant is taken away: the link shows nothing from the next request on.
  await json(await t.owner.call("PUT", `${API}/apps/${app.id}/access`, { grants: [] }), 200);
  assert.equal((await callApp(path, { headers: { Cookie: proof } })).status, 404);
});

itest(
  "sharing API: 400 bad input, 403 below manage, another tenant's ids 404 unchanged",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const { app, sheet } = await setup(t);
    const foreign = await setup(other);
    const viewer = await t.member(["member"]);
    await json(
      await t.owner.call("PUT", `${API}/apps/${app.id}/access`, {
        grants: [{ userId: viewer.id, level: "view" }],
      }),
      200,
    );
    const create = (who = t.owner, body: unknown = {}, id = sheet.id) =>
      who.call("POST", `${API}/sheets/${id}/public-links`, body);

    await problem(await create(t.owner, { password: "short" }), 400);
    await problem(await create(t.owner, { expiresAt: "tomorrow" }), 400);
    await problem(await create(t.owner, { expiresAt: "2001-01-01T00:00:00Z" }), 400);
    await problem(await create(t.owner, { token: "mine" }), 400);
    await problem(
      await t.owner.call("PUT", `${API}/sheets/${sheet.id}/embedding`, { enabled: "yes" }),
      400,
    );
    // Viewing is not managing.
    await problem(await create(viewer), 403);
    await problem(await viewer.call("GET", `${API}/sheets/${sheet.id}/sharing`), 403);
    await problem(
      await viewer.call("PUT", `${API}/sheets/${sheet.id}/embedding`, { enabled: true }),
      403,
    );
    const mine = await json(await create(), 201);
    await problem(await viewer.call("DELETE", `${API}/public-links/${mine.id}`), 403);
    await problem(await viewer.call("GET", `${API}/embedding`), 403);
    await problem(await viewer.call("POST", `${API}/embedding/secret`), 403);
    await problem(await viewer.call("PUT", `${API}/embedding`, { origins: [] }), 403);

    // Another tenant's sheet and link: 404, and their link keeps working.
    const theirs = await json(await create(other.owner, {}, foreign.sheet.id), 201);
    await problem(await create(t.owner, {}, foreign.sheet.id), 404);
    await problem(await t.owner.call("GET", `${API}/sheets/${foreign.sheet.id}/sharing`), 404);
    await problem(
      await t.owner.call("PUT", `${API}/sheets/${foreign.sheet.id}/embedding`, { enabled: true }),
      404,
    );
    await problem(await t.owner.call("DELETE", `${API}/public-links/${theirs.id}`), 404);
    await problem(await t.owner.call("DELETE", `${API}/public-links/not-an-id`), 404);
    assert.equal((await callApp(pathOf(theirs.url))).status, 200);
    const still = await json(
      await other.owner.call("GET", `${API}/sheets/${foreign.sheet.id}/sharing`),
      200,
    );
    assert.equal(still.links.length, 1);
    assert.equal(still.embed.enabled, false);
  },
);

async function sign(
  claims: Record<string, unknown>,
  { secret, kid, exp = "5m", alg = "HS256" }: {
    secret: string;
    kid: string;
    exp?: string | number;
    alg?: string;
  },
) {
  return await new SignJWT(claims)
    .setProtectedHeader({ alg, kid })
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
}

itest(
  "embedding: locked filters, tampered/expired/wrong-secret/none refused, framing",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const { sheet, other: internal, w, hidden } = await setup(t);
    const foreign = await setup(other);
    const c = await customer(t.owner);
    await ticket(t.owner, c.id, { priority: "yuksek" });
    await ticket(t.owner, c.id, { priority: "yuksek" });
    await ticket(t.owner, c.id, { priority: "dusuk" });

    // Settings: no secret yet; origins need one (422); bad origins 400.
    const none = await json(await t.owner.call("GET", `${API}/embedding`), 200);
    assert.equal(none.configured, false);
    await problem(
      await t.owner.call("PUT", `${API}/embedding`, { origins: ["https://a.example"] }),
      422,
    );
    const made = await json(await t.owner.call("POST", `${API}/embedding/secret`), 201);
    assert.equal(typeof made.secret, "string");
    assert.ok(made.secret.length >= 43);
    const { platform } = await testApp();
    const [stored] = await platform.db.sql<{ raw: string }[]>`
    select encode(secret_ciphertext, 'escape') as raw from analytics_embed_settings
    where tenant_id = ${t.id}`;
    assert.ok(!stored.raw.includes(made.secret), "the secret is stored sealed");
    const read = await json(await t.owner.call("GET", `${API}/embedding`), 200);
    assert.equal(read.secret, undefined, "never returned again");
    await problem(
      await t.owner.call("PUT", `${API}/embedding`, { origins: ["javascript:alert(1)"] }),
      400,
    );
    await problem(
      await t.owner.call("PUT", `${API}/embedding`, { origins: ["https://a.example/path"] }),
      400,
    );
    const saved = await json(
      await t.owner.call("PUT", `${API}/embedding`, {
        origins: ["https://intranet.example.com", "http://localhost:8123/"],
      }),
      200,
    );
    assert.deepEqual(saved.origins, ["https://intranet.example.com", "http://localhost:8123"]);

    const key = { secret: made.secret, kid: made.keyId };
    const claims = { resource: { sheet: sheet.id }, params: { priority: "yuksek" } };
    const embed = (token: string, extra = "") =>
      callApp(`/embed/analytics?token=${encodeURIComponent(token)}${extra}`);

    // Not embeddable yet: 403.
    assert.equal((await embed(await sign(claims, key))).status, 403);
    const on = await json(
      await t.owner.call("PUT", `${API}/sheets/${sheet.id}/embedding`, { enabled: true }),
      200,
    );
    assert.equal(on.enabled, true);

    const token = await sign(claims, key);
    const ok = await embed(token);
    const html = await ok.text();
    assert.equal(ok.status, 200, html);
    assert.equal(kpiValue(html), "2", "only the locked priority's tickets");
    assert.match(
      ok.headers.get("content-security-policy") ?? "",
      /frame-ancestors https:\/\/intranet\.example\.com http:\/\/localhost:8123/,
    );
    // Every other page keeps 'none'.
    const shell = await callApp("/login");
    assert.match(shell.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/);

    // The viewer cannot change or remove the locked value, nor add filters (not editable).
    assert.equal(kpiValue(await (await embed(token, "&where=priority:dusuk")).text()), "2");
    assert.equal(kpiValue(await (await embed(token, "&wf=status&wv=kapandi")).text()), "2");
    const editable = await sign({ ...claims, editable: true }, key);
    assert.equal(kpiValue(await (await embed(editable, "&where=priority:dusuk")).text()), "2");
    assert.equal(kpiValue(await (await embed(editable, "&wf=status&wv=kapandi")).text()), "0");

    // A tampered filter value (payload changed, signature kept) is refused.
    const [h, , s] = token.split(".");
    const forged = toBase64Url(
      new TextEncoder().encode(
        JSON.stringify({ ...claims, params: { priority: "dusuk" }, exp: 9999999999 }),
      ),
    );
    const tampered = await embed(`${h}.${forged}.${s}`);
    assert.equal(tampered.status, 401);
    assert.doesNotMatch(await tampered.text(), /Ticket count/);
    // Another secret, alg none, expired, no exp, garbage: refused, no data.
    assert.equal((await embed(await sign(claims, { ...key, secret: "x".repeat(43) }))).status, 401);
    const header = toBase64Url(
      new TextEncoder().encode(JSON.stringify({ alg: "none", kid: made.keyId })),
    );
    const body = toBase64Url(
      new TextEncoder().encode(JSON.stringify({ ...claims, exp: 9999999999 })),
    );
    assert.equal((await embed(`${header}.${body}.`)).status, 401);
    assert.equal(
      (await embed(await sign(claims, { ...key, exp: Math.floor(Date.now() / 1000) - 60 }))).status,
      401,
    );
    const noExp = await new SignJWT(claims).setProtectedHeader({ alg: "HS256", kid: made.keyId })
      .sign(new TextEncoder().encode(made.secret));
    assert.equal((await embed(noExp)).status, 401);
    assert.equal((await embed("not.a.token")).status, 401);
    assert.equal((await callApp("/embed/analytics")).status, 401);

    // The embed's widget endpoint: its sheet's widget only (another sheet's or tenant's: 404).
    const frag = await callApp(`/embed/analytics/widgets/${w.id}?token=${token}`);
    assert.equal(frag.status, 200);
    assert.equal(kpiValue(await frag.text()), "2");
    for (const id of [hidden.id, foreign.w.id]) {
      assert.equal((await callApp(`/embed/analytics/widgets/${id}?token=${token}`)).status, 404);
    }
    // A token for a sheet that is not embeddable, or another tenant's sheet: 403.
    assert.equal(
      (await embed(await sign({ ...claims, resource: { sheet: internal.id } }, key))).status,
      403,
    );
    assert.equal(
      (await embed(await sign({ ...claims, resource: { sheet: foreign.sheet.id } }, key))).status,
      403,
    );

    // Rotating the secret ends every token signed with the old one; turning embedding off too.
    const rotated = await json(await t.owner.call("POST", `${API}/embedding/secret`), 201);
    assert.notEqual(rotated.secret, made.secret);
    assert.equal((await embed(token)).status, 401);
    const fresh = await sign(claims, { secret: rotated.secret, kid: rotated.keyId });
    assert.equal((await embed(fresh)).status, 200);
    await json(
      await t.owner.call("PUT", `${API}/sheets/${sheet.id}/embedding`, { enabled: false }),
      200,
    );
    assert.equal((await embed(fresh)).status, 403);
  },
);
