import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { type C, field, type Form, readForm, redirectAfterPost } from "../../shared/http/pages.ts";
import { Problem } from "../../shared/http/problem.ts";
import { sameOriginPath } from "../../shared/http/redirect.ts";
import { requirePermission } from "../../shared/rbac/permissions.ts";
import { Card, html, page, Toast, tr } from "../../ui/kit.ts";
import { TENANT_WRITE } from "./tenants.schemas.ts";
import { clientAddress, setSessionCookie } from "./authentication.middleware.ts";
import { isSameOrigin } from "./csrf.middleware.ts";
import { listMembers, listRoles } from "./admin.service.ts";
import { roleName } from "./roles.labels.lib.ts";
import { removeSsoSettings, saveSsoSettings, ssoSettings } from "./sso.service.ts";
import { finishSso, FLOW_SECONDS, ssoOffersFor, startSso } from "./sso.flow.service.ts";
import { callbackUrl, type SsoRefusal, SsoRefused } from "./sso.rules.ts";
import { type SsoSettings, SsoSettingsBody } from "./sso.schemas.ts";
import {
  SsoContinuePage,
  type SsoFormErrors,
  type SsoFormValues,
  SsoOffers,
  SsoOnwardPage,
  SsoRefusedPage,
  SsoRemoveForm,
  SsoSettingsForm,
  SsoStyles,
} from "./sso.view.tsx";
import { appOrigin } from "./links.lib.ts";
import "./sso.messages.ts";

/** The cookie that binds a started sign-in to this browser (sent back only to the callback). */
const FLOW_COOKIE = "sso_flow";

const originOf = (c: C) =>
  appOrigin(c.req.url, (name) => c.req.header(name), c.var.platform.config);

const secureCookie = (c: C) =>
  c.var.platform.config.COOKIE_SECURE ?? originOf(c).startsWith("https:");

const REFUSAL_STATUS: Record<SsoRefusal, 400 | 403 | 503> = {
  expired: 400,
  invalid: 400,
  provider: 403,
  unverified: 403,
  domain: 403,
  disabled: 403,
  linked: 403,
  unavailable: 503,
};

function refused(c: C, err: SsoRefused, email?: string) {
  return html(c, <SsoRefusedPage reason={err.reason} email={email} />, REFUSAL_STATUS[err.reason]);
}

/**
 * Starts the sign-in at the provider: the flow cookie, then off to the provider's address — by a
 * redirect for a navigation (302), by a refreshing page after the confirmation's POST ("onward").
 */
async function begin(c: C, next: string | undefined, how: 302 | "onward") {
  try {
    const started = await startSso(c.var.platform, {
      workspace: c.req.param("workspace")!,
      redirectUri: callbackUrl(originOf(c)),
      next,
    });
    setCookie(c, FLOW_COOKIE, started.cookie, {
      httpOnly: true,
      sameSite: "Lax",
      secure: secureCookie(c),
      path: "/sso/callback",
      maxAge: FLOW_SECONDS,
    });
    if (how === 302) return c.redirect(started.url, 302);
    c.header("Refresh", `0;url=${started.url}`);
    return html(c, <SsoOnwardPage label={started.label} url={started.url} />);
  } catch (err) {
    if (!(err instanceof SsoRefused)) throw err;
    return refused(c, err);
  }
}

/** "Continue to <company>": a same-origin POST button for a start that came from elsewhere. */
async function confirmation(c: C, next: string | undefined, status: 200 | 403) {
  const workspace = c.req.param("workspace")!;
  const [offer] = await ssoOffersFor(c.var.platform, { workspace });
  if (!offer) {
    return refused(c, new SsoRefused("unavailable", "This workspace has no single sign-on."));
  }
  return html(
    c,
    <SsoContinuePage
      label={offer.label}
      action={`/sso/${offer.slug}/start`}
      next={sameOriginPath(next)}
    />,
    status,
  );
}

