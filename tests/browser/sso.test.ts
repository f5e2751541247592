/**
 * Single sign-on in a real browser, against a real OpenID provider (oidc-provider) started by
 * the test. English: the sign-in page of a workspace offers "Sign in with Acme", the provider's
 * login signs the person in, and the home page opens. Turkish: the button appears after the
 * e-mail is typed (found by its domain); an account of a foreign domain gets the refusal page;
 * an account of the workspace's domain lands signed in. A start from another site asks for a
 * click on "Continue to Acme" first (login CSRF).
 */
import assert from "node:assert/strict";
import { browserTest, type Page } from "./browser.ts";
import { watch, withServer } from "./session.ts";
import { newTenant, testApp, unique } from "../helpers.ts";
import { startOidcProvider } from "../shared/oidc-provider.fixtures.ts";

browserTest(
  "sso: sign in with the company's provider (en, tr); a foreign domain is refused",
  async (
    context,
  ) => {
    await withServer(context, async (base) => {
      const provider = await startOidcProvider({ redirectUris: [`${base}/sso/callback`] });
      try {
        // The test's provider runs on 127.0.0.1 over http: the operator allows that here.
        (await testApp()).platform.config.SSO_ALLOW_PRIVATE_ISSUERS = true;
        const t = await newTenant();
        const domain = `${t.slug}.example`;
        const res = await t.owner.call("PUT", "/api/admin/sso", {
          issuer: provider.issuer,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          allowedDomains: [domain],
          label: "Acme",
        });
        assert.equal(res.status, 200, await res.text());
        const ayse = `ayse-${unique("a")}@${domain}`;
        const mehmet = `mehmet-${unique("m")}@${domain}`;
        const eve = `eve-${unique("e")}@elsewhere.example`;
        for (const email of [ayse, mehmet, eve]) provider.accounts.set(email, { email });

        const page = await context.newPage();
        const problems = watch(page);
        const throughProvider = async (p: Page, email: string) => {
          await p.locator("#provider-login").waitFor({ state: "visible" });
          await p.locator("#provider-login").fill(email);
          await p.locator("#provider-submit").click();
        };

        // English, offered by the workspace.
        await page.goto(`${base}/login?workspace=${t.slug}&lang=en`);
        const button = page.getByRole("link", { name: "Sign in with Acme" });
        await button.click();
        await throughProvider(page, ayse);
        await page.waitForURL(`${base}/`);
        assert.match(await page.locator("main h1").innerText(), /Good (morning|afternoon|evening)/);

        // Turkish, offered by the e-mail's domain; a foreign account is refused.
        await context.clearCookies();
        await page.goto(`${base}/login?lang=tr`);
        await page.locator("#email").fill(mehmet);
        const tr = page.getByRole("link", { name: "Acme ile giriş yap" });
        await tr.waitFor({ state: "visible" });
        await tr.click();
        await throughProvider(page, eve);
        await page.locator("#sso-refused").waitFor({ state: "visible" });
        assert.equal(await page.locator("h1").innerText(), "Giriş reddedildi");
        assert.match(
          await page.locator("#sso-refused").innerText(),
          /bu çalışma alanına giriş yapamaz/,
        );
        assert.ok((await page.locator("#sso-refused").innerText()).includes(eve));

        // The provider still remembers eve: end its session (cookies do not tell ports apart).
        await context.clearCookies({ name: /^_session/ });
        await page.getByRole("link", { name: "Giriş sayfasına dön" }).click();
        await page.locator("#email").fill(mehmet);
        await tr.click();
        await throughProvider(page, mehmet);
        await page.waitForURL(`${base}/`);
        assert.match(
          await page.locator("main h1").innerText(),
          /(Günaydın|İyi günler|İyi akşamlar|Good)/,
        );

        // Started from another site (here the provider's own page): nothing starts until the
        // person confirms on our "Continue to Acme" page, whose button POSTs the start.
        await context.clearCookies();
        await page.goto(`${provider.issuer}/.well-known/openid-configuration`);
        await page.evaluate((u) => {
          location.href = u;
        }, `${base}/sso/${t.slug}/start`);
        const go = page.getByRole("button", { name: "Continue to Acme" });
        await go.waitFor({ state: "visible" });
        await go.click();
        await throughProvider(page, ayse);
        await page.waitForURL(`${base}/`);

        // The refusal page answers 403 on purpose; nothing else may go wrong.
        // (and the test provider's own page has no favicon).
        const expected = (p: string) =>
          p.startsWith("HTTP 403: GET /sso/callback") ||
          (p.includes("status of 403") && p.includes("/sso/callback?")) ||
          p.includes(`${provider.issuer}/`);
        assert.deepEqual(problems.filter((p) => !expected(p)), []);
      } finally {
        await provider.close();
      }
    });
  },
);
