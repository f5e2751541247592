import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { Problem } from "../../shared/http/problem.ts";
import {
  type C,
  type Flash,
  isHtmx,
  pathId,
  problemFlash,
  readForm,
  redirectAfterPost,
} from "../../shared/http/pages.ts";
import { decodeCursor, toPage } from "../../shared/http/paging.ts";
import { ID_PARAM } from "../../shared/http/ids.ts";
import { hasPermission, requirePermission } from "../../shared/rbac/permissions.ts";
import { t } from "../../shared/i18n/i18n.ts";
import { html, tr } from "../../ui/kit.ts";
import { listRoles } from "./admin.service.ts";
import { revokeToken } from "./auth.service.ts";
import {
  acceptAsNewPerson,
  acceptAsSignedIn,
  inviteByEmail,
  listInvitations,
  openInvitationLink,
  resendInvitation,
  revokeInvitation,
} from "./invitations.service.ts";
import { CreateInvitationBody, type InvitationLink } from "./invitations.schemas.ts";
import { clientAddress, SESSION_COOKIE, setSessionCookie } from "./authentication.middleware.ts";
import { isSameOrigin } from "./csrf.middleware.ts";
import { verifyCached } from "./token-cache.lib.ts";
import { requireMailOrigin } from "./links.lib.ts";
import { checkPassword, isPolicyRefusal } from "./password.rules.ts";
import { roleNames } from "./roles.labels.lib.ts";
import {
  DeadInvitationPage,
  InvitationPage,
  InvitationsPanel,
  InviteByEmailBox,
} from "./invitations.view.tsx";
import "./invitations.messages.ts";
import "./common.messages.ts";
import "./users.messages.ts";

const PAGE_SIZE = 50;
const RANK = ["owner", "admin", "agent", "member", "viewer"];

const originOf = (c: C) =>
  requireMailOrigin(c.req.url, (h) => c.req.header(h), c.var.platform.config);

/** Roles from the most to the least powerful, as the users page lists them. */
async function rankedRoles(c: C) {
  return [...await listRoles(actorOf(c))].sort((a, b) => {
    const ra = a.builtin ? RANK.indexOf(a.key) : RANK.length;
    const rb = b.builtin ? RANK.indexOf(b.key) : RANK.length;
    return ra - rb || a.key.localeCompare(b.key);
  });
}

/** The refusals a person can act on, in their words; others as the service said them. */
function inviteFlash(
  c: C,
  err: unknown,
  email: string,
): { flash: Flash; status: 400 | 403 | 404 | 409 | 413 | 415 | 422 } {
  const l = c.var.locale;
  if (err instanceof Problem) {
    if (err.slug === "already-member") {
      return {
        flash: { kind: "error", text: t(l, "invitations.alreadyMember", { email }) },
        status: 409,
      };
    }
    if (err.slug === "already-invited") {
      return {
        flash: { kind: "error", text: t(l, "invitations.alreadyInvited", { email }) },
        status: 409,
      };
    }
    if (err.slug === "public-url-missing") {
      return { flash: { kind: "error", text: t(l, "invitations.noPublicUrl") }, status: 422 };
    }
    if (err.slug === "invitation-closed") {
      return { flash: { kind: "error", text: t(l, "invitations.closed") }, status: 422 };
    }
  }
  return problemFlash(err);
}

/**
 * The open invitations under the users page's member list (the users page calls this; the
 * panel reloads itself from GET /admin/invitations).
 */
export async function invitationsPanel(c: C, flash?: Flash) {
  const after = decodeCursor(c.req.query("cursor") || undefined, ["uuid"])?.[0] as
    | string
    | undefined;
  const rows = await listInvitations(actorOf(c), { limit: PAGE_SIZE, after });
  const list = toPage(rows, PAGE_SIZE, (r) => [r.id]);
  return (
    <InvitationsPanel
      items={list.items}
      roles={await rankedRoles(c)}
      canWrite={hasPermission(c.var.session.permissions, "admin.user.write")}
      flash={flash}
      nextHref={list.nextCursor ? `/admin/invitations?cursor=${list.nextCursor}` : undefined}
    />
  );
}

