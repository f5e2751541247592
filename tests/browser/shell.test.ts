/**
 * The app shell in a real browser: sign-in, the home page, menu per role, a module page, the
 * language switch (htmx + HX-Redirect), the profile, error pages inside the shell, sign-out,
 * and the phone layout. Every page must load only from our own origin, without console errors
 * or CSP violations.
 */
import assert from "node:assert/strict";
import { browserTest, type Page } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { makeOperator, newTenant, unique } from "../helpers.ts";

/** The modules with pages in the menu (the others are not built yet). */
const MODULES = ["support", "documents", "projects"];
const TURKISH_LABELS: Record<string, string> = {
  support: "Destek",
  documents: "Belgeler",
  projects: "Projeler",
};

const menuGroup = (page: Page, name: string) =>
  page.locator(`nav.sidebar details.nav-group[data-module="${name}"]`);

async function assertModulesVisible(page: Page) {
  for (const name of MODULES) {
    const group = menuGroup(page, name);
    await group.locator("summary").waitFor({ state: "visible" });
    assert.equal(await group.count(), 1, `one menu group for ${name}`);
  }
}

/** Opens a menu group (only the current module's is open) and returns its link to `href`. */
async function menuLink(page: Page, name: string, href: string) {
  const group = menuGroup(page, name);
  if (await group.getAttribute("open") === null) await group.locator("summary").click();
  const link = group.locator(`a[href="${href}"]`);
  await link.waitFor({ state: "visible" });
  return link;
}

async function openUserMenu(page: Page) {
  const menu = page.locator("details.user-menu");
  if (await menu.getAttribute("open") === null) await menu.locator("summary").click();
}

const GREETING_EN = /^Good (morning|afternoon|evening), Owner$/;
const GREETING_TR = /^(Günaydın|İyi günler|İyi akşamlar), Owner$/;