/** The sign-in side: the buttons' lookup, the start and the provider's answer (public). */
export const ssoPublicPages = new Hono<AppEnv>()
  .get("/sso/lookup", async (c) => {
    const offers = await ssoOffersFor(c.var.platform, {
      workspace: c.req.query("tenant") || c.req.query("workspace"),
      email: c.req.query("email"),
    });
    return html(c, <SsoOffers offers={offers} next={sameOriginPath(c.req.query("next"))} />);
  })
  .get("/sso/:workspace{[a-z0-9][a-z0-9-]{0,62}}/start", async (c) => {
    const next = c.req.query("next");
    // Only a navigation of this site's own (the sign-in button, the admin's test button, a
    // redirect of ours) or one the person typed starts at once; from another site (or a browser
    // that does not say) the person confirms first, so that no site can sign a browser into a
    // workspace of its choosing (login CSRF).
    const from = c.req.header("Sec-Fetch-Site");
    if (from === "same-origin" || from === "none") return await begin(c, next, 302);
    return await confirmation(c, next, 200);
  })
  .post("/sso/:workspace{[a-z0-9][a-z0-9-]{0,62}}/start", async (c) => {
    const next = field(await readForm(c), "next") || undefined;
    if (!isSameOrigin(c)) return await confirmation(c, next, 403);
    return await begin(c, next, "onward");
  })
  .get("/sso/callback", async (c) => {
    const cookie = getCookie(c, FLOW_COOKIE);
    deleteCookie(c, FLOW_COOKIE, { path: "/sso/callback" });
    const here = new URL(c.req.url);
    try {
      const signedIn = await finishSso(c.var.platform, {
        cookie,
        currentUrl: new URL(`${callbackUrl(originOf(c))}${here.search}`),
        client: { address: clientAddress(c), userAgent: c.req.header("user-agent") },
      });
      setSessionCookie(c, signedIn.accessToken, signedIn.expiresIn);
      return c.redirect(sameOriginPath(signedIn.next), 303);
    } catch (err) {
      if (!(err instanceof SsoRefused)) throw err;
      return refused(c, err, err.email);
    }
  });

// ---------------------------------------------------------------------------------------------
// /admin/sso: the workspace's settings.

const valuesOf = (s: SsoSettings | null): SsoFormValues => ({
  enabled: s?.enabled ?? true,
  issuer: s?.issuer ?? "",
  clientId: s?.clientId ?? "",
  label: s?.label ?? "",
  allowedDomains: s?.allowedDomains.join("\n") ?? "",
  roleClaim: s?.roleClaim ?? "",
  roleMap: s?.roleMap.map((m) => `${m.value} = ${m.role}`).join("\n") ?? "",
  defaultRole: s?.defaultRole ?? "member",
  ssoRequired: s?.ssoRequired ?? false,
  breakGlassUserId: s?.breakGlassUserId ?? "",
});

/** The form as the API's body (and the values to show again with errors). */
function bodyOf(form: Form) {
  const text = (k: string) => field(form, k).trim();
  const values: SsoFormValues = {
    enabled: !!field(form, "enabled"),
    issuer: text("issuer"),
    clientId: text("clientId"),
    label: text("label"),
    allowedDomains: text("allowedDomains"),
    roleClaim: text("roleClaim"),
    roleMap: text("roleMap"),
    defaultRole: text("defaultRole"),
    ssoRequired: !!field(form, "ssoRequired"),
    breakGlassUserId: text("breakGlassUserId"),
  };
  const lines = values.roleMap.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const roleMap = lines.map((l) => {
    const at = l.lastIndexOf("=");
    return at < 0 ? { value: "", role: "" } : {
      value: l.slice(0, at).trim(),
      role: l.slice(at + 1).trim(),
    };
  });
  const secret = field(form, "clientSecret");
  const body = {
    enabled: values.enabled,
    issuer: values.issuer,
    clientId: values.clientId,
    ...(secret ? { clientSecret: secret } : {}),
    allowedDomains: values.allowedDomains.split(/[\s,;]+/).filter(Boolean),
    roleClaim: values.roleClaim || null,
    roleMap,
    defaultRole: values.defaultRole || "member",
    ssoRequired: values.ssoRequired,
    breakGlassUserId: values.breakGlassUserId || null,
    label: values.label,
  };
  return { values, body };
}

const FIELDS = [
  "issuer",
  "clientId",
  "clientSecret",
  "allowedDomains",
  "roleClaim",
  "roleMap",
  "defaultRole",
  "breakGlassUserId",
  "label",
] as const;
const asField = (path: string | undefined) =>
  (FIELDS as readonly string[]).includes(path ?? "") ? path as keyof SsoFormErrors : undefined;

