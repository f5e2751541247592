import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { APP_WRITE, SHEET_READ } from "../apps/access.rules.ts";
import {
  CreatePublicLinkBody,
  EmbedSecretSchema,
  EmbedSettingsSchema,
  NewPublicLinkSchema,
  PublicLinkParam,
  PutEmbedSettingsBody,
  PutSheetEmbedBody,
  ShareSheetParam,
  SheetEmbedSchema,
  SheetSharingSchema,
} from "./sharing.schemas.ts";

const tags = ["analytics"];
// Per-application access decides who shares a sheet: the "manage" level.
const middleware = [requirePermission(SHEET_READ)];
// The workspace's embedding secret: administrators (analytics.app.write).
const admin = [requirePermission(APP_WRITE)];

export const getSheetSharingRoute = createRoute({
  operationId: "getAnalyticsSheetSharing",
  method: "get",
  path: "/sheets/{sheetId}/sharing",
  tags,
  summary: "A sheet's public links and whether it may be embedded (manage level)",
  middleware,
  request: { params: ShareSheetParam },
  responses: {
    200: jsonResponse(SheetSharingSchema, "Public links and embedding"),
    ...errorResponses(401, 403, 404),
  },
});

export const createPublicLinkRoute = createRoute({
  operationId: "createAnalyticsPublicLink",
  method: "post",
  path: "/sheets/{sheetId}/public-links",
  tags,
  summary: "Make a public, read-only link to the sheet (its address is answered this once)",
  middleware,
  request: { params: ShareSheetParam, body: jsonBody(CreatePublicLinkBody) },
  responses: {
    201: jsonResponse(NewPublicLinkSchema, "The new link with its address"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const revokePublicLinkRoute = createRoute({
  operationId: "revokeAnalyticsPublicLink",
  method: "delete",
  path: "/public-links/{id}",
  tags,
  summary: "Revoke a public link: its address answers 404 from now on",
  middleware,
  request: { params: PublicLinkParam },
  responses: {
    204: { description: "Revoked" },
    ...errorResponses(401, 403, 404),
  },
});

export const putSheetEmbedRoute = createRoute({
  operationId: "putAnalyticsSheetEmbed",
  method: "put",
  path: "/sheets/{sheetId}/embedding",
  tags,
  summary: "Allow or stop signed embedding of the sheet (data read as the caller)",
  middleware,
  request: { params: ShareSheetParam, body: jsonBody(PutSheetEmbedBody) },
  responses: {
    200: jsonResponse(SheetEmbedSchema, "Embedding of the sheet"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const getEmbedSettingsRoute = createRoute({
  operationId: "getAnalyticsEmbedSettings",
  method: "get",
  path: "/embedding",
  tags,
  summary: "The workspace's embedding key id and allowed origins (never the secret)",
  middleware: admin,
  responses: {
    200: jsonResponse(EmbedSettingsSchema, "Embedding settings"),
    ...errorResponses(401, 403),
  },
});

export const rotateEmbedSecretRoute = createRoute({
  operationId: "rotateAnalyticsEmbedSecret",
  method: "post",
  path: "/embedding/secret",
  tags,
  summary: "Make a new embedding secret (shown this once; tokens of the old one stop working)",
  middleware: admin,
  responses: {
    201: jsonResponse(EmbedSecretSchema, "The new secret and key id"),
    ...errorResponses(401, 403),
  },
});

export const putEmbedSettingsRoute = createRoute({
  operationId: "putAnalyticsEmbedSettings",
  method: "put",
  path: "/embedding",
  tags,
  summary: "The origins allowed to frame embeds (https://example.com, …)",
  middleware: admin,
  request: { body: jsonBody(PutEmbedSettingsBody) },
  responses: {
    200: jsonResponse(EmbedSettingsSchema, "Embedding settings"),
    ...errorResponses(400, 401, 403, 422),
  },
});