browserTest("shell: owner signs in, opens a module page, switches to Turkish, signs out", async (
  context,
) => {
  const tenant = await newTenant();
  await withServer(context, async (base) => {
    const page = await context.newPage();
    const problems = watch(page);

    await signIn(page, base, tenant.owner.email, tenant.slug);
    assert.equal(await page.locator("html").getAttribute("lang"), "en");
    assert.match(await page.locator("main h1").innerText(), GREETING_EN);
    assert.match(await page.locator("main").innerText(), /Your roles here: Owner/);
    assert.equal(
      await page.locator("#tenant-switch option:checked").getAttribute("value"),
      tenant.slug,
    );

    // The built modules, plus administration for the owner.
    await assertModulesVisible(page);
    assert.equal(await menuGroup(page, "admin").count(), 1, "owner sees administration");
    assert.ok(await (await menuLink(page, "admin", "/admin/users")).isVisible());

    // Support → Tickets (a built module page).
    const tickets = await menuLink(page, "support", "/support/tickets");
    await Promise.all([page.waitForURL(`${base}/support/tickets`), tickets.click()]);
    assert.equal(new URL(page.url()).pathname, "/support/tickets");
    const heading = await page.locator("main h1").innerText();
    assert.equal(
      await menuGroup(page, "support").locator('a[href="/support/tickets"]').getAttribute(
        "aria-current",
      ),
      "page",
    );

    // Language switch: htmx posts the form on change, the answer's HX-Redirect reloads the page.
    await openUserMenu(page);
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
    assert.notEqual(await page.locator("main h1").innerText(), heading, "the title is Turkish");
    for (const name of MODULES) {
      assert.equal(
        await menuGroup(page, name).locator("summary .nav-label").innerText(),
        TURKISH_LABELS[name],
      );
    }
    await openUserMenu(page);
    assert.equal(await page.locator("#language-switch").inputValue(), "tr");

    // The choice sticks to the user: the home page is Turkish too.
    await page.goto(`${base}/`);
    assert.equal(await page.locator("html").getAttribute("lang"), "tr");
    assert.match(await page.locator("main h1").innerText(), GREETING_TR);
    assert.match(await page.locator("main").innerText(), /Buradaki rolleriniz: Sahip/);

    // The profile from the user menu.
    await openUserMenu(page);
    await Promise.all([
      page.waitForURL(`${base}/profile`),
      page.locator('details.user-menu a[href="/profile"]').click(),
    ]);
    assert.equal(await page.locator("main h1").innerText(), "Profil");
    assert.equal(await page.locator('input[name="name"]').inputValue(), "Owner");

    // Sign out from the user menu.
    await openUserMenu(page);
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

browserTest("shell: a viewer on a phone opens the menu; no administration but the API", async (
  context,
) => {
  const tenant = await newTenant();
  const viewer = await tenant.member(["viewer"]);
  await withServer(context, async (base) => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    const problems = watch(page);

    await signIn(page, base, viewer.email, tenant.slug);
    assert.match(await page.locator("main h1").innerText(), /, Member viewer$/);
    // On a phone the sidebar waits behind the menu button.
    assert.equal(await page.locator("nav.sidebar").isVisible(), false);
    await page.locator("button.nav-toggle").click();
    // It slides in: measure once it has arrived.
    await page.waitForFunction(() => {
      const box = document.getElementById("sidebar")?.getBoundingClientRect();
      return box !== undefined && box.left >= 0;
    });
    await assertModulesVisible(page);
    assert.equal(await page.locator('nav.sidebar a[href^="/admin/"]').count(), 0);
    assert.equal(await page.locator('nav.sidebar a[href="/docs"]').count(), 1);

    // No horizontal scrolling, and the menu fits the screen.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scrollWidth <= 375, `page is ${scrollWidth}px wide at 375px`);
    for (const name of MODULES) {
      const box = await menuGroup(page, name).locator("summary").boundingBox();
      assert.ok(box, `${name} group has a box`);
      assert.ok(box.x >= 0 && box.x + box.width <= 375 + 1, `${name} fits: ${box.x}+${box.width}`);
    }

    // A module page at phone width is still reachable and does not overflow.
    const tickets = await menuLink(page, "support", "/support/tickets");
    await Promise.all([page.waitForURL(`${base}/support/tickets`), tickets.click()]);
    await page.locator("main h1").waitFor({ state: "visible" });
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(pageWidth <= 375, `tickets page is ${pageWidth}px wide at 375px`);

    // Administration is refused inside the shell, with the way back home.
    const denied = await page.goto(`${base}/admin/users`);
    assert.equal(denied?.status(), 403);
    await page.locator("main .empty-state").waitFor({ state: "visible" });
    assert.equal(await page.locator("nav.sidebar").count(), 1, "the shell stays");
    await Promise.all([
      page.waitForURL(`${base}/`),
      page.locator('main .empty-state a[href="/"]').click(),
    ]);

    assert.deepEqual(problems.filter((p) => !/HTTP 403|status of 403/.test(p)), []);
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
    // The list redraws itself: the notification is no longer new.
    await page.locator("#notifications .notification.read").waitFor({ state: "attached" });
    assert.deepEqual(problems, []);
  });
});

browserTest("shell: users page adds a user in a dialog; roles and translations pages", async (
  context,
) => {
  const tenant = await newTenant();
  // Only platform operators add a person with a (generated) password; others invite by e-mail.
  await makeOperator(tenant.owner);
  await withServer(context, async (base) => {
    const page = await context.newPage();
    const problems = watch(page);
    await signIn(page, base, tenant.owner.email, tenant.slug);

    await page.goto(`${base}/admin/users`);
    await page.getByRole("button", { name: "Add with a password" }).first().click();
    const dialog = page.locator("dialog#add-user");
    await dialog.waitFor({ state: "visible" });
    await dialog.locator('input[name="email"]').fill(`${unique("new")}@example.test`);
    await dialog.locator('input[name="name"]').fill("Yeni Kişi");
    await dialog.getByRole("button", { name: "Invite a user" }).click();
    await dialog.locator(".alert.ok").waitFor({ state: "visible" });
    assert.match(await dialog.locator(".alert.ok").innerText(), /Generated password/);
    // The list behind the dialog reloaded itself with the new member.
    await page.locator("#users-list .user-name", { hasText: "Yeni Kişi" }).waitFor({
      state: "attached",
    });
    await dialog.locator("[data-dialog-close]").click();
    await dialog.waitFor({ state: "hidden" });

    await page.goto(`${base}/admin/roles`);
    assert.equal(await page.locator("main h1").innerText(), "Roles");
    await page.getByText("15 permissions").or(page.locator("details.grants summary").first())
      .first().click();
    await page.goto(`${base}/admin/translations?q=nav.home`);
    await page.locator('.tr-original[title="nav.home"]').waitFor();
    await page.locator('[data-locale="tr"] a[aria-label]').first().click();
    const editor = page.locator('textarea[name="value"]');
    await editor.waitFor({ state: "visible" });
    await editor.fill("Başlangıç");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved.").waitFor();
    assert.deepEqual(problems, []);
  });
});

browserTest("shell: on a tall page the sidebar runs the full height, light and dark", async (
  context,
) => {
  const tenant = await newTenant();
  await withServer(context, async (base) => {
    const page = await context.newPage();
    const problems = watch(page);
    await signIn(page, base, tenant.owner.email, tenant.slug);
    // A full-page picture is decoded where no CSP applies (ours allows no data: images).
    const probe = await context.newPage();
    for (const colorScheme of ["dark", "light"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${base}/automation`);
      await page.locator("main h1").waitFor({ state: "visible" });
      const facts = () =>
        page.evaluate(() => {
          const nav = document.getElementById("sidebar")!;
          const box = nav.getBoundingClientRect();
          const home = nav.querySelector('a[href="/"]')!.getBoundingClientRect();
          const corner = document.elementFromPoint(8, innerHeight - 8);
          return {
            height: document.documentElement.scrollHeight,
            width: document.documentElement.scrollWidth,
            viewport: innerHeight,
            bottom: box.bottom + scrollY,
            homeTop: home.top,
            cornerInSidebar: nav.contains(corner),
            background: getComputedStyle(nav).backgroundColor,
          };
        });
      const at = await facts();
      assert.ok(
        at.height > at.viewport + 200,
        `${colorScheme}: the page is taller than the window`,
      );
      assert.ok(at.width <= 1280, `${colorScheme}: no sideways scroll (${at.width})`);
      // What a full-page picture shows at the bottom-left corner is the sidebar's colour.
      const png = await page.screenshot({ fullPage: true });
      const pixel = await probe.evaluate(async ({ data, y }) => {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const image = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
        const canvas = new OffscreenCanvas(image.width, image.height);
        const g = canvas.getContext("2d")!;
        g.drawImage(image, 0, 0);
        const [r, gr, b] = g.getImageData(8, y, 1, 1).data;
        return `rgb(${r}, ${gr}, ${b})`;
      }, { data: png.toString("base64"), y: at.height - 8 });
      assert.equal(pixel, at.background, `${colorScheme}: bottom-left of the full page`);

      // Its box, and so its background, reaches the bottom of the page, not of the first screen.
      assert.ok(
        at.bottom >= at.height - 1,
        `${colorScheme}: sidebar ends at ${at.bottom} of ${at.height}`,
      );

      // Scrolled to the end, the menu is still in view and the corner is the sidebar's.
      await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForFunction(() => scrollY > 0);
      const end = await facts();
      assert.ok(end.cornerInSidebar, `${colorScheme}: the bottom-left corner is the sidebar`);
      assert.ok(
        end.homeTop >= 0 && end.homeTop < end.viewport,
        `${colorScheme}: the menu stays in view (${end.homeTop})`,
      );
    }

    // On a phone the sidebar is still the drawer behind the menu button, the screen's full height.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${base}/automation`);
    assert.equal(await page.locator("nav.sidebar").isVisible(), false);
    await page.locator("button.nav-toggle").click();
    await page.waitForFunction(() => {
      const box = document.getElementById("sidebar")?.getBoundingClientRect();
      return box !== undefined && box.left >= 0;
    });
    const drawer = await page.evaluate(() => {
      const box = document.getElementById("sidebar")!.getBoundingClientRect();
      return {
        bottom: box.bottom,
        viewport: innerHeight,
        width: document.documentElement.scrollWidth,
      };
    });
    assert.ok(drawer.bottom >= drawer.viewport - 1, `drawer ends at ${drawer.bottom}`);
    assert.ok(drawer.width <= 375, `no sideways scroll at 375 px (${drawer.width})`);
    assert.deepEqual(problems, []);
  });
});
