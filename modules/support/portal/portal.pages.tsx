import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { type C, field, readForm } from "../../../shared/http/pages.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { html } from "../../../ui/render.tsx";
import { isSameOrigin } from "../../../platform/identity/public.ts";
import { portalFrame } from "./portal.access.service.ts";
import { PortalLayout } from "./portal.view.tsx";
import {
  ConfirmLinkCard,
  DeadLinkCard,
  SignInCard,
  SsoRefusedCard,
} from "./portal.signin.view.tsx";
import {
  isPortalEmail,
  linkUsable,
  requestMagicLink,
  signInWithLink,
  signOutOfPortal,
} from "./portal.signin.service.ts";
import { finishPortalSso, portalSsoProvider, startPortalSso } from "./portal.sso.service.ts";
import { portalPath, safeNext } from "./portal.rules.ts";
import type { PortalContext } from "./portal.rules.ts";
import type { ContentfulStatusCode } from "hono/utils/http-status";

type Frame = Omit<PortalContext, "sql">;

function render(
  c: C,
  f: Frame,
  title: string,
  body: preact.ComponentChildren,
  status: ContentfulStatusCode = 200,
) {
  return html(
    c,
    <PortalLayout tenant={f.tenant} customer={f.customer} locale={f.locale} title={title}>
      {body}
    </PortalLayout>,
    status,
  );
}

/** Cookie-carrying form posts come from our own pages only (as the staff forms). */
function sameOrigin(c: C) {
  if (!isSameOrigin(c)) throw problems.forbidden("Cross-site request refused.");
}

async function signInPage(c: C, f: Frame, state: {
  email?: string;
  error?: string;
  notice?: string;
  next?: string;
  status?: ContentfulStatusCode;
} = {}) {
  const sso = await portalSsoProvider(c, f.tenant.slug);
  return render(
    c,
    f,
    t(f.locale, "portal.signIn"),
    <SignInCard
      slug={f.tenant.slug}
      workspace={f.tenant.name}
      email={state.email}
      next={state.next}
      error={state.error}
      notice={state.notice}
      sso={sso}
    />,
    state.status,
  );
}

function deadLink(c: C, f: Frame) {
  return render(
    c,
    f,
    t(f.locale, "portal.link.dead.title"),
    <DeadLinkCard slug={f.tenant.slug} />,
    410,
  );
}

function ssoRefused(c: C, f: Frame) {
  return render(
    c,
    f,
    t(f.locale, "portal.sso.refused.title"),
    <SsoRefusedCard slug={f.tenant.slug} />,
    403,
  );
}

/** The portal's sign-in and start pages under /portal/:workspace. */
export function mountPortalPages(app: Hono<AppEnv>) {
  // The start page /portal/:workspace is the customer's ticket list (portal-tickets).
  app.get("/portal/:workspace/sign-in", async (c) => {
    const f = await portalFrame(c);
    if (f instanceof Response) return f;
    const next = safeNext(f.tenant.slug, c.req.query("next"));
    if (f.customer) return c.redirect(next, 303);
    return await signInPage(c, f, { next: c.req.query("next") ? next : undefined });
  });

  app.post("/portal/:workspace/sign-in", async (c) => {
    const f = await portalFrame(c);
    if (f instanceof Response) return f;
    sameOrigin(c);
    const form = await readForm(c);
    const email = field(form, "email")?.trim() ?? "";
    const next = field(form, "next") ? safeNext(f.tenant.slug, field(form, "next")) : undefined;
    if (!isPortalEmail(email)) {
      return await signInPage(c, f, {
        email,
        next,
        error: t(f.locale, "portal.signIn.invalidEmail"),
        status: 422,
      });
    }
    try {
      await requestMagicLink(c, { tenant: f.tenant, email, locale: f.locale });
    } catch (err) {
      if (err instanceof Problem && err.status === 429) {
        if (err.headers?.["Retry-After"]) c.header("Retry-After", err.headers["Retry-After"]);
        return await signInPage(c, f, {
          email,
          next,
          error: t(f.locale, "portal.signIn.throttled"),
          status: 429,
        });
      }
      throw err;
    }
    return await signInPage(c, f, { next, notice: t(f.locale, "portal.signIn.sent") });
  });

  // GET only shows a button: mail scanners that open links must not use them up.
  app.get("/portal/:workspace/sign-in/:token", async (c) => {
    const f = await portalFrame(c);
    if (f instanceof Response) return f;
    const token = c.req.param("token");
    if (!(await linkUsable(c, f.tenant.id, token))) return deadLink(c, f);
    return render(
      c,
      f,
      t(f.locale, "portal.signIn"),
      <ConfirmLinkCard slug={f.tenant.slug} token={token} workspace={f.tenant.name} />,
    );
  });

  app.post("/portal/:workspace/sign-in/:token", async (c) => {
    const f = await portalFrame(c);
    if (f instanceof Response) return f;
    sameOrigin(c);
    if (!(await signInWithLink(c, f.tenant.id, c.req.param("token")))) return deadLink(c, f);
    return c.redirect(portalPath(f.tenant.slug), 303);
  });

  // Single sign-on: a same-origin form post starts it (no site can start it for a browser).
  app.post("/portal/:workspace/sso/start", async (c) => {
    const f = await portalFrame(c);
    if (f instanceof Response) return f;
    sameOrigin(c);
    const next = field(await readForm(c), "next") || undefined;
    const url = await startPortalSso(c, f.tenant.slug, next);
    if (!url) return ssoRefused(c, f);
    return c.redirect(url, 303);
  });

  app.get("/portal/:workspace/sso/callback", async (c) => {
    const f = await portalFrame(c);
    if (f instanceof Response) return f;
    const to = await finishPortalSso(c, f.tenant);
    if (!to) return ssoRefused(c, f);
    return c.redirect(to, 303);
  });

  app.post("/portal/:workspace/sign-out", async (c) => {
    const f = await portalFrame(c);
    if (f instanceof Response) return f;
    sameOrigin(c);
    await signOutOfPortal(c);
    return c.redirect(portalPath(f.tenant.slug, "/sign-in"), 303);
  });
}
