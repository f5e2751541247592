import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { SHEET_READ } from "../apps/access.rules.ts";
import {
  IdParam,
  SendList,
  SendSchema,
  SheetParam,
  SubscriptionInput,
  SubscriptionList,
  SubscriptionPatch,
  SubscriptionSchema,
} from "./subscriptions.schemas.ts";

const tags = ["analytics"];
// Per-application access decides the rest (access.service.ts): 404 without it.
const middleware = [requirePermission(SHEET_READ)];

export const listSubscriptionsRoute = createRoute({
  operationId: "listAnalyticsSubscriptions",
  method: "get",
  path: "/sheets/{sheetId}/subscriptions",
  tags,
  summary: "A sheet's subscriptions the caller sees (managers: all; others: own and received)",
  middleware,
  request: { params: SheetParam },
  responses: {
    200: jsonResponse(SubscriptionList, "Subscriptions, oldest first"),
    ...errorResponses(401, 403, 404),
  },
});

export const createSubscriptionRoute = createRoute({
  operationId: "createAnalyticsSubscription",
  method: "post",
  path: "/sheets/{sheetId}/subscriptions",
  tags,
  summary: "Send the sheet on a schedule to members and (managers only) plain addresses",
  middleware,
  request: { params: SheetParam, body: jsonBody(SubscriptionInput) },
  responses: {
    201: jsonResponse(SubscriptionSchema, "The new subscription"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const getSubscriptionRoute = createRoute({
  operationId: "getAnalyticsSubscription",
  method: "get",
  path: "/subscriptions/{id}",
  tags,
  summary: "One subscription",
  middleware,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(SubscriptionSchema, "The subscription"),
    ...errorResponses(401, 403, 404),
  },
});

export const patchSubscriptionRoute = createRoute({
  operationId: "updateAnalyticsSubscription",
  method: "patch",
  path: "/subscriptions/{id}",
  tags,
  summary: "Change a subscription (its owner or an application manager)",
  middleware,
  request: { params: IdParam, body: jsonBody(SubscriptionPatch) },
  responses: {
    200: jsonResponse(SubscriptionSchema, "The subscription as changed"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const deleteSubscriptionRoute = createRoute({
  operationId: "deleteAnalyticsSubscription",
  method: "delete",
  path: "/subscriptions/{id}",
  tags,
  summary: "Delete a subscription (its owner or an application manager)",
  middleware,
  request: { params: IdParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404) },
});

export const sendSubscriptionRoute = createRoute({
  operationId: "sendAnalyticsSubscriptionNow",
  method: "post",
  path: "/subscriptions/{id}/send",
  tags,
  summary: "Send the subscription now (queued; the history shows the outcome)",
  middleware,
  request: { params: IdParam },
  responses: {
    202: jsonResponse(SendSchema, "The queued send"),
    ...errorResponses(401, 403, 404),
  },
});

export const listSendsRoute = createRoute({
  operationId: "listAnalyticsSubscriptionSends",
  method: "get",
  path: "/subscriptions/{id}/sends",
  tags,
  summary: "The subscription's latest sends: when, to how many, outcome",
  middleware,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(SendList, "Sends, newest first"),
    ...errorResponses(401, 403, 404),
  },
});
