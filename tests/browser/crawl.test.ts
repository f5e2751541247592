/**
 * The page crawl: every page of the menu (and one detail page per kind) at desktop and phone
 * width, in English and Turkish, on a seeded tenant (seed.ts) whose owner is also a platform
 * operator. Each visit collects, without stopping at the first, what DESIGN.md ("Pages") rules
 * out: a navigation answer other than 200, console errors and uncaught exceptions, sideways
 * scrolling, a page in another language than chosen, codes in the visible text (UUIDs, ISO
 * times, the spec's enum values, event, permission and job names, i18n keys) and serious or
 * critical axe-core violations (which rules at which width and language: `axeRules`). The end
 * prints one table of failures and fails if there is any.
 *
 * Exemptions: the translations pages may show i18n keys, since they are the editor of the
 * texts behind those keys; text inside code elements (`code`, `pre`, `kbd`, `samp`, a
 * `textarea`) is a code sample shown on purpose and is not checked.
 *
 * Env:
 *   CRAWL_ONLY=<regex>    only paths (with their query) matching it, e.g. CRAWL_ONLY='^/support'
 *   CRAWL_PAGES=<n>       browser tabs visiting in parallel (default 4)
 *   CRAWL_REPORT=<file>   also write every failure as JSON to that file (under ./data or the
 *                         temporary directory: the tests may write nowhere else)
 *   CRAWL_VERBOSE=1       print each visit with its time
 *
 *   deno task test tests/browser/crawl.test.ts
 *   CRAWL_ONLY='^/documents' deno task test tests/browser/crawl.test.ts
 */
import assert from "node:assert/strict";
import { AXE, type BrowserContext, browserTest, type Page } from "./browser.ts";
import { signIn, withServer } from "./session.ts";
import { type Seeded, seedTenant } from "./seed.ts";
import { en } from "../../shared/i18n/en.ts";
import { builtinCatalog } from "../../shared/i18n/i18n.ts";
import { CORE_PERMISSIONS } from "../../shared/rbac/permissions.ts";
import { MODULES } from "../../app/registry.ts";

const VIEWPORTS = [{ width: 1280, height: 800 }, { width: 375, height: 812 }];
const LANGS = ["en", "tr"] as const;
type Lang = (typeof LANGS)[number];

/** Pages the menu does not list but every signed-in user reaches from the top bar. */
const EXTRA = ["/", "/search?q=test", "/notifications", "/docs"];

/**
 * The detail pages: the list page that leads there (given the seeded records and the pages
 * found so far) and the shape of its links. The seeded record's page stands in when the list
 * offers no such link (and that is a failure too).
 */
const DETAILS: {
  name: keyof Seeded["pages"];
  list: (s: Seeded, found: Partial<Seeded["pages"]>) => string;
  link: RegExp;
}[] = [
  { name: "ticket", list: () => "/support/tickets", link: /^\/support\/tickets\/[0-9a-f-]{36}/ },
  {
    name: "customer",
    list: () => "/support/customers",
    link: /^\/support\/customers\/[0-9a-f-]{36}/,
  },
  {
    name: "file",
    list: (s) => `/documents/files?folder=${s.ids.folder}`,
    link: /^\/documents\/files\?.*\bfile=[0-9a-f-]{36}/,
  },
  {
    name: "board",
    list: () => "/projects/projects",
    link: /^\/projects\/projects\/[0-9a-f-]{36}$/,
  },
  {
    name: "task",
    list: (s, found) => found.board ?? s.pages.board,
    link: /^\/projects\/tasks\/[0-9a-f-]{36}/,
  },
  {
    name: "agent",
    list: () => "/automation/agents",
    link: /^\/automation\/agents\/[0-9a-f-]{36}$/,
  },
  { name: "job", list: () => "/automation/jobs", link: /^\/automation\/jobs\/[0-9a-f-]{36}$/ },
  {
    name: "run",
    list: () => "/automation/jobs/history",
    link: /^\/automation\/runs\/[0-9a-f-]{36}$/,
  },
  {
    name: "process",
    list: () => "/workflow/processes",
    link: /^\/workflow\/processes\/[0-9a-f-]{36}$/,
  },
  {
    name: "workflowTask",
    list: () => "/workflow/my-tasks",
    link: /^\/workflow\/tasks\/[0-9a-f-]{36}$/,
  },
  {
    name: "definition",
    list: () => "/workflow/admin/definitions",
    link: /^\/workflow\/admin\/definitions\/[0-9a-f-]{36}$/,
  },
];

