import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../shared/http/route-helpers.ts";
import { PasswordChange, ProfilePatch, ProfileSchema } from "./profile.schemas.ts";

export const updateProfileRoute = createRoute({
  method: "patch",
  path: "/me",
  operationId: "updateMe",
  tags: ["auth"],
  summary: "Change the caller's own name and interface language",
  request: { body: jsonBody(ProfilePatch) },
  responses: {
    200: jsonResponse(ProfileSchema, "The changed profile"),
    ...errorResponses(400, 401, 403),
  },
});

export const changePasswordRoute = createRoute({
  method: "post",
  path: "/password",
  operationId: "changePassword",
  tags: ["auth"],
  summary: "Change the caller's password (needs the current one)",
  description: "Attempts count against the same limits as sign-in; too many answer 429 with " +
    "Retry-After. A wrong current password is a 422 of type wrong-password.",
  request: { body: jsonBody(PasswordChange) },
  responses: {
    204: { description: "Changed" },
    ...errorResponses(400, 401, 403, 422, 429),
  },
});
