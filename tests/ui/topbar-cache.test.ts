// The top bar's markup is kept per reader, look, workspaces, invitations, unread count and
// translations (ui/top-bar.tsx). Whatever it shows must be the reader's own and current on
// their next page.
import assert from "node:assert/strict";
import { callApp, itest, newTenant } from "../helpers.ts";

/** A 1×1 PNG. */
const LOGO = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAW" +
  "jR9awAAAABJRU5ErkJggg==";

const topBar = async (token: string, headers: Record<string, string> = {}) => {
  const res = await callApp("/support/tickets", {
    token,
    headers: { "Accept-Language": "en", ...headers },
  });
  assert.equal(res.status, 200);
  const html = await res.text();
  return html.slice(html.indexOf('<header class="topbar"'), html.indexOf("</header>"));
};

itest("top bar cache: each person sees their own name and e-mail", async () => {
  const t = await newTenant();
  const a = await t.member(["agent"], `a-${crypto.randomUUID()}@example.test`);
  const b = await t.member(["agent"], `b-${crypto.randomUUID()}@example.test`);
  const first = await topBar(a.token);
  const second = await topBar(b.token);
  assert.ok(first.includes(a.email));
  assert.ok(!second.includes(a.email), "a's top bar was not served to b");
  assert.ok(second.includes(b.email));
});

itest(
  "top bar cache: new unread count, workspace name, theme and language show at once",
  async () => {
    const t = await newTenant();
    const member = await t.member(["member"]);
    assert.match(await topBar(member.token), /data-unread="0"/);
    const sent = await t.owner.call("POST", "/api/notifications", {
      userId: member.id,
      title: "Hello",
      body: "There",
      link: "/projects",
    });
    assert.equal(sent.status, 201, await sent.clone().text());
    assert.match(await topBar(member.token), /data-unread="1"/);

    const renamed = await t.owner.call("PATCH", "/api/admin/tenant", { name: "Kuzey Destek" });
    assert.equal(renamed.status, 200, await renamed.clone().text());
    assert.match(await topBar(member.token), /<span class="brand-name">Kuzey Destek<\/span>/);

    assert.match(await topBar(member.token, { Cookie: "theme=dark" }), /value="dark" checked/);
    assert.match(await topBar(member.token), /value="system" checked/);
    assert.match(
      await topBar(member.token, { "Accept-Language": "tr" }),
      /Çıkış yap|Oturumu kapat/,
    );
  },
);

itest(
  "top bar cache: a tenant's wording and logo show on its next page, and only its own",
  async () => {
    const a = await newTenant();
    const b = await newTenant();
    assert.match(await topBar(a.owner.token), />Sign out</);
    assert.match(await topBar(b.owner.token), />Sign out</);
    const put = await a.owner.call("PUT", "/api/support/translations/en/top.signOut", {
      value: "Leave for today",
    });
    assert.equal(put.status, 200, await put.clone().text());
    const logo = `data:image/png;base64,${LOGO}`;
    const patched = await a.owner.call("PATCH", "/api/admin/tenant", { logo });
    assert.equal(patched.status, 200, await patched.clone().text());
    const own = await topBar(a.owner.token);
    assert.match(own, />Leave for today</);
    assert.ok(own.includes(`<img src="${logo}"`));
    const other = await topBar(b.owner.token);
    assert.doesNotMatch(other, /Leave for today|<img/);
  },
);
