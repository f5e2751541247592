import assert from "node:assert/strict";
import { callApp, itest, newTenant, problem, testApp } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { t } from "../../shared/i18n/i18n.ts";
import { withTenantTranslations } from "../../platform/translations/translations.cache.service.ts";
import { languagesFor } from "../../platform/translations/translations.service.ts";
import { catalog, MODULES } from "./translations.fixtures.ts";

itest("translations api: merged catalog, override, reset — on every module", async () => {
  const tn = await newTenant();
  const base = await catalog(tn.owner, "tr");
  assert.equal(base.locale, "tr");
  assert.deepEqual(base.languages.map((l) => [l.code, l.name, l.builtin]), [
    ["en", "English", true],
    ["tr", "Türkçe", true],
  ]);
  assert.equal(base.messages["nav.home"], "Ana sayfa");
  assert.equal(base.messages["app.name"], "İş Platformu");
  assert.ok(Object.keys(base.messages).length > 100);

  const put = await tn.owner.call("PUT", "/api/support/translations/tr/nav.home", {
    value: "Başlangıç",
  });
  assert.equal(put.status, 200);
  assert.deepEqual(await put.json(), {
    locale: "tr",
    key: "nav.home",
    value: "Başlangıç",
    default: "Ana sayfa",
    overridden: true,
  });
  for (const m of MODULES) {
    assert.equal((await catalog(tn.owner, "tr", m)).messages["nav.home"], "Başlangıç", m);
  }
  // Other languages and keys are untouched.
  assert.equal((await catalog(tn.owner, "en")).messages["nav.home"], "Home");
  assert.equal((await catalog(tn.owner, "tr")).messages["nav.users"], "Kullanıcılar");

  // Placeholders the English message offers may be used (and dropped).
  const withVars = await tn.owner.call("PUT", "/api/projects/translations/en/home.title", {
    value: "Hello again, {name}!",
  });
  assert.equal(withVars.status, 200);

  const reset = await tn.owner.call("DELETE", "/api/automation/translations/tr/nav.home");
  assert.equal(reset.status, 200);
  assert.deepEqual(await reset.json(), {
    locale: "tr",
    key: "nav.home",
    value: "Ana sayfa",
    default: "Ana sayfa",
    overridden: false,
  });
  assert.equal((await catalog(tn.owner, "tr")).messages["nav.home"], "Ana sayfa");
  // Resetting again is harmless.
  assert.equal(
    (await tn.owner.call("DELETE", "/api/support/translations/tr/nav.home")).status,
    200,
  );

  // Without ?locale the caller's language is used.
  const mine = await (await tn.owner.call("GET", "/api/support/translations", undefined, {
    "Accept-Language": "tr",
  })).json();
  assert.equal(mine.locale, "tr");
});

itest("translations api: validation errors", async () => {
  const tn = await newTenant();
  const call = (method: string, path: string, body?: unknown) =>
    tn.owner.call(method, `/api/support/translations${path}`, body);

  for (const bad of ["EN", "english", "pt-br", "e", "de-DE-x"]) {
    const res = await call("GET", `?locale=${encodeURIComponent(bad)}`);
    const body = await problem(res, 400);
    assert.equal(body.errors[0].path, "query.locale", bad);
  }
  await problem(await call("PUT", "/English/nav.home", { value: "x" }), 400);
  await problem(await call("PUT", "/tr/bad key!", { value: "x" }), 400);

  const unknown = await problem(await call("PUT", "/tr/no.such.key", { value: "x" }), 422);
  assert.match(unknown.detail, /no\.such\.key/);
  await problem(await call("DELETE", "/tr/no.such.key"), 422);

  await problem(await call("PUT", "/tr/nav.home", { value: "" }), 400);
  await problem(await call("PUT", "/tr/nav.home", { value: "   " }), 400);
  await problem(await call("PUT", "/tr/nav.home", {}), 400);
  await problem(await call("PUT", "/tr/nav.home", { value: "x".repeat(4001) }), 400);
  await problem(await call("PUT", "/tr/nav.home", "not json"), 400);

  const placeholder = await problem(
    await call("PUT", "/tr/home.title", { value: "Merhaba {nmae}" }),
    422,
  );
  assert.match(placeholder.detail, /\{nmae\}.*\{name\}/);

  await problem(await call("POST", "/languages", { locale: "tr" }), 422);
  await problem(await call("POST", "/languages", { locale: "TR" }), 400);
  await problem(await call("DELETE", "/languages/en"), 422);
  await problem(await call("DELETE", "/languages/fr"), 404);

  // Nothing was stored by the refused requests.
  assert.equal((await catalog(tn.owner, "tr")).messages["nav.home"], "Ana sayfa");
});

