import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../shared/http/route-helpers.ts";
import { requirePermission } from "../../shared/rbac/permissions.ts";
import { IdParam, TokenResponse } from "./identity.schemas.ts";
import { TENANT_WRITE } from "./tenants.schemas.ts";
import {
  CodeBody,
  NewPasskeyBody,
  PasskeyOptionsBody,
  PasskeyOptionsResponse,
  PasskeySchema,
  PasskeySignInBody,
  PendingTokenBody,
  PolicyBody,
  RecoveryCodes,
  SecondFactorBody,
  SecondFactorRequiredProblem,
  SecondFactorResponse,
  TotpSetup,
  TwoFactorStatus,
} from "./two-factor.schemas.ts";

/**
 * The 401 of POST /api/auth/login when the password was right but a second factor is due: a
 * problem of type /problems/second-factor-required whose `secondFactor` member carries the
 * pending token and the methods. Other 401s (wrong password) have no such member.
 */
export const secondFactorResponse = {
  description: "Missing or invalid credentials; or the password was right and a second factor " +
    "is due (type /problems/second-factor-required, with `secondFactor`)",
  content: { "application/problem+json": { schema: SecondFactorRequiredProblem } },
};

export const secondFactorRoute = createRoute({
  method: "post",
  operationId: "signInSecondFactor",
  path: "/login/second-factor",
  tags: ["auth"],
  summary: "Finish a sign-in with a TOTP code, a recovery code or a passkey",
  description: "Takes the pendingToken of a 401 second-factor-required answer and exactly one " +
    "answer. A wrong, replayed (same 30-second window) or used code, or another account's " +
    "passkey, answers 401 of type /problems/wrong-second-factor and counts against the sign-in " +
    "throttle (429 with Retry-After past the limit); an expired, forged or spent pending token " +
    "answers 401 of type /problems/second-factor-expired. On success: the token (and the " +
    "session cookie), like /login; a sign-in that enrolled TOTP also gets its recovery codes.",
  security: [],
  request: { body: jsonBody(SecondFactorBody) },
  responses: {
    200: jsonResponse(SecondFactorResponse, "Signed in"),
    ...errorResponses(400, 401, 403, 429),
  },
});

export const enrolmentTotpRoute = createRoute({
  method: "post",
  operationId: "signInEnrolTotp",
  path: "/login/totp-enrolment",
  tags: ["auth"],
  summary: "While a workspace requires a second factor: set up TOTP for the pending sign-in",
  description: "Returns a new secret (QR code and text). Its first code, sent to " +
    "/login/second-factor, confirms it and signs in.",
  security: [],
  request: { body: jsonBody(PendingTokenBody) },
  responses: {
    200: jsonResponse(TotpSetup, "A new, unconfirmed secret"),
    ...errorResponses(400, 401, 409, 422),
  },
});

export const pendingPasskeyOptionsRoute = createRoute({
  method: "post",
  operationId: "signInPasskeyOptions",
  path: "/login/passkey-options",
  tags: ["auth"],
  summary: "WebAuthn options for a pending sign-in (or to register a passkey while enrolling)",
  security: [],
  request: { body: jsonBody(PendingTokenBody) },
  responses: {
    200: jsonResponse(PasskeyOptionsResponse, "Options and their challenge token"),
    ...errorResponses(400, 401),
  },
});

export const passkeySignInOptionsRoute = createRoute({
  method: "post",
  operationId: "passkeySignInOptions",
  path: "/passkeys/sign-in-options",
  tags: ["auth"],
  summary: "WebAuthn options for a password-less sign-in with a passkey",
  security: [],
  request: { body: jsonBody(PasskeyOptionsBody) },
  responses: {
    200: jsonResponse(PasskeyOptionsResponse, "Options and their challenge token"),
    ...errorResponses(400),
  },
});

export const passkeySignInRoute = createRoute({
  method: "post",
  operationId: "passkeySignIn",
  path: "/passkeys/sign-in",
  tags: ["auth"],
  summary: "Sign in with a passkey alone (user verification required)",
  description: "An unknown passkey, a wrong or spent challenge answers 401 of type " +
    "/problems/passkey-refused. A workspace that requires single sign-on refuses it like a " +
    "password (except for its break-glass owner): 403 of type /problems/sso-required with " +
    "`startUrl`, the workspace's /sso/<slug>/start address.",
  security: [],
  request: { body: jsonBody(PasskeySignInBody) },
  responses: {
    200: jsonResponse(TokenResponse, "Signed in"),
    ...errorResponses(400, 401, 403, 429),
  },
});