/**
 * Enum values of the spec as they must never show. In Turkish some are real words once
 * written with their letters ("Açık", "Aktif", "Kritik"), so only the ASCII spellings that are
 * no Turkish word count there; in English every value but "normal" does.
 */
const ENUM_CODES: Record<Lang, string[]> = {
  en: [
    "acik",
    "islemde",
    "cozuldu",
    "kapandi",
    "planlamada",
    "aktif",
    "tamamlandi",
    "pasif",
    "hata",
    "dusuk",
    "yuksek",
    "kritik",
  ],
  tr: ["acik", "islemde", "cozuldu", "kapandi", "tamamlandi", "dusuk", "yuksek"],
};

// Boundaries are letters, digits, "_" and "." in any script (\b is ASCII-only).
const word = (alternatives: string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}_.])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}_])`, "gu");
const ENUM_RE: Record<Lang, RegExp> = { en: word(ENUM_CODES.en), tr: word(ENUM_CODES.tr) };
const UUID_RE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ISO_RE = /\d{4}-\d\d-\d\dT\d\d:\d\d/g;
/** The names of events, permissions and system jobs (`support.ticket.created`). */
const CODES = new Set([
  ...CORE_PERMISSIONS,
  ...MODULES.flatMap((m) => [
    ...m.permissions,
    ...Object.keys(m.events ?? {}),
    ...(m.jobs ?? []).map((j) => j.name),
  ]),
]);
/** The English catalog as the running app has it (modules add their keys when they load). */
const KEYS = new Set(Object.keys({ ...en, ...builtinCatalog("en") }));
/** Pages that show i18n keys by design: the translations editors. */
const SHOWS_KEYS = /\/translations(\?|$)/;

/** One page in one language: loaded once, then measured at each width in turn. */
interface Visit {
  path: string;
  lang: Lang;
}
interface Failure {
  page: string;
  where: string;
  check: string;
  detail: string;
}

const unique = (xs: string[]) => [...new Set(xs)];
const clip = (s: string, n = 160) => (s.length > n ? s.slice(0, n - 1) + "…" : s);

/** A step that must not hang the whole crawl (axe waits for frames that may never answer). */
function within<T>(ms: number, what: string, step: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms);
  });
  return Promise.race([step, late]).finally(() => clearTimeout(timer));
}

/** The codes people must not see in a page's visible text, by check. */
function textProblems(text: string, lang: Lang, path: string): [string, string][] {
  const found: [string, string][] = [];
  const add = (check: string, matches: string[]) => {
    if (matches.length) found.push([check, unique(matches).slice(0, 5).join(", ")]);
  };
  add("uuid", text.match(UUID_RE) ?? []);
  add("iso-time", text.match(ISO_RE) ?? []);
  add("enum-code", text.match(ENUM_RE[lang]) ?? []);
  const tokens = text.split(/\s+/).map((t) => t.replace(/^[("'“‘[{<]+|[)"'”’\]}>,;:!?.…]+$/g, ""));
  if (!SHOWS_KEYS.test(path)) add("i18n-key", tokens.filter((t) => KEYS.has(t)));
  add("code", tokens.filter((t) => CODES.has(t)));
  return found;
}

/** Waits until htmx has nothing in flight (panels that load themselves after the page). */
async function settle(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector(".htmx-request, .htmx-settling, .htmx-swapping"),
    null,
    { timeout: 5000 },
  ).catch(() => {});
}

/** A browser tab that records console errors and uncaught exceptions of the current visit. */
async function tab(context: BrowserContext) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${clip(msg.text(), 200)}`);
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${clip(err.message, 200)}`));
  /** Milliseconds of the last visit's steps, for CRAWL_VERBOSE. */
  const took = { load: 0, settle: 0, axe: 0 };
  return { page, errors, took };
}

/** What one width of a loaded page shows: size, visible text, language, axe's findings. */
function measure(page: Page, axeRules: AxeRules) {
  return page.evaluate(async (axeRules) => {
    type Violation = { id: string; impact: string | null; nodes: { target: unknown[] }[] };
    type Axe = { run(ctx: Document, opts: unknown): Promise<{ violations: Violation[] }> };
    const w = globalThis as unknown as { axe?: Axe };
    const options = {
      resultTypes: ["violations"],
      rules: axeRules === "all" ? {} : { "color-contrast": { enabled: false } },
    };
    const axe = axeRules === "none" ? [] : w.axe
      ? (await w.axe.run(document, options)).violations
        .filter((x) => x.impact === "serious" || x.impact === "critical")
        .map((x) => ({
          id: x.id,
          impact: x.impact,
          n: x.nodes.length,
          at: String(x.nodes[0]?.target),
        }))
      : null;
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: globalThis.innerWidth,
      // Code samples are shown on purpose (the script guide documents event names, enum
      // values and ISO times): text inside code elements is left out of the text checks.
      // Only shown ones: a closed dialog's textarea is not in the visible text, and taking
      // its words out would take the same words out where they do show.
      text: [...document.querySelectorAll("code, pre, kbd, samp, textarea")]
        .filter((el) => el.getClientRects().length > 0)
        .reduce(
          (all, el) => all.replace((el as HTMLElement).innerText, " "),
          document.body?.innerText ?? "",
        ),
      lang: document.documentElement.lang,
      axe,
    };
  }, axeRules);
}

/**
 * Which axe-core rules run at a width (its rules are most of the crawl's time). English: every
 * rule at desktop width, all but colour contrast at phone width (the theme's colours do not
 * change with the width, and contrast is axe's costliest rule). Turkish: the phone width only,
 * without contrast: the markup is the same, so what the language can change (names, labels,
 * landmarks) is checked once, where the layout is tightest.
 */
type AxeRules = "all" | "no-contrast" | "none";
const axeRules = (lang: Lang, width: number): AxeRules =>
  width === VIEWPORTS[0].width ? (lang === "en" ? "all" : "none") : "no-contrast";

/**
 * Loads the page once at desktop width and checks it there, then narrows the same page to
 * phone width and checks it again (layout, visible text, axe): a resize redoes everything
 * that depends on the width without a second load. axe-core's rules per width and language:
 * `axeRules`.
 * Findings are [where, check, detail], where is "1280/en".
 */
async function visit(
  { page, errors, took }: Awaited<ReturnType<typeof tab>>,
  v: Visit,
  base: string,
): Promise<[string, string, string][]> {
  const found: [string, string, string][] = [];
  let mark = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = Math.round(now - mark);
    mark = now;
    return ms;
  };
  await page.setViewportSize(VIEWPORTS[0]);
  // Leaving the previous page first closes its notification stream: Chromium opens at most six
  // connections to one host, and six tabs each holding a stream would starve every navigation.
  await page.goto("about:blank");
  errors.length = 0;
  const first = `${VIEWPORTS[0].width}/${v.lang}`;
  const res = await page.goto(base + v.path, { waitUntil: "load", timeout: 30_000 });
  const redirected = res?.request().redirectedFrom();
  if (!res || res.status() !== 200 || redirected) {
    const to = new URL(page.url());
    found.push([
      first,
      "http",
      `${redirected ? `redirected to ${to.pathname}${to.search}, then ` : ""}${
        res?.status() ?? "no answer"
      }`,
    ]);
  }
  took.load = lap();
  await settle(page);
  took.settle = lap();
  // Injected through the debugging protocol, which our CSP (no inline scripts) does not govern.
  await page.evaluate(AXE);
  took.axe = 0;
  for (const [i, vp] of VIEWPORTS.entries()) {
    const where = `${vp.width}/${v.lang}`;
    if (i > 0) {
      await page.setViewportSize(vp);
      // Two frames: the resize's layout and whatever the page's own scripts redraw for it.
      await page.evaluate(() =>
        new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
      );
      await settle(page);
    }
    const facts = await within(60_000, "axe-core", measure(page, axeRules(v.lang, vp.width)));
    took.axe += lap();
    if (facts.scrollWidth > facts.innerWidth) {
      found.push([where, "overflow", `scrollWidth ${facts.scrollWidth} > ${facts.innerWidth}`]);
    }
    if (facts.lang !== v.lang) {
      found.push([where, "lang", `<html lang="${facts.lang}">, not ${v.lang}`]);
    }
    for (const [check, detail] of textProblems(facts.text, v.lang, v.path)) {
      found.push([where, check, detail]);
    }
    if (!facts.axe) found.push([where, "axe", "axe-core did not load"]);
    for (const x of facts.axe ?? []) {
      found.push([where, "axe", `${x.impact} ${x.id} ×${x.n} (${clip(x.at, 80)})`]);
    }
  }
  // Errors of the load and of every width, reported where the page was loaded.
  for (const e of unique(errors)) found.push([first, "console", e]);
  return found;
}

/** Same-origin page links of every nav, also in collapsed groups, without fragments. */
async function menuPaths(page: Page, base: string): Promise<string[]> {
  const hrefs = await page.$$eval(
    "nav a[href]",
    (as) => as.map((a) => (a as HTMLAnchorElement).href),
  );
  return unique(
    hrefs.map((h) => new URL(h)).filter((u) => u.origin === base)
      .filter((u) => !/^\/(api|assets)\//.test(u.pathname) && u.pathname !== "/logout")
      .map((u) => u.pathname + u.search),
  );
}

/**
 * A link of the list page to a detail page of the kind asked for: the seeded record's when the
 * list shows it (it has the most content), else the first one.
 */
async function detailLink(page: Page, base: string, list: string, link: RegExp, seeded: string) {
  await page.goto(base + list);
  await settle(page);
  const hrefs = await page.$$eval(
    "main a[href]",
    (as) => as.map((a) => (a as HTMLAnchorElement).href),
  );
  const found = hrefs.map((h) => new URL(h)).filter((u) => u.origin === base)
    .map((u) => u.pathname + u.search).filter((p) => link.test(p));
  const want = new URL(seeded, base);
  return found.find((p) => {
    const u = new URL(p, base);
    return u.pathname === want.pathname &&
      [...want.searchParams].every(([k, v]) => u.searchParams.get(k) === v);
  }) ?? found[0];
}

async function setLanguage(page: Page, base: string, lang: Lang) {
  // What the top bar's language form posts (htmx adds the HX-Request header).
  const res = await page.request.post(`${base}/language`, {
    form: { locale: lang },
    headers: { Origin: base, Referer: `${base}/`, "HX-Request": "true" },
  });
  if (res.status() >= 400) throw new Error(`language switch to ${lang}: ${res.status()}`);
}

/** "1280/en 375/en" → "en", all four → "all": the shortest name of a set of visits. */
function whereName(wheres: string[]) {
  const all = VIEWPORTS.flatMap((vp) => LANGS.map((l) => `${vp.width}/${l}`));
  const set = new Set(wheres);
  if (all.every((w) => set.has(w))) return "all";
  const parts = [...LANGS, ...VIEWPORTS.map((vp) => String(vp.width))].filter((part) => {
    const members = all.filter((w) => w.split("/").includes(part));
    return members.every((w) => set.has(w));
  });
  const covered = new Set(all.filter((w) => parts.some((p) => w.split("/").includes(p))));
  return [
    ...parts,
    ...all.filter((w) => set.has(w) && !covered.has(w)),
    ...wheres
      .filter((w) => !all.includes(w)),
  ].join(" ");
}

/** Rows of the failure table: a page's finding once for all the visits where it occurred. */
function rows(failures: Failure[]): Failure[] {
  const byPage = new Map<string, Failure & { wheres: string[] }>();
  for (const f of failures) {
    const page = f.page.replace(UUID_RE, ":id");
    const k = `${page}\u0000${f.check}\u0000${f.detail}`;
    const row = byPage.get(k) ?? { ...f, page, wheres: [] };
    row.wheres.push(f.where);
    byPage.set(k, row);
  }
  // A finding of the shell shows on many pages: one row naming how many.
  const shared = new Map<string, Failure[]>();
  for (const r of byPage.values()) {
    const row = { page: r.page, where: whereName(r.wheres), check: r.check, detail: r.detail };
    const k = `${row.where}\u0000${row.check}\u0000${row.detail}`;
    shared.set(k, [...shared.get(k) ?? [], row]);
  }
  return [...shared.values()].flatMap((same) =>
    same.length < 4 ? same : [{
      ...same[0],
      page: `${same.length} pages: ${clip(same.map((r) => r.page).join(" "), 60)}`,
    }]
  ).sort((a, b) => a.page.localeCompare(b.page) || a.check.localeCompare(b.check));
}

function table(failures: Failure[]) {
  const list = rows(failures);
  const w = (k: "page" | "where" | "check") => Math.max(k.length, ...list.map((r) => r[k].length));
  const [wp, ww, wc] = [w("page"), w("where"), w("check")];
  const line = (r: Failure) =>
    `${r.page.padEnd(wp)}  ${r.where.padEnd(ww)}  ${r.check.padEnd(wc)}  ${r.detail}`;
  return [
    line({ page: "page", where: "where", check: "check", detail: "detail" }),
    ...list.map(line),
  ]
    .join("\n");
}

function summary(failures: Failure[]) {
  const count = (k: "check" | "page") => {
    const m = new Map<string, number>();
    for (const f of failures) {
      const key = f[k].replace(UUID_RE, ":id");
      m.set(key, (m.get(key) ?? 0) + 1);
    }
    return [...m.entries()].sort((a, b) => b[1] - a[1]);
  };
  return [
    "failures per check: " + count("check").map(([k, n]) => `${k} ${n}`).join(", "),
    "worst pages: " + count("page").slice(0, 10).map(([k, n]) => `${k} (${n})`).join(", "),
  ].join("\n");
}

Deno.test("crawl: the text checks catch codes and spare real words", () => {
  const checks = (text: string, lang: Lang, path = "/") =>
    textProblems(text, lang, path).map(([check, detail]) => `${check}: ${detail}`);
  assert.deepEqual(
    checks("Status acik since 2026-01-02T10:00, normal Normal", "en"),
    ["iso-time: 2026-01-02T10:00", "enum-code: acik"],
  );
  assert.deepEqual(checks("Açık Aktif Kritik Yüksek normal", "tr"), []);
  assert.deepEqual(checks("Durum: kapandi, öncelik yuksek", "tr"), ["enum-code: kapandi, yuksek"]);
  assert.deepEqual(
    checks("id 0190c1f4-7b8a-7cde-8f00-123456789abc (nav.home) support.ticket.created", "en"),
    [
      "uuid: 0190c1f4-7b8a-7cde-8f00-123456789abc",
      "i18n-key: nav.home",
      "code: support.ticket.created",
    ],
  );
  assert.deepEqual(checks("nav.home", "en", "/support/translations"), []);
  assert.deepEqual(checks("help@support.example.test projects.example.com", "en"), []);
  assert.deepEqual(checks("Roles: admin.user.read, support.sla.check", "en"), [
    "code: admin.user.read, support.sla.check",
  ]);
});

browserTest("crawl: every page at 1280 and 375 px, in English and Turkish", async (context) => {
  const only = Deno.env.get("CRAWL_ONLY");
  const filter = only ? new RegExp(only) : null;
  const parallel = Number(Deno.env.get("CRAWL_PAGES") ?? 4);
  const verbose = Deno.env.get("CRAWL_VERBOSE") === "1";
  const seeded = await seedTenant();
  await withServer(context, async (base) => {
    const started = performance.now();
    const failures: Failure[] = [];
    const main = await tab(context);
    await signIn(main.page, base, seeded.owner.email, seeded.tenant.slug);

    // What to visit: the menu, the top bar's pages, one detail page of each kind. While the
    // shell itself fails, the manifests' menus stand in, so the crawl still reports per page.
    let menu = await menuPaths(main.page, base);
    if (menu.length === 0) {
      failures.push({
        page: "/",
        where: "en",
        check: "menu",
        detail: "no nav links; crawled the manifests' menus",
      });
      menu = MODULES.flatMap((m) => m.menu.map((e) => e.path));
    }
    const paths = [...EXTRA, ...menu];
    const details: Partial<Seeded["pages"]> = {};
    for (const d of DETAILS) {
      const list = d.list(seeded, details);
      const found = await detailLink(main.page, base, list, d.link, seeded.pages[d.name]);
      if (!found) {
        failures.push({
          page: list,
          where: "en",
          check: "detail-link",
          detail: `no link to a ${d.name} page; crawled ${seeded.pages[d.name]}`,
        });
      }
      paths.push(details[d.name] = found ?? seeded.pages[d.name]);
    }
    const todo = unique(paths).filter((p) => !filter || filter.test(p));

    let visits = 0;
    const tabs = [
      main,
      ...await Promise.all(
        Array.from({ length: Math.max(0, parallel - 1) }, () => tab(context)),
      ),
    ];
    for (const lang of LANGS) {
      await setLanguage(main.page, base, lang);
      const queue: Visit[] = todo.map((path) => ({ path, lang }));
      await Promise.all(tabs.map(async (t) => {
        for (let v = queue.shift(); v; v = queue.shift()) {
          const where = v.lang;
          visits += VIEWPORTS.length;
          const t0 = performance.now();
          try {
            for (const [at, check, detail] of await visit(t, v, base)) {
              failures.push({ page: v.path, where: at, check, detail });
            }
          } catch (err) {
            const detail = clip(String((err as Error).message ?? err).split("\n")[0]);
            failures.push({ page: v.path, where, check: "error", detail });
          }
          if (verbose) {
            const ms = Math.round(performance.now() - t0);
            const { load, settle, axe } = t.took;
            console.log(`${where} ${v.path} ${ms} ms (load ${load}, settle ${settle}, axe ${axe})`);
          }
        }
      }));
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`crawl: ${todo.length} pages, ${visits} visits in ${seconds} s`);
    const reportFile = Deno.env.get("CRAWL_REPORT");
    if (reportFile) await Deno.writeTextFile(reportFile, JSON.stringify(failures, null, 2));
    if (failures.length) {
      const message = `${failures.length} failure(s)\n${summary(failures)}\n\n${table(failures)}`;
      console.log(message);
      throw new Error(`crawl: ${failures.length} failure(s), see the table above`);
    }
  });
});