itest("translations api: permissions per module", async () => {
  const tn = await newTenant();
  const viewer = await tn.member(["viewer"]);
  const member = await tn.member(["member"]);

  for (const m of MODULES) {
    assert.equal((await viewer.call("GET", `/api/${m}/translations`)).status, 200, m);
    await problem(
      await viewer.call("PUT", `/api/${m}/translations/tr/nav.home`, { value: "x" }),
      403,
    );
    await problem(await viewer.call("DELETE", `/api/${m}/translations/tr/nav.home`), 403);
    await problem(
      await viewer.call("POST", `/api/${m}/translations/languages`, { locale: "de" }),
      403,
    );
  }
  // The texts are the whole tenant's: members may read them anywhere but change none, not even
  // through the module they work in; admins (admin.translation.write) may.
  for (const m of MODULES) {
    await problem(
      await member.call("PUT", `/api/${m}/translations/tr/nav.home`, { value: "x" }),
      403,
    );
  }
  const admin = await tn.member(["admin"]);
  assert.equal(
    (await admin.call("PUT", "/api/projects/translations/tr/nav.home", { value: "Giriş" })).status,
    200,
  );
  await problem(await callApp("/api/support/translations"), 401);
  assert.equal((await catalog(viewer, "tr")).messages["nav.home"], "Giriş");
});

itest("translations api: another tenant's overrides and languages are invisible", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const put = await b.owner.call("PUT", "/api/support/translations/en/nav.home", {
    value: "B's home",
  });
  assert.equal(put.status, 200);
  assert.equal(
    (await b.owner.call("PUT", "/api/support/translations/de/nav.home", { value: "Heim" })).status,
    200,
  );
  assert.equal((await catalog(b.owner, "en")).messages["nav.home"], "B's home");

  const seen = await catalog(a.owner, "en");
  assert.equal(seen.messages["nav.home"], "Home");
  assert.deepEqual(seen.languages.map((l) => l.code), ["en", "tr"]);
  assert.equal((await catalog(a.owner, "de")).messages["nav.home"], "Home");

  // Even a query without a where clause sees only the own tenant's rows (RLS).
  const { platform } = await testApp();
  const rows = await withScope(
    platform.db.sql,
    { tenantId: a.id },
    (tx) =>
      tx`select * from translations union all select tenant_id, locale, '', name, created_at, created_by from translation_languages`,
  );
  assert.deepEqual([...rows], []);

  // And t() inside A's scope does not show B's text.
  const shown = await withScope(
    platform.db.sql,
    { tenantId: a.id },
    (tx) =>
      withTenantTranslations({ sql: tx }, {
        tenantId: a.id,
        fn: () => Promise.resolve(t("en", "nav.home")),
      }),
  );
  assert.equal(shown, "Home");
});

itest("translations api: an extra language falls back to English until translated", async () => {
  const tn = await newTenant();
  const put = await tn.owner.call("PUT", "/api/support/translations/de/nav.home", {
    value: "Startseite",
  });
  assert.equal(put.status, 200);
  assert.equal((await put.json()).default, "Home");
  // The tenant's English is the fallback for other languages too.
  await tn.owner.call("PUT", "/api/support/translations/en/nav.users", { value: "People" });

  const de = await catalog(tn.owner, "de");
  assert.equal(de.messages["nav.home"], "Startseite");
  assert.equal(de.messages["nav.roles"], "Roles");
  assert.equal(de.messages["nav.users"], "People");
  assert.deepEqual(de.languages.find((l) => l.code === "de"), {
    code: "de",
    name: "Deutsch",
    builtin: false,
  });
  // Turkish keeps its own text; it does not fall back to the tenant's English.
  assert.equal((await catalog(tn.owner, "tr")).messages["nav.users"], "Kullanıcılar");

  const added = await tn.owner.call("POST", "/api/support/translations/languages", {
    locale: "pt-BR",
  });
  assert.equal(added.status, 201);
  assert.deepEqual(await added.json(), {
    code: "pt-BR",
    name: "Português (Brasil)",
    builtin: false,
  });
  const named = await tn.owner.call("POST", "/api/support/translations/languages", {
    locale: "tlh",
    name: "tlhIngan Hol",
  });
  assert.equal((await named.json()).name, "tlhIngan Hol");
  const pt = await catalog(tn.owner, "pt-BR");
  assert.deepEqual(pt.languages.map((l) => l.code), ["en", "tr", "de", "pt-BR", "tlh"]);
  assert.equal(pt.messages["nav.home"], "Home");

  const { platform } = await testApp();
  const langs = await withScope(
    platform.db.sql,
    { tenantId: tn.id },
    (tx) => languagesFor({ sql: tx }),
  );
  assert.deepEqual(langs.map((l) => l.code), ["en", "tr", "de", "pt-BR", "tlh"]);

  assert.equal(
    (await tn.owner.call("DELETE", "/api/support/translations/languages/de")).status,
    204,
  );
  const gone = await catalog(tn.owner, "de");
  assert.equal(gone.messages["nav.home"], "Home");
  assert.ok(!gone.languages.some((l) => l.code === "de"));
});

itest("translations: the OpenAPI document lists the routes of each module", async () => {
  const doc = await (await callApp("/openapi.json")).json();
  for (const m of MODULES) {
    assert.ok(doc.paths[`/api/${m}/translations`]?.get, m);
    const one = doc.paths[`/api/${m}/translations/{locale}/{key}`];
    assert.ok(one?.put && one?.delete, m);
    assert.ok(one.put.responses["422"] && one.put.responses["403"], m);
    assert.deepEqual(one.put.tags, [m]);
  }
  assert.ok(doc.components.schemas.TranslationCatalog);
});