/** The "Invite by e-mail" box for the users page's dialog. */
export async function inviteByEmailBox(c: C) {
  return <InviteByEmailBox roles={await rankedRoles(c)} />;
}

/** /admin/invitations: invite, send again, withdraw (htmx boxes; plain posts go back). */
export const invitationAdminPages = new Hono<AppEnv>()
  .get("/invitations", requirePermission("admin.user.read"), async (c) => {
    if (!isHtmx(c)) return c.redirect("/admin/users", 303);
    return html(c, await invitationsPanel(c));
  })
  .post("/invitations", requirePermission("admin.user.write"), async (c) => {
    const l = c.var.locale;
    const form = await readForm(c);
    const values = { email: String(form.email ?? ""), roles: [form.roles ?? []].flat() };
    let flash: Flash;
    let status: 200 | 400 | 403 | 404 | 409 | 413 | 415 | 422 = 200;
    const parsed = CreateInvitationBody.safeParse({ email: values.email, roles: values.roles });
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))]
        .map((f) => t(l, f === "email" ? "invitations.address" : "admin.users.roles"));
      flash = { kind: "error", text: t(l, "form.checkFields", { fields: fields.join(", ") }) };
      status = 400;
    } else {
      try {
        const row = await inviteByEmail(actorOf(c), {
          catalog: c.var.platform.permissions,
          ...parsed.data,
          origin: originOf(c),
          address: clientAddress(c),
        });
        flash = { kind: "ok", text: t(l, "invitations.sent", { email: row.email }) };
        c.header("HX-Trigger", "invitations-changed");
      } catch (err) {
        ({ flash, status } = inviteFlash(c, err, values.email));
      }
    }
    if (!isHtmx(c)) return redirectAfterPost(c, "/admin/users");
    const roles = await rankedRoles(c);
    return html(
      c,
      <InviteByEmailBox
        roles={roles}
        flash={flash}
        values={flash.kind === "ok" ? undefined : values}
      />,
      status,
    );
  })
  .post(
    `/invitations/${ID_PARAM}/:action{resend|revoke}`,
    requirePermission("admin.user.write"),
    async (c) => {
      const l = c.var.locale;
      const id = pathId(c);
      let flash: Flash;
      let status: 200 | 400 | 403 | 404 | 409 | 413 | 415 | 422 = 200;
      try {
        if (c.req.param("action") === "resend") {
          const row = await resendInvitation(actorOf(c), {
            id,
            origin: originOf(c),
            address: clientAddress(c),
          });
          flash = { kind: "ok", text: t(l, "invitations.resent", { email: row.email }) };
        } else {
          const row = await revokeInvitation(actorOf(c), { id, address: clientAddress(c) });
          flash = { kind: "ok", text: t(l, "invitations.revoked", { email: row.email }) };
        }
      } catch (err) {
        ({ flash, status } = inviteFlash(c, err, ""));
      }
      if (!isHtmx(c)) return redirectAfterPost(c, "/admin/users");
      return html(c, await invitationsPanel(c, flash), status);
    },
  );

/** A form's text fields as typed: passwords are never trimmed. */
async function rawForm(c: C): Promise<Record<string, string>> {
  const body = await c.req.parseBody().catch(() => ({} as Record<string, unknown>));
  return Object.fromEntries(
    Object.entries(body).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
}

/** The signed-in account's address on a public page (the cookie's token, if it is valid). */
async function signedInAddress(c: C, link: InvitationLink): Promise<string | undefined> {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) return undefined;
  try {
    const claims = await verifyCached(c.var.platform.tokens, token);
    return claims.sub && claims.sub === link.accountId ? link.email : "another";
  } catch {
    return undefined;
  }
}

type LinkStatus = 200 | 400 | 403 | 404 | 409 | 410 | 429;

