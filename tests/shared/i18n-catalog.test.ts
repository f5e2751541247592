import assert from "node:assert/strict";
import { en } from "../../shared/i18n/en.ts";
import { tr } from "../../shared/i18n/tr.ts";
import { builtinCatalog } from "../../shared/i18n/i18n.ts";
import { placeholders } from "../../platform/translations/translations.rules.ts";
import { MODULES } from "../../app/registry.ts";

const ROOT = new URL("../../", import.meta.url);
const SCANNED = ["shared/", "platform/", "ui/", "app/", "modules/"];

/** The catalogs as the running app sees them (modules may add keys when they load). */
function catalogs() {
  void MODULES; // importing the registry loads every feature's messages (defineMessages)
  return {
    en: { ...en, ...builtinCatalog("en") } as Record<string, string>,
    tr: { ...tr, ...builtinCatalog("tr") } as Record<string, string>,
  };
}

async function* sourceFiles(dir: URL): AsyncGenerator<URL> {
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory) yield* sourceFiles(url);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield url;
  }
}

/**
 * Message keys used literally in source: `t(l, "key"`, `t(locale, "key"`, `t(c.var.locale,
 * "key"` and the request-bound `t("key"` (ui/render.tsx's tr(c)), also across lines.
 */
const CALL = /\bt\(\s*(?:[\w.$]+\s*,\s*)?"([A-Za-z0-9_.-]+)"/g;
const LABEL = /\blabelKey:\s*"([A-Za-z0-9_.-]+)"/g;

async function usedKeys() {
  const used = new Map<string, string[]>();
  for (const dir of SCANNED) {
    for await (const file of sourceFiles(new URL(dir, ROOT))) {
      // Usage examples in doc comments are not calls; blank them out, keeping line numbers.
      const text = (await Deno.readTextFile(file)).replace(
        /\/\*[\s\S]*?\*\//g,
        (c) => c.replace(/[^\n]/g, " "),
      );
      const where = file.pathname.slice(ROOT.pathname.length);
      for (const re of [CALL, LABEL]) {
        for (const m of text.matchAll(re)) {
          const line = text.slice(0, m.index).split("\n").length;
          used.set(m[1], [...(used.get(m[1]) ?? []), `${where}:${line}`]);
        }
      }
    }
  }
  // Keys built at run time from manifests: module names and menu entries.
  for (const m of MODULES) {
    used.set(m.labelKey, [...(used.get(m.labelKey) ?? []), `modules/${m.name}/mod.ts`]);
    for (const e of m.menu) {
      used.set(e.labelKey, [...(used.get(e.labelKey) ?? []), `modules/${m.name}/mod.ts`]);
    }
  }
  return used;
}

Deno.test("i18n catalog: every English key has a Turkish translation", () => {
  const { en, tr } = catalogs();
  const missing = Object.keys(en).filter((k) => !Object.hasOwn(tr, k) || !tr[k].trim());
  assert.deepEqual(
    missing,
    [],
    `${missing.length} key(s) missing in shared/i18n/tr.ts:\n  ${missing.join("\n  ")}`,
  );
});

Deno.test("i18n catalog: Turkish has no keys that English lacks", () => {
  const { en, tr } = catalogs();
  const extra = Object.keys(tr).filter((k) => !Object.hasOwn(en, k));
  assert.deepEqual(extra, [], `keys only in tr (typo or dead?):\n  ${extra.join("\n  ")}`);
});

Deno.test("i18n catalog: every key used in the source exists in English", async () => {
  const { en } = catalogs();
  const used = await usedKeys();
  assert.ok(used.size > 50, `found only ${used.size} keys; is the scan pattern broken?`);
  const unknown = [...used.entries()].filter(([k]) => !Object.hasOwn(en, k))
    .map(([k, where]) => `${k}  (${where.join(", ")})`);
  assert.deepEqual(
    unknown,
    [],
    `${unknown.length} key(s) used but missing in shared/i18n/en.ts:\n  ${unknown.join("\n  ")}`,
  );
});

Deno.test("i18n catalog: placeholders match between English and Turkish", () => {
  const { en, tr } = catalogs();
  const wrong = Object.keys(tr)
    .filter((k) => Object.hasOwn(en, k))
    .filter((k) => placeholders(en[k]).join() !== placeholders(tr[k]).join())
    .map((k) =>
      `${k}: en {${placeholders(en[k]).join("}, {")}} vs tr {${placeholders(tr[k]).join("}, {")}}`
    );
  assert.deepEqual(wrong, [], `placeholders differ:\n  ${wrong.join("\n  ")}`);
});

Deno.test("i18n catalog: the scan finds keys in every call form", () => {
  const sample = `t(l, "a.one") t(locale, "a.two") t(c.var.locale, "a.three")
    t("a.four") t(
      l,
      "a.five",
      { x: 1 },
    ) format(l, "not.a.key")`;
  const found = [...sample.matchAll(CALL)].map((m) => m[1]);
  assert.deepEqual(found, ["a.one", "a.two", "a.three", "a.four", "a.five"]);
});
