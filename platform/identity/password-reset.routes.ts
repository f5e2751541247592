import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../shared/http/route-helpers.ts";
import {
  PasswordCheckBody,
  PasswordResetAccepted,
  PasswordResetCompleteBody,
  PasswordResetRequestBody,
  PasswordVerdictSchema,
} from "./password-reset.schemas.ts";

export const requestPasswordResetRoute = createRoute({
  method: "post",
  operationId: "requestPasswordReset",
  path: "/password-reset",
  tags: ["auth"],
  summary: "Ask for a password reset link by e-mail",
  description: "Always 202 with the same text, in the same time, whether or not an account " +
    "uses the address: the lookup and the mail happen in a background job. The link works " +
    "once, for 30 minutes. Throttled per address and per client (429).",
  security: [],
  request: { body: jsonBody(PasswordResetRequestBody) },
  responses: {
    202: jsonResponse(PasswordResetAccepted, "Accepted"),
    ...errorResponses(400, 429),
  },
});

export const completePasswordResetRoute = createRoute({
  method: "post",
  operationId: "completePasswordReset",
  path: "/password-reset/complete",
  tags: ["auth"],
  summary: "Set a new password with the token of a reset link",
  description: "The password policy applies (400 with the reasons). Every session of the " +
    "account ends. A used, expired or unknown token answers 404 and changes nothing.",
  security: [],
  request: { body: jsonBody(PasswordResetCompleteBody) },
  responses: {
    204: { description: "Password set; every session ended" },
    ...errorResponses(400, 404),
  },
});

export const checkPasswordRoute = createRoute({
  method: "post",
  operationId: "checkPasswordPolicy",
  path: "/password-policy/check",
  tags: ["auth"],
  summary: "How a new password fares against the password policy (nothing is stored)",
  security: [],
  request: { body: jsonBody(PasswordCheckBody) },
  responses: {
    200: jsonResponse(PasswordVerdictSchema, "Verdict"),
    ...errorResponses(400),
  },
});
