import { z } from "@hono/zod-openapi";
import { DOMAIN_PATTERN, issuerProblem } from "./sso.rules.ts";

const RoleKey = z.string().regex(/^[a-z][a-z0-9_-]{1,40}$/, "a role key such as member");

const Issuer = z.string().trim().max(500).superRefine((v, ctx) => {
  const problem = issuerProblem(v);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
}).transform((v) => v.replace(/\/+$/, "")).openapi({
  description: "The provider's issuer address; its discovery document is read from " +
    "<issuer>/.well-known/openid-configuration",
  example: "https://login.example.com",
});

const Domain = z.string().trim().toLowerCase().regex(
  DOMAIN_PATTERN,
  "a domain such as example.com",
);

/** What an admin sends to set up (or change) the workspace's single sign-on. */
export const SsoSettingsBody = z.object({
  enabled: z.boolean().default(true),
  issuer: Issuer,
  clientId: z.string().trim().min(1).max(500),
  clientSecret: z.string().min(1).max(2000).optional().openapi({
    description: "Write-only: required the first time, omitted to keep the stored one",
  }),
  allowedDomains: z.array(Domain).min(1).max(20).openapi({
    description: "E-mail domains whose people may sign in (and get an account on first sign-in)",
  }),
  roleClaim: z.string().trim().min(1).max(100).nullable().default(null).openapi({
    description: "The ID token claim whose value picks the role (e.g. groups)",
  }),
  roleMap: z.array(z.object({ value: z.string().trim().min(1).max(200), role: RoleKey })).max(50)
    .default([]),
  defaultRole: RoleKey.default("member"),
  ssoRequired: z.boolean().default(false),
  breakGlassUserId: z.uuid().nullable().default(null).openapi({
    description: "The one owner who may still sign in with a password when SSO is required",
  }),
  label: z.string().trim().min(1).max(100).openapi({
    description: "The company name on the button: Sign in with <label>",
  }),
}).refine((b) => !b.ssoRequired || b.breakGlassUserId, {
  path: ["breakGlassUserId"],
  message: "Name a break-glass owner when SSO is required",
}).openapi("SsoSettingsRequest");
export type SsoSettingsBody = z.infer<typeof SsoSettingsBody>;

/** The workspace's single sign-on as admins see it (the client secret never comes back). */
export const SsoSettingsSchema = z.object({
  enabled: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  allowedDomains: z.array(z.string()),
  roleClaim: z.string().nullable(),
  roleMap: z.array(z.object({ value: z.string(), role: z.string() })),
  defaultRole: z.string(),
  ssoRequired: z.boolean(),
  breakGlassUserId: z.uuid().nullable(),
  label: z.string(),
  redirectUri: z.string().openapi({
    description: "The address to register at the provider as the redirect URI",
  }),
  updatedAt: z.string(),
}).openapi("SsoSettings");
export type SsoSettings = z.infer<typeof SsoSettingsSchema>;

/** A "Sign in with <company>" button on the sign-in page. */
export interface SsoOffer {
  slug: string;
  label: string;
}
