import type { RouteHandler } from "@hono/zod-openapi";
import type { OpenAPIHono } from "@hono/zod-openapi";
import * as routes from "./auth.routes.ts";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import {
  currentUser,
  invitationsOfCaller,
  login,
  revokeToken,
  signOut,
  switchTenant,
  tenantsOfCaller,
} from "./auth.service.ts";
import {
  clearSessionCookie,
  clientAddress,
  setSessionCookie,
} from "./authentication.middleware.ts";
import { isSameOrigin } from "./csrf.middleware.ts";
import { problems } from "../../shared/http/problem.ts";
import { findTenant } from "./tenants.service.ts";
import { answerInvitation } from "./invitations.service.ts";
import type {
  acceptInvitationRoute,
  declineInvitationRoute,
  listInvitationsRoute,
  loginRoute,
  logoutRoute,
  meRoute,
  switchTenantRoute,
} from "./auth.routes.ts";

export const loginHandler: RouteHandler<typeof loginRoute, AppEnv> = async (c) => {
  // A login form posted from another site must not plant its session in this browser.
  if (c.req.header("Origin") && !isSameOrigin(c)) {
    throw problems.forbidden("Cross-site request refused.");
  }
  const body = c.req.valid("json");
  const signedIn = await login(c.var.platform, {
    ...body,
    address: clientAddress(c),
    userAgent: c.req.header("user-agent"),
  });
  setSessionCookie(c, signedIn.accessToken, signedIn.expiresIn);
  const { roles: _roles, ...response } = signedIn;
  return c.json(response, 200);
};

export const logoutHandler: RouteHandler<typeof logoutRoute, AppEnv> = async (c) => {
  await signOut(actorOf(c), clientAddress(c));
  clearSessionCookie(c);
  return c.body(null, 204);
};

export const meHandler: RouteHandler<typeof meRoute, AppEnv> = async (c) => {
  const { session } = c.var;
  return c.json({
    user: await currentUser(actorOf(c)),
    tenant: { id: session.tenantId, slug: session.tenantSlug, name: session.tenantName },
    roles: session.roles,
    permissions: session.permissions,
    tenants: await tenantsOfCaller(actorOf(c)),
  }, 200);
};

export const switchTenantHandler: RouteHandler<typeof switchTenantRoute, AppEnv> = async (c) => {
  const { session, platform } = c.var;
  const signedIn = await switchTenant(actorOf(c), {
    platform,
    tenant: c.req.valid("json").tenant,
    client: { address: clientAddress(c), userAgent: c.req.header("user-agent") },
  });
  await revokeToken(actorOf(c));
  if (session.via === "cookie") setSessionCookie(c, signedIn.accessToken, signedIn.expiresIn);
  const { roles: _roles, ...response } = signedIn;
  return c.json(response, 200);
};

export const listInvitationsHandler: RouteHandler<typeof listInvitationsRoute, AppEnv> = async (
  c,
) => {
  return c.json({ items: await invitationsOfCaller(actorOf(c)) }, 200);
};

export const acceptInvitationHandler: RouteHandler<typeof acceptInvitationRoute, AppEnv> = async (
  c,
) => {
  const { tenantId } = c.req.valid("param");
  await answerInvitation(actorOf(c), { tenantId, accept: true });
  const tenant = (await findTenant(actorOf(c), tenantId))!;
  return c.json({ tenant: { id: tenant.id, slug: tenant.slug, name: tenant.name } }, 200);
};

export const declineInvitationHandler: RouteHandler<typeof declineInvitationRoute, AppEnv> = async (
  c,
) => {
  await answerInvitation(actorOf(c), { tenantId: c.req.valid("param").tenantId, accept: false });
  return c.body(null, 204);
};

/** /api/auth: sign-in, sign-out, the caller. */
export function mountAuth(api: OpenAPIHono<AppEnv>) {
  api
    .openapi(routes.loginRoute, loginHandler)
    .openapi(routes.logoutRoute, logoutHandler)
    .openapi(routes.meRoute, meHandler);
}

/** /api/auth, after the profile: tenant switch and invitations. */
export function mountTenantSwitch(api: OpenAPIHono<AppEnv>) {
  api
    .openapi(routes.switchTenantRoute, switchTenantHandler)
    .openapi(routes.listInvitationsRoute, listInvitationsHandler)
    .openapi(routes.acceptInvitationRoute, acceptInvitationHandler)
    .openapi(routes.declineInvitationRoute, declineInvitationHandler);
}
