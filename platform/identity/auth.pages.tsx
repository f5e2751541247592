import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { Problem } from "../../shared/http/problem.ts";
import { type C, field, readForm, redirectAfterPost } from "../../shared/http/pages.ts";
import { sameOriginPath } from "../../shared/http/redirect.ts";
import { isLocale, t } from "../../shared/i18n/i18n.ts";
import { login, revokeToken, setCallerLocale, switchTenant } from "./auth.service.ts";
import {
  clearSessionCookie,
  clientAddress,
  setSessionCookie,
} from "./authentication.middleware.ts";
import { isSameOrigin } from "./csrf.middleware.ts";
import { LANG_COOKIE } from "./locale.middleware.ts";
import { answerInvitation } from "./invitations.service.ts";
import { formatDate, html, page, tr } from "../../ui/kit.ts";
import { hasPermission } from "../../shared/rbac/permissions.ts";
import { LoginPage } from "./login.view.tsx";
import { greetingKey, Home } from "./home.view.tsx";
import { IdentityStyles } from "./styles.view.tsx";
import { listRoles } from "./admin.service.ts";
import { roleNames } from "./roles.labels.lib.ts";
import { profilePages } from "./profile.pages.tsx";
import { ssoOffersFor } from "./sso.flow.service.ts";
import { secondFactorPage } from "./two-factor.pages.tsx";

/**
 * A switch refused with 403 sso-required or workspace-sign-in-required (workspace-entry.service):
 * the workspace's start or sign-in address; anything else rethrown.
 */
const ssoStart = (err: unknown): string => {
  const startUrl = err instanceof Problem && err.slug === "sso-required"
    ? err.extensions?.startUrl
    : err instanceof Problem && err.slug === "workspace-sign-in-required"
    ? err.extensions?.signInUrl
    : undefined;
  if (typeof startUrl !== "string") throw err;
  return startUrl;
};

/** Pages reachable without a session. */
export const publicPages = new Hono<AppEnv>()
  .get("/login", async (c) => {
    const lang = c.req.query("lang");
    if (isLocale(lang)) {
      setCookie(c, LANG_COOKIE, lang, { path: "/", sameSite: "Lax", maxAge: 365 * 86400 });
      c.set("locale", lang);
    }
    const workspace = c.req.query("workspace");
    const sso = await ssoOffersFor(c.var.platform, { workspace });
    return html(
      c,
      <LoginPage next={sameOriginPath(c.req.query("next"))} tenant={workspace} sso={sso} />,
    );
  })
  .post("/login", async (c) => {
    const form = await readForm(c);
    const [email, password, tenant, next] = ["email", "password", "tenant", "next"].map((k) =>
      field(form, k)
    );
    const l = c.var.locale;
    const again = (error: string, status: 400 | 401 | 403 | 429) =>
      html(
        c,
        <LoginPage
          email={email}
          tenant={tenant}
          next={sameOriginPath(next)}
          error={error}
        />,
        status,
      );
    if (!isSameOrigin(c)) return again(t(l, "error.forbidden"), 403);
    if (!email || !password || email.length > 254 || password.length > 1024) {
      return again(t(l, "login.required"), 400);
    }
    try {
      const signedIn = await login(c.var.platform, {
        email,
        password,
        tenant: tenant || undefined,
        address: clientAddress(c),
        userAgent: c.req.header("user-agent"),
      });
      setSessionCookie(c, signedIn.accessToken, signedIn.expiresIn);
      return c.redirect(sameOriginPath(next), 303);
    } catch (err) {
      if (!(err instanceof Problem)) throw err;
      if (err.status === 429) {
        c.header("Retry-After", err.headers["Retry-After"]);
        return again(t(l, "login.throttled", { seconds: err.headers["Retry-After"] }), 429);
      }
      if (err.slug === "tenant-suspended") return again(t(l, "login.suspended"), 403);
      if (err.slug === "second-factor-required") {
        return await secondFactorPage(c, err, sameOriginPath(next));
      }
      if (err.slug === "sso-required") {
        const sso = await ssoOffersFor(c.var.platform, { workspace: tenant, email });
        return html(
          c,
          <LoginPage
            email={email}
            tenant={tenant}
            next={sameOriginPath(next)}
            error={t(l, "sso.login.required")}
            sso={sso}
          />,
          403,
        );
      }
      return again(t(l, "login.invalid"), 401);
    }
  });

/** The hour (0–23) in a time zone. */
function hourIn(timeZone: string, now = new Date()) {
  return Number(
    new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone }).format(now),
  );
}

/**
 * `/`: the signed-in user's day. A greeting in the tenant's time zone, every module's home
 * cards (each module shows only what this user may see), then the modules they can open.
 */
async function homePage(c: C) {
  const { session, locale: l, platform } = c.var;
  const timeZone = c.var.timeZone ?? "UTC";
  const cards = (await Promise.all(platform.modules.map((m) => m.home?.(c) ?? [])))
    .flat()
    .sort((a, b) => a.order - b.order)
    .map((card) => card.node);
  const links = platform.modules.flatMap((m) => {
    const first = m.menu.find((e) =>
      !e.permission || hasPermission(session.permissions, e.permission)
    );
    return first ? [{ name: m.name, label: t(l, m.labelKey), icon: m.icon, href: first.path }] : [];
  });
  const roles = roleNames(tr(c), session.roles, await listRoles(actorOf(c)));
  const today = t(l, "home.today", {
    date: formatDate(l, new Date(), timeZone),
    tenant: session.tenantName,
  });
  return await page(
    c,
    t(l, greetingKey(hourIn(timeZone)), { name: session.name }),
    <>
      <IdentityStyles />
      <Home cards={cards} links={links} roles={roles} />
    </>,
    { description: today },
  );
}

/** Pages and form actions of a signed-in user. */
export const sessionPages = new Hono<AppEnv>()
  .get("/", homePage)
  .route("/profile", profilePages)
  .post("/logout", async (c) => {
    await revokeToken(actorOf(c));
    clearSessionCookie(c);
    return redirectAfterPost(c, "/login");
  })
  .post("/switch-tenant", async (c) => {
    const form = await readForm(c);
    const signedIn = await switchTenant(actorOf(c), {
      platform: c.var.platform,
      tenant: field(form, "tenant"),
      client: { address: clientAddress(c), userAgent: c.req.header("user-agent") },
    }).catch(ssoStart);
    // The workspace requires single sign-on, or a second factor this account has yet to set up:
    // through its provider or its sign-in page (this session stays as it is).
    if (typeof signedIn === "string") return redirectAfterPost(c, signedIn);
    await revokeToken(actorOf(c));
    setSessionCookie(c, signedIn.accessToken, signedIn.expiresIn);
    return redirectAfterPost(c, "/");
  })
  .post("/invitations/:tenantId{[0-9a-f-]{36}}/:answer{accept|decline}", async (c) => {
    const accept = c.req.param("answer") === "accept";
    await answerInvitation(actorOf(c), { tenantId: c.req.param("tenantId"), accept });
    return redirectAfterPost(c, "/");
  })
  .post("/language", async (c) => {
    const locale = field(await readForm(c), "locale");
    if (isLocale(locale)) {
      await setCallerLocale(actorOf(c), locale);
      setCookie(c, LANG_COOKIE, locale, { path: "/", sameSite: "Lax", maxAge: 365 * 86400 });
    }
    const referer = c.req.header("Referer");
    const back = referer && isSameOrigin(c) ? new URL(referer) : null;
    return redirectAfterPost(c, back ? sameOriginPath(back.pathname + back.search) : "/");
  });