async function linkPage(
  c: C,
  token: string,
  extra: { error?: string; values?: { name?: string }; status?: LinkStatus; password?: string } =
    {},
) {
  const link = await openInvitationLink(c.var.platform, token);
  if (!link) return html(c, <DeadInvitationPage reason="unknown" />, 404);
  if (link.state !== "pending") return html(c, <DeadInvitationPage reason={link.state} />, 410);
  const roles = roleNames(tr(c), link.roles, []).join(", ");
  const verdict = extra.password !== undefined
    ? await checkPassword(extra.password, { email: link.email, name: extra.values?.name })
    : undefined;
  return html(
    c,
    <InvitationPage
      link={link}
      token={token}
      roleNames={roles}
      signedInAs={await signedInAddress(c, link)}
      error={extra.error}
      values={extra.values}
      verdict={verdict}
    />,
    extra.status ?? 200,
  );
}

const TOKEN_PARAM = ":token{[A-Za-z0-9_-]{43}}";

/** /invite/<token>: the link's page, reachable without a session. */
export const invitationPublicPages = new Hono<AppEnv>()
  .get(`/invite/${TOKEN_PARAM}`, (c) => linkPage(c, c.req.param("token")))
  .post(`/invite/${TOKEN_PARAM}`, async (c) => {
    const l = c.var.locale;
    const token = c.req.param("token");
    const form = await rawForm(c);
    const name = (form.name ?? "").trim();
    const password = form.password ?? "";
    const again = (error: string, status: LinkStatus) =>
      linkPage(c, token, { error, status, values: { name }, password });
    if (!isSameOrigin(c)) return again(t(l, "error.forbidden"), 403);
    if (!name || name.length > 200) return again(t(l, "invitations.page.nameMissing"), 400);
    if (password !== form.confirm) return again(t(l, "invitations.page.mismatch"), 400);
    try {
      const accepted = await acceptAsNewPerson(c.var.platform, {
        token,
        name,
        password,
        client: { address: clientAddress(c), userAgent: c.req.header("user-agent") },
      });
      // The workspace asks more than the link proves (SSO, a second factor): its sign-in.
      if ("signInAt" in accepted) return c.redirect(accepted.signInAt, 303);
      setSessionCookie(c, accepted.signedIn.accessToken, accepted.signedIn.expiresIn);
      return c.redirect("/", 303);
    } catch (err) {
      if (isPolicyRefusal(err)) {
        const reasons = (await checkPassword(password, { name, email: form.email }))
          .issues.map((i) => t(l, `password.issue.${i}`)).join(" ");
        return again(t(l, "password.rejected", { reasons }), 400);
      }
      if (err instanceof Problem && err.status < 500) return linkPage(c, token);
      throw err;
    }
  });

/**
 * /invite/<token>/join: the signed-in account the invitation is for joins the workspace. An
 * unscoped path (mod.ts): the join runs in a short transaction of its own, so a refusal rolls it
 * back and the page is drawn with no transaction held.
 */
export const invitationSessionPages = new Hono<AppEnv>()
  .post(`/invite/${TOKEN_PARAM}/join`, async (c) => {
    const token = c.req.param("token");
    if (!isSameOrigin(c)) return await linkPage(c, token, { status: 403 });
    try {
      const accepted = await c.var.scope(async (tx) => {
        const actor = actorOf(c, tx);
        const joined = await acceptAsSignedIn(actor, {
          platform: c.var.platform,
          token,
          client: { address: clientAddress(c), userAgent: c.req.header("user-agent") },
        });
        if ("signedIn" in joined) await revokeToken(actor);
        return joined;
      });
      // Joined, but the workspace asks more (SSO, a second factor): its sign-in; this session stays.
      if ("signInAt" in accepted) return redirectAfterPost(c, accepted.signInAt);
      setSessionCookie(c, accepted.signedIn.accessToken, accepted.signedIn.expiresIn);
      return redirectAfterPost(c, "/");
    } catch (err) {
      if (err instanceof Problem && err.status < 500) {
        return await linkPage(c, token, { status: err.status === 403 ? 403 : 409 });
      }
      throw err;
    }
  });
