import assert from "node:assert/strict";
import { sameOriginPath, sameOriginPathOrNull } from "../../shared/http/redirect.ts";
import { backOf } from "../../shared/http/pages.ts";
import { safeLink } from "../../platform/notifications/notify.service.ts";
import { browse, callApp, itest, newTenant, PASSWORD, unique } from "../helpers.ts";

/** Ways out of the site: each must come back as "/" (or null). */
const EVIL = [
  "/.//evil.test",
  "/..//evil.test",
  "/%2e//evil.test",
  "/%2E%2E//evil.test",
  "/support/../..//evil.test",
  "/support/%2e%2e/%2e%2e//evil.test",
  "https://evil.test",
  "http:evil.test",
  "//evil.test",
  "///evil.test",
  "/\\evil.test",
  "\\\\evil.test",
  "/%5c%5cevil.test",
  "/%5Cevil.test",
  "/%2f%2fevil.test",
  "/%2F/evil.test",
  "/x/../%2f%2fevil.test",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,x",
  " /x",
  "\t/x",
  "\n/x",
  "/x\n",
  "/x\r\nSet-Cookie: a=1",
  "/\t/evil.test",
  "/%00x",
  "/%zz",
  "evil.test",
  "",
];

Deno.test("redirect: ways out of the site fall back to /", () => {
  for (const raw of EVIL) {
    assert.equal(sameOriginPath(raw), "/", JSON.stringify(raw));
    assert.equal(sameOriginPathOrNull(raw), null, JSON.stringify(raw));
    assert.equal(safeLink(raw), null, JSON.stringify(raw));
  }
  for (const raw of [undefined, null, 42, ["/x"], { href: "/x" }]) {
    assert.equal(sameOriginPath(raw), "/", String(raw));
  }
  assert.equal(sameOriginPath("//evil.test", "/home"), "/home", "the fallback is the caller's");
});

Deno.test("redirect: paths of the site are kept, normalised", () => {
  const kept: [string, string][] = [
    ["/", "/"],
    ["/support/tickets?x=1#a", "/support/tickets?x=1#a"],
    [
      "/workflow/tasks/0190a6b2-1c3d-7e4f-8a9b-0c1d2e3f4a5b",
      "/workflow/tasks/0190a6b2-1c3d-7e4f-8a9b-0c1d2e3f4a5b",
    ],
    ["/workflow/tasks?state=claimed&cursor=abc", "/workflow/tasks?state=claimed&cursor=abc"],
    ["/documents/files?q=%2F%2Fx", "/documents/files?q=%2F%2Fx"],
    ["/files/a%2Fb", "/files/a%2Fb"],
    ["/x/./y/../z", "/x/z"],
    ["/a b", "/a%20b"],
    ["/support/../admin/users", "/admin/users"],
  ];
  for (const [raw, want] of kept) {
    assert.equal(sameOriginPath(raw), want, raw);
    assert.equal(sameOriginPathOrNull(raw), want, raw);
  }
  assert.equal(safeLink("/support/tickets/1"), "/support/tickets/1");
});

Deno.test("redirect: a form's back stays under its prefix after normalising", () => {
  const of = (back: string) => backOf({ back }, "/documents", "/documents/files");
  assert.equal(of("/documents/folders?x=1"), "/documents/folders?x=1");
  for (
    const bad of ["/documents/../..//evil.test", "/documents/..//evil.test", "/documents/%2e%2e/x"]
  ) {
    assert.equal(of(bad), "/documents/files", bad);
  }
});

itest("redirect: POST /login with a way-out next lands on /", async () => {
  const t = await newTenant();
  const signIn = (next: string) =>
    browse("/login", {
      form: { email: t.owner.email, password: PASSWORD, next },
      headers: { "X-Forwarded-For": unique("ip") },
    });
  for (const next of EVIL) {
    const res = await signIn(next);
    assert.equal(res.status, 303, JSON.stringify(next));
    // Form fields are trimmed, so " /x" arrives as the harmless "/x".
    const want = next.trim() === next ? "/" : sameOriginPath(next.trim());
    assert.equal(res.headers.get("location"), want, JSON.stringify(next));
  }
  const ok = await signIn("/support/tickets?x=1#a");
  assert.equal(ok.status, 303);
  assert.equal(ok.headers.get("location"), "/support/tickets?x=1#a");
  const dotted = await signIn("/support/./tickets/../tickets");
  assert.equal(dotted.headers.get("location"), "/support/tickets");
});

itest("redirect: a failed sign-in and GET /login carry only a sanitised next", async () => {
  const hidden = (html: string) =>
    html.match(/<input type="hidden" name="next"[^>]* value="([^"]*)"/)?.[1];
  for (const next of EVIL.filter(Boolean)) {
    const page = await callApp(`/login?next=${encodeURIComponent(next)}`);
    assert.equal(page.status, 200);
    assert.equal(hidden(await page.text()), "/", JSON.stringify(next));
    const wrong = await browse("/login", {
      form: { email: `${unique("nobody")}@example.test`, password: "wrong-password", next },
      headers: { "X-Forwarded-For": unique("ip") },
    });
    assert.equal(wrong.status, 401);
    const want = next.trim() === next ? "/" : sameOriginPath(next.trim());
    assert.equal(hidden(await wrong.text()), want, JSON.stringify(next));
  }
  const good = await callApp(`/login?next=${encodeURIComponent("/workflow/tasks?state=claimed")}`);
  assert.equal(hidden(await good.text()), "/workflow/tasks?state=claimed".replace("&", "&amp;"));
});

itest("redirect: the language switch goes back only to a path of this site", async () => {
  const t = await newTenant();
  const back = (referer: string) =>
    browse("/language", {
      who: t.owner,
      form: { locale: "tr" },
      headers: { Referer: referer },
    });
  const ok = await back("http://localhost/support/tickets?x=1");
  assert.equal(ok.status, 303);
  assert.equal(ok.headers.get("location"), "/support/tickets?x=1");
  for (const referer of ["http://localhost//evil.test", "http://localhost/%2f%2fevil.test"]) {
    const res = await back(referer);
    assert.equal(res.status, 303, referer);
    assert.equal(res.headers.get("location"), "/", referer);
  }
});