export const twoFactorStatusRoute = createRoute({
  method: "get",
  operationId: "twoFactorStatus",
  path: "/two-factor",
  tags: ["auth"],
  summary: "The caller's second factors: TOTP, recovery codes left, passkeys",
  responses: { 200: jsonResponse(TwoFactorStatus, "Second factors"), ...errorResponses(401) },
});

export const startTotpRoute = createRoute({
  method: "post",
  operationId: "startTotp",
  path: "/two-factor/totp",
  tags: ["auth"],
  summary: "Start setting up an authenticator app: a new secret (counts once confirmed)",
  responses: {
    200: jsonResponse(TotpSetup, "A new, unconfirmed secret"),
    ...errorResponses(401, 403, 409),
  },
});

export const confirmTotpRoute = createRoute({
  method: "post",
  operationId: "confirmTotp",
  path: "/two-factor/totp/confirm",
  tags: ["auth"],
  summary: "Confirm the authenticator app with its first code; returns ten recovery codes",
  description: "A wrong code answers 422 of type /problems/wrong-code.",
  request: { body: jsonBody(CodeBody) },
  responses: {
    200: jsonResponse(RecoveryCodes, "Confirmed; recovery codes shown once"),
    ...errorResponses(400, 401, 403, 409, 422),
  },
});

export const removeTotpRoute = createRoute({
  method: "post",
  operationId: "removeTotp",
  path: "/two-factor/totp/remove",
  tags: ["auth"],
  summary: "Remove the authenticator app (needs a current code)",
  request: { body: jsonBody(CodeBody) },
  responses: { 204: { description: "Removed" }, ...errorResponses(400, 401, 403, 404, 422) },
});

export const regenerateRecoveryRoute = createRoute({
  method: "post",
  operationId: "regenerateRecoveryCodes",
  path: "/two-factor/recovery-codes",
  tags: ["auth"],
  summary: "Ten new recovery codes; every old one stops working",
  responses: {
    200: jsonResponse(RecoveryCodes, "New recovery codes, shown once"),
    ...errorResponses(401, 403, 422),
  },
});

export const passkeyRegistrationOptionsRoute = createRoute({
  method: "post",
  operationId: "passkeyRegistrationOptions",
  path: "/passkeys/registration-options",
  tags: ["auth"],
  summary: "WebAuthn options to register a passkey for the caller",
  responses: {
    200: jsonResponse(PasskeyOptionsResponse, "Options and their challenge token"),
    ...errorResponses(401, 403),
  },
});

export const addPasskeyRoute = createRoute({
  method: "post",
  operationId: "addPasskey",
  path: "/passkeys",
  tags: ["auth"],
  summary: "Register a passkey (the browser's answer to the registration options)",
  request: { body: jsonBody(NewPasskeyBody) },
  responses: {
    201: jsonResponse(PasskeySchema, "Registered"),
    ...errorResponses(400, 401, 403, 409, 422),
  },
});

export const listPasskeysRoute = createRoute({
  method: "get",
  operationId: "listPasskeys",
  path: "/passkeys",
  tags: ["auth"],
  summary: "The caller's passkeys",
  responses: {
    200: jsonResponse(z.object({ items: z.array(PasskeySchema) }), "Passkeys"),
    ...errorResponses(401),
  },
});

export const removePasskeyRoute = createRoute({
  method: "delete",
  operationId: "removePasskey",
  path: "/passkeys/{id}",
  tags: ["auth"],
  summary: "Remove one of the caller's passkeys",
  request: { params: IdParam },
  responses: { 204: { description: "Removed" }, ...errorResponses(400, 401, 403, 404, 422) },
});

export const getPolicyRoute = createRoute({
  method: "get",
  operationId: "getTwoFactorPolicy",
  middleware: [requirePermission(TENANT_WRITE)] as const,
  path: "/tenant/two-factor-policy",
  tags: ["admin"],
  summary: "Who must use a second factor to sign in to this workspace",
  responses: { 200: jsonResponse(PolicyBody, "The policy"), ...errorResponses(401, 403) },
});

export const setPolicyRoute = createRoute({
  method: "put",
  operationId: "setTwoFactorPolicy",
  middleware: [requirePermission(TENANT_WRITE)] as const,
  path: "/tenant/two-factor-policy",
  tags: ["admin"],
  summary: "Set who must use a second factor (enforced at their next sign-in)",
  request: { body: jsonBody(PolicyBody) },
  responses: { 200: jsonResponse(PolicyBody, "The policy"), ...errorResponses(400, 401, 403) },
});
