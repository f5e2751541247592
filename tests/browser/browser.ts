/**
 * Browser-test helper built on playwright-core and a system Chromium.
 *
 * - `openBrowser()` launches Chromium (headless) with a fresh temporary user-data dir and
 *   returns its persistent `BrowserContext`. The returned context's `close()` is wrapped so
 *   that it also deletes the temporary user-data dir; always call `await context.close()`.
 *   Returns `null` (after printing a one-line notice) when no Chromium binary is found,
 *   unless `REQUIRE_BROWSER=1`, in which case it throws.
 * - `browserTest(name, fn)` registers a `Deno.test` that opens the browser, runs `fn(context, t)`
 *   and always closes it. Without Chromium the test is registered as ignored (with a notice).
 *
 * Env: `CHROMIUM_PATH` (default `/usr/bin/chromium`), `REQUIRE_BROWSER=1` to fail instead of skip.
 */
import axe from "axe-core";
import { type BrowserContext, chromium } from "playwright-core";

export type { BrowserContext, Page } from "playwright-core";

const DEFAULT_CHROMIUM = "/usr/bin/chromium";

/** axe-core's script, for `page.addScriptTag({ content })` (from the package, not a file path:
 * the tests resolve npm packages from Deno's cache, outside the server's node_modules). */
export const AXE: string = axe.source;

export const CHROMIUM_ARGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function env(name: string): string | undefined {
  try {
    return Deno.env.get(name);
  } catch {
    return undefined; // no --allow-env
  }
}

/** Path of the Chromium binary to use (`CHROMIUM_PATH` or `/usr/bin/chromium`). */
export function chromiumPath(): string {
  return env("CHROMIUM_PATH") || DEFAULT_CHROMIUM;
}

function browserRequired(): boolean {
  return env("REQUIRE_BROWSER") === "1";
}

/** True when the configured Chromium path exists and is a file. */
export function chromiumAvailable(): boolean {
  try {
    return Deno.statSync(chromiumPath()).isFile;
  } catch {
    return false;
  }
}

let noticePrinted = false;
function skipNotice(): void {
  if (noticePrinted) return;
  noticePrinted = true;
  console.warn(`browser tests skipped: no Chromium at ${chromiumPath()}`);
}

/**
 * Launches headless Chromium with a fresh temp profile. The returned context's `close()`
 * also removes the temp profile dir. Returns `null` when Chromium is missing (unless
 * `REQUIRE_BROWSER=1`, which makes it throw).
 */
export async function openBrowser(): Promise<BrowserContext | null> {
  const executablePath = chromiumPath();
  if (!chromiumAvailable()) {
    if (browserRequired()) {
      throw new Error(`REQUIRE_BROWSER=1 but no Chromium binary at ${executablePath}`);
    }
    skipNotice();
    return null;
  }
  const userDataDir = await Deno.makeTempDir({ prefix: "browser-test-" });
  const removeDir = () => Deno.remove(userDataDir, { recursive: true }).catch(() => {});
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath,
      headless: true,
      args: [...CHROMIUM_ARGS],
    });
  } catch (err) {
    await removeDir();
    throw err;
  }
  const originalClose = context.close.bind(context);
  context.close = async (options?: { reason?: string }) => {
    try {
      await originalClose(options);
    } finally {
      await removeDir();
    }
  };
  return context;
}

/**
 * `Deno.test` wrapper: opens the browser, runs `fn(context, t)`, always closes it.
 * Registered as ignored (with a notice) when no Chromium is available and
 * `REQUIRE_BROWSER` is not `1`.
 */
export function browserTest(
  name: string,
  fn: (context: BrowserContext, t: Deno.TestContext) => Promise<void>,
): void {
  const skip = !chromiumAvailable() && !browserRequired();
  if (skip) skipNotice();
  Deno.test({
    name,
    ignore: skip,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn(t) {
      const context = await openBrowser();
      if (!context) return;
      try {
        await fn(context, t);
      } finally {
        await context.close();
      }
    },
  });
}
