import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../shared/http/problem.ts";
import { jsonResponse } from "../../shared/http/route-helpers.ts";
import { EndedSessions, IdParam, SignInSessionSchema } from "./access.schemas.ts";

const tags = ["auth"];

export const listSessionsRoute = createRoute({
  method: "get",
  path: "/sessions",
  operationId: "listSessions",
  tags,
  summary: "Where the caller is signed in: every live session of their account",
  responses: {
    200: jsonResponse(z.array(SignInSessionSchema), "The sessions, latest first"),
    ...errorResponses(401, 403),
  },
});

export const endSessionRoute = createRoute({
  method: "delete",
  path: "/sessions/{id}",
  operationId: "endSession",
  tags,
  summary: "End one of the caller's sessions (refused on its next request, on every instance)",
  request: { params: IdParam },
  responses: {
    204: { description: "Ended" },
    ...errorResponses(400, 401, 403, 404),
  },
});

export const endOtherSessionsRoute = createRoute({
  method: "delete",
  path: "/sessions",
  operationId: "endOtherSessions",
  tags,
  summary: "End every session of the caller but this one",
  responses: {
    200: jsonResponse(EndedSessions, "How many were ended"),
    ...errorResponses(401, 403),
  },
});
