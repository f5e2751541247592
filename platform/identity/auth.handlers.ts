import type { RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../shared/http/env.ts";
import {
  currentUser,
  invitationsOfUser,
  login,
  revokeToken,
  switchTenant,
  tenantsOfUser,
} from "./auth.service.ts";
import { clearSessionCookie, clientAddress, isSameOrigin, setSessionCookie } from "./session.ts";
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
  const signedIn = await login(c.var.platform, { ...body, address: clientAddress(c) });
  setSessionCookie(c, signedIn.accessToken, signedIn.expiresIn);
  const { roles: _roles, ...response } = signedIn;
  return c.json(response, 200);
};

export const logoutHandler: RouteHandler<typeof logoutRoute, AppEnv> = async (c) => {
  const { session, sql } = c.var;
  await revokeToken(sql, session.jti, session.exp);
  clearSessionCookie(c);
  return c.body(null, 204);
};

export const meHandler: RouteHandler<typeof meRoute, AppEnv> = async (c) => {
  const { session, sql } = c.var;
  return c.json({
    user: await currentUser(sql, session.userId),
    tenant: { id: session.tenantId, slug: session.tenantSlug, name: session.tenantName },
    roles: session.roles,
    permissions: session.permissions,
    tenants: await tenantsOfUser(sql, session.userId),
  }, 200);
};

export const switchTenantHandler: RouteHandler<typeof switchTenantRoute, AppEnv> = async (c) => {
  const { session, sql, platform } = c.var;
  const signedIn = await switchTenant(sql, platform, session.userId, c.req.valid("json").tenant);
  await revokeToken(sql, session.jti, session.exp);
  if (session.via === "cookie") setSessionCookie(c, signedIn.accessToken, signedIn.expiresIn);
  const { roles: _roles, ...response } = signedIn;
  return c.json(response, 200);
};

export const listInvitationsHandler: RouteHandler<typeof listInvitationsRoute, AppEnv> = async (
  c,
) => {
  return c.json({ items: await invitationsOfUser(c.var.sql, c.var.session.userId) }, 200);
};

export const acceptInvitationHandler: RouteHandler<typeof acceptInvitationRoute, AppEnv> = async (
  c,
) => {
  const { tenantId } = c.req.valid("param");
  await answerInvitation(c.var.sql, c.var.session.userId, tenantId, true);
  const tenant = (await findTenant(c.var.sql, tenantId))!;
  return c.json({ tenant: { id: tenant.id, slug: tenant.slug, name: tenant.name } }, 200);
};

export const declineInvitationHandler: RouteHandler<typeof declineInvitationRoute, AppEnv> = async (
  c,
) => {
  await answerInvitation(c.var.sql, c.var.session.userId, c.req.valid("param").tenantId, false);
  return c.body(null, 204);
};
