import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../shared/http/route-helpers.ts";
import { requirePermission } from "../../shared/rbac/permissions.ts";
import {
  AccountTokenParams,
  ApiTokenInput,
  ApiTokenSchema,
  CreatedApiToken,
  IdParam,
  ServiceAccountInput,
  ServiceAccountSchema,
} from "./access.schemas.ts";

const tags = ["auth"];
const adminTags = ["admin"];
/** Service accounts are members of the tenant: managing them is managing members. */
const manage = [requirePermission("admin.user.write")];

export const listTokensRoute = createRoute({
  method: "get",
  path: "/tokens",
  operationId: "listApiTokens",
  tags,
  summary: "The caller's personal access tokens (never their secrets)",
  responses: {
    200: jsonResponse(z.array(ApiTokenSchema), "The tokens, newest first"),
    ...errorResponses(401, 403),
  },
});

export const createTokenRoute = createRoute({
  method: "post",
  path: "/tokens",
  operationId: "createApiToken",
  tags,
  summary: "Create a personal access token; its secret is in this answer only",
  description: "Scopes must lie within the caller's own permissions (403 names those that " +
    "do not). API tokens cannot create tokens.",
  request: { body: jsonBody(ApiTokenInput) },
  responses: {
    201: jsonResponse(CreatedApiToken, "Created"),
    ...errorResponses(400, 401, 403),
  },
});

export const revokeTokenRoute = createRoute({
  method: "delete",
  path: "/tokens/{id}",
  operationId: "revokeApiToken",
  tags,
  summary: "Revoke a personal access token (refused from its next request, on every instance)",
  request: { params: IdParam },
  responses: {
    204: { description: "Revoked" },
    ...errorResponses(400, 401, 403, 404),
  },
});

export const listServiceAccountsRoute = createRoute({
  method: "get",
  path: "/service-accounts",
  operationId: "listServiceAccounts",
  tags: adminTags,
  summary: "The workspace's service accounts",
  middleware: manage,
  responses: {
    200: jsonResponse(z.array(ServiceAccountSchema), "The service accounts"),
    ...errorResponses(401, 403),
  },
});

export const createServiceAccountRoute = createRoute({
  method: "post",
  path: "/service-accounts",
  operationId: "createServiceAccount",
  tags: adminTags,
  summary: "Add a service account: a non-person member with a role, signing in by tokens only",
  middleware: manage,
  request: { body: jsonBody(ServiceAccountInput) },
  responses: {
    201: jsonResponse(ServiceAccountSchema, "Created"),
    ...errorResponses(400, 401, 403),
  },
});

export const deleteServiceAccountRoute = createRoute({
  method: "delete",
  path: "/service-accounts/{id}",
  operationId: "deleteServiceAccount",
  tags: adminTags,
  summary: "Remove a service account; its tokens are revoked",
  middleware: manage,
  request: { params: IdParam },
  responses: {
    204: { description: "Removed" },
    ...errorResponses(400, 401, 403, 404),
  },
});

export const listServiceAccountTokensRoute = createRoute({
  method: "get",
  path: "/service-accounts/{id}/tokens",
  operationId: "listServiceAccountTokens",
  tags: adminTags,
  summary: "A service account's tokens",
  middleware: manage,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(z.array(ApiTokenSchema), "The tokens"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const createServiceAccountTokenRoute = createRoute({
  method: "post",
  path: "/service-accounts/{id}/tokens",
  operationId: "createServiceAccountToken",
  tags: adminTags,
  summary: "Create a token for a service account; its secret is in this answer only",
  middleware: manage,
  request: { params: IdParam, body: jsonBody(ApiTokenInput) },
  responses: {
    201: jsonResponse(CreatedApiToken, "Created"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const revokeServiceAccountTokenRoute = createRoute({
  method: "delete",
  path: "/service-accounts/{id}/tokens/{tokenId}",
  operationId: "revokeServiceAccountToken",
  tags: adminTags,
  summary: "Revoke a service account's token",
  middleware: manage,
  request: { params: AccountTokenParams },
  responses: {
    204: { description: "Revoked" },
    ...errorResponses(400, 401, 403, 404),
  },
});
