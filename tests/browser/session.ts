/** Shared steps of the browser tests: serve the test app, watch a page for faults, sign in. */
import assert from "node:assert/strict";
import { AXE, type BrowserContext, type Page } from "./browser.ts";
import { PASSWORD, testApp } from "../helpers.ts";

/**
 * Serves the shared test app on a random local port for the length of `fn`. Pages are closed
 * first: their live notification streams would otherwise keep the server's shutdown waiting.
 */
export async function withServer(context: BrowserContext, fn: (base: string) => Promise<void>) {
  const { app } = await testApp();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, app.fetch);
  try {
    await fn(`http://127.0.0.1:${server.addr.port}`);
  } finally {
    for (const page of context.pages()) await page.close();
    await server.shutdown();
  }
}

/**
 * Collects what must never happen on our pages: console errors, uncaught exceptions, CSP
 * violations, requests to any other host, and error responses.
 */
export function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (msg) => {
    const text = msg.text();
    if (text.includes("Content Security Policy")) problems.push(`CSP: ${text}`);
    else if (msg.type() === "error") {
      problems.push(`console error: ${text} (${msg.location().url})`);
    }
  });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (["data:", "blob:", "about:"].includes(url.protocol)) return;
    if (url.hostname !== "127.0.0.1") problems.push(`foreign request: ${req.method()} ${url}`);
  });
  page.on("response", (res) => {
    const url = new URL(res.url());
    if (res.status() >= 400) {
      problems.push(`HTTP ${res.status()}: ${res.request().method()} ${url.pathname}`);
    }
  });
  return problems;
}

/** Fills and submits the sign-in form, then waits for the home page. */
/**
 * Waits until htmx has no request in flight (nor a swap settling). Leaving a page while one runs
 * aborts it, which htmx reports as a console error (htmx:sendAbort); a loaded machine makes that
 * likelier, e.g. the home page's lazy panels still loading when a test moves on.
 */
export async function htmxIdle(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector(".htmx-request, .htmx-settling, .htmx-swapping"),
    null,
    { timeout: 30_000 },
  );
}

export async function signIn(page: Page, base: string, email: string, tenant: string) {
  await page.goto(`${base}/login`);
  await page.locator("#email").fill(email);
  await page.locator("#password").fill(PASSWORD);
  await page.locator("#tenant").fill(tenant);
  await Promise.all([
    page.waitForURL(`${base}/`),
    page.locator('main form[action="/login"] button[type="submit"]').click(),
  ]);
}

/**
 * A page is axe-clean (serious and critical, inside main) with no sideways scroll at 375 px;
 * with `shots` (a folder), screenshots at 1280 and 375 px in light and dark.
 */
export async function checkPage(page: Page, shots: string | undefined, name: string) {
  await htmxIdle(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.evaluate(AXE);
  const facts = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: { html: string }[] };
    type Axe = { run(ctx: unknown, opts: unknown): Promise<{ violations: Violation[] }> };
    const { axe } = globalThis as unknown as { axe: Axe };
    const { violations } = await axe.run({ include: ["main"] }, { resultTypes: ["violations"] });
    return {
      axe: violations.filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id} ${v.nodes.map((n) => n.html).join(" ")}`),
      sideways: document.documentElement.scrollWidth > globalThis.innerWidth,
    };
  });
  assert.deepEqual(facts, { axe: [], sideways: false }, name);
  if (shots) {
    await Deno.mkdir(shots, { recursive: true });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.screenshot({ path: `${shots}/${name}-${width}-${scheme}.png`, fullPage: true });
      }
    }
    await page.emulateMedia({ colorScheme: "light" });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The next pages in this language (the language cookie). */
export async function language(context: BrowserContext, base: string, lang: "en" | "tr") {
  await context.clearCookies();
  await context.addCookies([{ name: "lang", value: lang, url: base }]);
}