async function answer(
  c: C,
  form: {
    values: SsoFormValues;
    settings: SsoSettings | null;
    errors?: SsoFormErrors;
    saved?: boolean;
  },
  status: 200 | 400 | 403 | 422 = 200,
) {
  const t = tr(c);
  const actor = actorOf(c);
  const [roles, members] = await Promise.all([
    listRoles(actor),
    listMembers(actor, { limit: 100 }),
  ]);
  const owners = members
    .filter((m) => m.status === "active" && m.roles.includes("owner"))
    .map((m) => ({ id: m.id, label: `${m.name} (${m.email})` }));
  const body = (
    <SsoSettingsForm
      values={form.values}
      errors={form.errors}
      hasSecret={form.settings?.hasClientSecret ?? false}
      redirectUri={callbackUrl(originOf(c))}
      roles={roles.filter((r) => r.key !== "owner").map((r) => ({
        key: r.key,
        name: roleName(t, r),
      }))}
      owners={owners}
      configured={!!form.settings}
      workspace={c.var.session.tenantSlug}
      flash={form.saved ? { kind: "ok", text: t("sso.saved") } : undefined}
    />
  );
  if (c.req.header("HX-Request") === "true") return html(c, body, status);
  return await page(
    c,
    t("sso.title"),
    <>
      <SsoStyles />
      <Toast
        flash={c.req.query("removed") === "1" ? { kind: "ok", text: t("sso.removed") } : undefined}
        id="sso-flash"
      />
      <Card title={t("sso.provider")}>{body}</Card>
      {form.settings && <SsoRemoveForm />}
    </>,
    { status, crumbs: [{ label: t("nav.admin") }], description: t("sso.description") },
  );
}

async function save(c: C) {
  const t = tr(c);
  const { values, body } = bodyOf(await readForm(c));
  const settings = await ssoSettings(actorOf(c), { redirectUri: callbackUrl(originOf(c)) });
  const parsed = SsoSettingsBody.safeParse(body);
  if (!parsed.success) {
    const errors: SsoFormErrors = {};
    for (const issue of parsed.error.issues) {
      const f = asField(String(issue.path[0] ?? ""));
      if (f) errors[f] ??= t(`sso.error.${f}`);
    }
    return await answer(c, { values, settings, errors }, 400);
  }
  try {
    const saved = await saveSsoSettings(actorOf(c), {
      settings: parsed.data,
      redirectUri: callbackUrl(originOf(c)),
      address: clientAddress(c),
      allowPrivateIssuers: c.var.platform.config.SSO_ALLOW_PRIVATE_ISSUERS,
      catalog: c.var.platform.permissions,
    });
    return await answer(c, { values: valuesOf(saved), settings: saved, saved: true });
  } catch (err) {
    if (!(err instanceof Problem) || ![400, 403, 422].includes(err.status)) throw err;
    if (err.status === 403) {
      // A mapped or default role grants more than the caller holds.
      const errors = { roleMap: t("sso.error.roleRights"), defaultRole: t("sso.error.roleRights") };
      return await answer(c, { values, settings, errors }, 403);
    }
    const f = asField(err.errors?.[0]?.path) ??
      (/break-glass/i.test(err.detail ?? "") ? "breakGlassUserId" : "roleMap");
    return await answer(c, { values, settings, errors: { [f]: t(`sso.error.${f}`) } }, 422);
  }
}

/** /admin/sso: the workspace's single sign-on, for its owners and admins. */
export const ssoAdminPages = new Hono<AppEnv>()
  .get("/sso", requirePermission(TENANT_WRITE), async (c) => {
    const settings = await ssoSettings(actorOf(c), { redirectUri: callbackUrl(originOf(c)) });
    return await answer(c, { values: valuesOf(settings), settings });
  })
  .post("/sso", requirePermission(TENANT_WRITE), save)
  .post("/sso/remove", requirePermission(TENANT_WRITE), async (c) => {
    await removeSsoSettings(actorOf(c), { address: clientAddress(c) });
    return redirectAfterPost(c, "/admin/sso?removed=1");
  });
