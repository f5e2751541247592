/**
 * The app shell in a real browser: sign-in, menu per role, a placeholder page, the language
 * switch (htmx + HX-Redirect), sign-out, and the phone layout. Every page must load only from
 * our own origin, without console errors or CSP violations.
 */
import assert from "node:assert/strict";
import { browserTest, type Page } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";

const MODULES = ["support", "workflow", "documents", "analytics", "projects", "automation"];
const TURKISH_LABELS: Record<string, string> = {
  support: "Destek",
  workflow: "İş Akışı",
  documents: "Belgeler",
  analytics: "Analitik",
  projects: "Projeler",
  automation: "Otomasyon",
};

const menuModule = (page: Page, name: string) =>
  page.locator(`nav.menu section.menu-module[data-module="${name}"]`);

async function assertModulesVisible(page: Page) {
  for (const name of MODULES) {
    const section = menuModule(page, name);
    await section.waitFor({ state: "visible" });
    assert.equal(await section.count(), 1, `one menu section for ${name}`);
    assert.ok(await section.locator("a").first().isVisible(), `a visible link in ${name}`);
  }
}

browserTest("shell: owner signs in, opens a module page, switches to Turkish, signs out", async (
  context,
) => {
  const tenant = await newTenant();
  await withServer(context, async (base) => {
    const page = await context.newPage();
    const problems = watch(page);

    await signIn(page, base, tenant.owner.email, tenant.slug);
    assert.equal(await page.locator("html").getAttribute("lang"), "en");
    assert.equal(await page.locator("main h1").innerText(), "Welcome, Owner");
    assert.equal(
      await page.locator("#tenant-switch option:checked").getAttribute("value"),
      tenant.slug,
    );

    // All six modules, plus administration for the owner.
    await assertModulesVisible(page);
    assert.equal(await menuModule(page, "admin").count(), 1, "owner sees the admin section");
    assert.ok(await menuModule(page, "admin").locator('a[href="/admin/users"]').isVisible());

    // Support → Tickets: the honest placeholder page.
    const tickets = menuModule(page, "support").locator('a[href="/support/tickets"]');
    assert.equal(await tickets.innerText(), "Tickets");
    await Promise.all([page.waitForURL(`${base}/support/tickets`), tickets.click()]);
    assert.equal(new URL(page.url()).pathname, "/support/tickets");
    assert.equal(await page.locator("main h1").innerText(), "Tickets");
    await page.locator("main [data-placeholder]").waitFor({ state: "visible" });
    assert.match(await page.locator("main [data-placeholder]").innerText(), /not built yet/);
    assert.equal(await tickets.getAttribute("aria-current"), "page");

    // Language switch: htmx posts the form on change, the answer's HX-Redirect reloads the page.
    const languagePosted = page.waitForResponse((res) =>
      new URL(res.url()).pathname === "/language" && res.request().method() === "POST"
    );
    await page.locator("#language-switch").selectOption("tr");
    const answer = await languagePosted;
    assert.equal(answer.status(), 204);
    assert.equal(answer.headers()["hx-redirect"], "/support/tickets");
    await page.locator("html[lang=tr]").waitFor({ state: "attached" });
    await page.locator("main h1").waitFor({ state: "visible" });
    assert.equal(new URL(page.url()).pathname, "/support/tickets");
    assert.equal(await page.locator("main h1").innerText(), "Talepler");
    for (const name of MODULES) {
      assert.match(
        await menuModule(page, name).locator("h2").textContent() ?? "",
        new RegExp(TURKISH_LABELS[name]),
      );
    }
    assert.equal(await page.locator("#language-switch").inputValue(), "tr");

    // The choice sticks to the user: the home page is Turkish too.
    await page.goto(`${base}/`);
    assert.equal(await page.locator("html").getAttribute("lang"), "tr");
    assert.equal(await page.locator("main h1").innerText(), "Hoş geldiniz, Owner");

    // Sign out from the user menu.
    await page.locator("details.user-menu summary").click();
    const signOut = page.locator('details.user-menu form[action="/logout"] button');
    await signOut.waitFor({ state: "visible" });
    await Promise.all([page.waitForURL(`${base}/login`), signOut.click()]);
    assert.equal(new URL(page.url()).pathname, "/login");
    const cookies = await context.cookies(base);
    assert.ok(!cookies.some((c) => c.name === "session"), "session cookie is gone");

    // The shell is closed again.
    await page.goto(`${base}/`);
    assert.equal(new URL(page.url()).pathname, "/login");
    await page.locator("#email").waitFor({ state: "visible" });

    assert.deepEqual(problems, []);
    await page.close();
  });
});

browserTest("shell: a viewer on a phone sees every module but no administration", async (
  context,
) => {
  const tenant = await newTenant();
  const viewer = await tenant.member(["viewer"]);
  await withServer(context, async (base) => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const problems = watch(page);

    await signIn(page, base, viewer.email, tenant.slug);
    assert.equal(await page.locator("main h1").innerText(), "Welcome, Member viewer");
    await assertModulesVisible(page);
    assert.equal(await menuModule(page, "admin").count(), 0, "no admin section for a viewer");
    assert.equal(await page.locator('nav.menu a[href^="/admin/"]').count(), 0);

    // No horizontal scrolling, and the menu entries fit the screen.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scrollWidth <= 390 + 1, `page is ${scrollWidth}px wide at 390px`);
    for (const name of MODULES) {
      const box = await menuModule(page, name).locator("a").first().boundingBox();
      assert.ok(box, `${name} link has a box`);
      assert.ok(
        box.x >= 0 && box.x + box.width <= 390 + 1,
        `${name} link fits: ${box.x}+${box.width}`,
      );
    }

    // A module page at phone width is still reachable and does not overflow.
    const tickets = menuModule(page, "support").locator('a[href="/support/tickets"]');
    await Promise.all([page.waitForURL(`${base}/support/tickets`), tickets.click()]);
    await page.locator("main [data-placeholder]").waitFor({ state: "visible" });
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(pageWidth <= 390 + 1, `placeholder page is ${pageWidth}px wide at 390px`);

    assert.deepEqual(problems, []);
    await page.close();
  });
});

browserTest("shell: the unread badge updates live when a notification arrives", async (context) => {
  const tenant = await newTenant();
  const member = await tenant.member(["member"]);
  await withServer(context, async (base) => {
    const page = await context.newPage();
    const problems = watch(page);
    await signIn(page, base, member.email, tenant.slug);
    const badge = page.locator("#unread-badge [data-unread]");
    assert.equal(await badge.getAttribute("data-unread"), "0");
    assert.equal(await badge.isVisible(), false, "no count shown while nothing is unread");

    // Created through the API by someone else; the open page must show it without a reload.
    const url = page.url();
    const sent = await tenant.owner.call("POST", "/api/notifications", {
      userId: member.id,
      title: "Your task is due",
      link: "/projects/tasks",
    });
    assert.equal(sent.status, 201);
    await page.locator('#unread-badge [data-unread="1"]').waitFor({
      state: "visible",
      timeout: 10_000,
    });
    assert.equal(page.url(), url, "no navigation happened");

    await page.locator("a.bell").click();
    await page.waitForURL(`${base}/notifications`);
    await page.getByText("Your task is due").waitFor();
    await page.getByRole("button", { name: "Mark all read" }).click();
    await page.locator('#unread-badge [data-unread="0"]').waitFor({
      state: "attached",
      timeout: 10_000,
    });
    assert.deepEqual(problems, []);
  });
});
