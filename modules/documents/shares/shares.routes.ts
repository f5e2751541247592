import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../../../platform/identity/public.ts";
import {
  CreatedShareSchema,
  NewShareBody,
  PublicQuery,
  PublicShareSchema,
  ShareListQuery,
  ShareSchema,
  TokenParam,
} from "./shares.schemas.ts";

const tags = ["documents"];

export const createShareRoute = createRoute({
  method: "post",
  path: "/sharing",
  tags,
  summary: "Share a file or folder with a user, a group (role) or by public link",
  middleware: [requirePermission("documents.share.write")] as const,
  request: { body: jsonBody(NewShareBody) },
  responses: {
    201: jsonResponse(CreatedShareSchema, "Shared"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const listSharesRoute = createRoute({
  method: "get",
  path: "/sharing",
  tags,
  summary: "The shares of a file or folder",
  middleware: [requirePermission("documents.share.read")] as const,
  request: { query: ShareListQuery },
  responses: {
    200: jsonResponse(z.object({ items: z.array(ShareSchema) }), "Shares"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const getShareRoute = createRoute({
  method: "get",
  path: "/sharing/{id}",
  tags,
  summary: "A share",
  middleware: [requirePermission("documents.share.read")] as const,
  request: { params: IdParam },
  responses: { 200: jsonResponse(ShareSchema, "Share"), ...errorResponses(400, 401, 403, 404) },
});

export const revokeShareRoute = createRoute({
  method: "delete",
  path: "/sharing/{id}",
  tags,
  summary: "Revoke a share",
  middleware: [requirePermission("documents.share.write")] as const,
  request: { params: IdParam },
  responses: { 204: { description: "Revoked" }, ...errorResponses(400, 401, 403, 404) },
});

export const publicShareRoute = createRoute({
  method: "get",
  path: "/public-share/{token}",
  tags,
  summary: "Public access to a share: JSON, or the file with ?download=1 (or ?inline=1)",
  description: "No sign-in. Password-protected links take the password in X-Share-Password.",
  security: [],
  request: {
    params: TokenParam,
    query: PublicQuery,
    headers: z.object({ "x-share-password": z.string().max(200).optional() }),
  },
  responses: {
    200: {
      description: "The share, or the file's bytes",
      content: {
        "application/json": { schema: PublicShareSchema },
        "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
    206: { description: "A range of the bytes" },
    ...errorResponses(400, 401, 404, 429),
  },
});
