import { z } from "@hono/zod-openapi";
import { CreateTenantBody, TenantSchema } from "./identity.schemas.ts";
import {
  canonicalTimeZone,
  LOGO_MAX_BYTES,
  LOGO_PROBLEM_TEXT,
  logoProblem,
} from "./tenants.rules.ts";

/** The permission to change the signed-in tenant's settings (owners and admins hold it). */
export const TENANT_WRITE = "admin.tenant.write";

export const TENANT_STATUSES = ["active", "suspended"] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];
/** The languages a tenant can make its default (the built-in catalogs). */
export const TENANT_LOCALES = ["en", "tr"] as const;

/** A tenant as platform operators see it. */
export const TenantDetail = TenantSchema.extend({
  status: z.enum(TENANT_STATUSES),
  createdAt: z.string(),
  suspendedAt: z.string().nullable(),
}).openapi("TenantDetail");
export type TenantDetail = z.infer<typeof TenantDetail>;

export const TenantListQuery = z.object({
  q: z.string().trim().max(200).optional().openapi({
    param: { name: "q", in: "query" },
    description: "Part of the name or slug",
  }),
  status: z.enum(TENANT_STATUSES).optional().openapi({ param: { name: "status", in: "query" } }),
});

/** The operator's create form: without a password one is generated and shown once. */
export const CreateTenantForm = CreateTenantBody.extend({
  owner: CreateTenantBody.shape.owner.extend({
    password: CreateTenantBody.shape.owner.shape.password.optional(),
  }),
});

const TimeZone = z.string().trim().max(64).transform((tz, ctx) => {
  const canonical = canonicalTimeZone(tz);
  if (!canonical) {
    ctx.addIssue({ code: "custom", message: "an IANA time zone such as Europe/Istanbul" });
    return z.NEVER;
  }
  return canonical;
}).openapi({ type: "string", example: "Europe/Istanbul" });

const AccentColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "a colour such as #1f6feb")
  .transform((s) => s.toLowerCase());

// The length bound first, so an oversized string is refused before it is decoded.
const Logo = z.string().max(Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 64, LOGO_PROBLEM_TEXT.size)
  .superRefine((v, ctx) => {
    const problem = logoProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: LOGO_PROBLEM_TEXT[problem] });
  }).openapi({
    description: "A PNG or JPEG image (at most 64 KB) as a data: URL; SVG is refused",
    example: "data:image/png;base64,iVBORw0KGgo...",
  });

/** What a tenant's admins set: shown in the shell and used for dates and the default language. */
export const TenantSettings = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  locale: z.enum(TENANT_LOCALES),
  timeZone: z.string(),
  accentColor: z.string().nullable(),
  logo: z.string().nullable(),
}).openapi("TenantSettings");
export type TenantSettings = z.infer<typeof TenantSettings>;

export const UpdateTenantSettingsBody = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  locale: z.enum(TENANT_LOCALES).optional(),
  timeZone: TimeZone.optional(),
  accentColor: AccentColor.nullable().optional(),
  logo: Logo.nullable().optional().openapi({ description: "null removes the logo" }),
}).strict().refine((b) => Object.keys(b).length > 0, "Give at least one field").openapi(
  "UpdateTenantSettingsRequest",
);
export type TenantSettingsPatch = z.infer<typeof UpdateTenantSettingsBody>;
