import { z } from "@hono/zod-openapi";
import { PERMISSION_PATTERN } from "../../shared/rbac/permissions.ts";
import { EXPIRY_DAYS } from "./api-tokens.rules.ts";

export const IdParam = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
});
export const AccountTokenParams = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
  tokenId: z.uuid().openapi({ param: { name: "tokenId", in: "path" } }),
});

export const SignInSessionSchema = z.object({
  id: z.uuid(),
  device: z.object({
    browser: z.string().nullable(),
    os: z.string().nullable(),
    mobile: z.boolean(),
    name: z.string(),
  }),
  userAgent: z.string(),
  address: z.string().openapi({ description: "The client address of its last request" }),
  workspace: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string().openapi({ description: "Updated at most every few minutes" }),
  expiresAt: z.string(),
  current: z.boolean().openapi({ description: "The session of this request" }),
}).openapi("SignInSession");

export const EndedSessions = z.object({ ended: z.number().int() }).openapi("EndedSessions");

export const ApiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string().openapi({ description: "The token's first characters, to tell it apart" }),
  scopes: z.array(z.string()),
  expiresAt: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedFrom: z.string().nullable(),
  revokedAt: z.string().nullable(),
  expired: z.boolean(),
}).openapi("ApiToken");

export const CreatedApiToken = ApiTokenSchema.extend({
  token: z.string().openapi({
    description: "The secret, shown this once: send it as `Authorization: Bearer <token>`",
  }),
}).openapi("CreatedApiToken");

export const ApiTokenInput = z.object({
  name: z.string().trim().min(1).max(100),
  scopes: z.array(z.string().regex(PERMISSION_PATTERN, "a permission such as support.ticket.read"))
    .min(1).max(100).openapi({
      description: "Permissions (or patterns) within the holder's own; `*` for all of them",
    }),
  expiresInDays: z.number().int().refine(
    (d) => (EXPIRY_DAYS as readonly number[]).includes(d),
    "one of 7, 30, 90 or 365",
  ).optional(),
  expiresOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date such as 2030-01-31").optional()
    .openapi({ description: "The last day the token works (UTC), at most a year ahead" }),
}).refine(
  (b) => (b.expiresInDays === undefined) !== (b.expiresOn === undefined),
  { message: "Give expiresInDays or expiresOn", path: ["expiresInDays"] },
).openapi("ApiTokenInput");

export const ServiceAccountSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.string(),
  tokens: z.number().int().openapi({ description: "Live tokens" }),
  createdAt: z.string(),
}).openapi("ServiceAccount");

export const ServiceAccountInput = z.object({
  name: z.string().trim().min(1).max(100),
  role: z.string().regex(/^[a-z][a-z0-9_-]{1,40}$/, "a role key such as member"),
}).openapi("ServiceAccountInput");

export type ApiTokenInputT = z.infer<typeof ApiTokenInput>;
