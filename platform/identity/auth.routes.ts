import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../shared/http/route-helpers.ts";
import {
  InvitationSchema,
  LoginBody,
  MeResponse,
  SwitchTenantBody,
  TenantIdParam,
  TenantSchema,
  TokenResponse,
} from "./identity.schemas.ts";
import { secondFactorResponse } from "./two-factor.routes.ts";

export const loginRoute = createRoute({
  method: "post",
  operationId: "login",
  path: "/login",
  tags: ["auth"],
  summary: "Sign in with e-mail and password",
  description: "Returns a bearer token and also sets it as an HttpOnly session cookie. " +
    "A suspended workspace answers 403 with the type /problems/tenant-suspended. " +
    "When the account has a second factor (or the workspace requires one) a right password " +
    "answers 401 of type /problems/second-factor-required with `secondFactor.pendingToken`: " +
    "no token yet; finish at /api/auth/login/second-factor.",
  security: [],
  request: { body: jsonBody(LoginBody) },
  responses: {
    200: jsonResponse(TokenResponse, "Signed in"),
    ...errorResponses(400, 403, 429),
    401: secondFactorResponse,
  },
});

export const logoutRoute = createRoute({
  method: "post",
  operationId: "logout",
  path: "/logout",
  tags: ["auth"],
  summary: "Sign out: revokes the token and clears the cookie",
  responses: { 204: { description: "Signed out" }, ...errorResponses(401, 403) },
});

export const meRoute = createRoute({
  method: "get",
  operationId: "me",
  path: "/me",
  tags: ["auth"],
  summary: "The caller, their tenant, roles and effective permissions",
  responses: { 200: jsonResponse(MeResponse, "The caller"), ...errorResponses(401) },
});

export const switchTenantRoute = createRoute({
  method: "post",
  operationId: "switchTenant",
  path: "/switch-tenant",
  tags: ["auth"],
  summary: "Switch to another tenant the caller belongs to; returns a new token",
  description: "Into a workspace that requires single sign-on (the caller not being its " +
    "break-glass owner) answers 403 of type /problems/sso-required with `startUrl`, the " +
    "workspace's /sso/<slug>/start address to sign in through its identity provider. Into a " +
    "workspace whose two-factor policy covers the caller while the account has no second " +
    "factor: 403 of type /problems/workspace-sign-in-required with `signInUrl`, that " +
    "workspace's sign-in page (where the password step leads into setting one up).",
  request: {
    body: jsonBody(SwitchTenantBody),
  },
  responses: {
    200: jsonResponse(TokenResponse, "New token"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const listInvitationsRoute = createRoute({
  method: "get",
  operationId: "listInvitations",
  path: "/invitations",
  tags: ["auth"],
  summary: "Tenants that invited the caller's account and await an answer",
  responses: {
    200: jsonResponse(z.object({ items: z.array(InvitationSchema) }), "Invitations"),
    ...errorResponses(401),
  },
});

export const acceptInvitationRoute = createRoute({
  method: "post",
  operationId: "acceptInvitation",
  path: "/invitations/{tenantId}/accept",
  tags: ["auth"],
  summary: "Join a tenant that invited the caller",
  request: { params: TenantIdParam },
  responses: {
    200: jsonResponse(z.object({ tenant: TenantSchema }), "Joined"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const declineInvitationRoute = createRoute({
  method: "post",
  operationId: "declineInvitation",
  path: "/invitations/{tenantId}/decline",
  tags: ["auth"],
  summary: "Decline an invitation",
  request: { params: TenantIdParam },
  responses: { 204: { description: "Declined" }, ...errorResponses(400, 401, 403, 404) },
});
