import { z } from "@hono/zod-openapi";
import { PERMISSION_PATTERN } from "../../shared/rbac/permissions.ts";
import { LOCALE_PATTERN } from "../../shared/i18n/i18n.ts";

export const Uuid = z.uuid();
export const IdParam = z.object({
  id: z.uuid().openapi({
    param: { name: "id", in: "path" },
    example: "0190c1f4-7b8a-7cde-8f00-123456789abc",
  }),
});

export const TenantSchema = z.object({
  id: Uuid,
  slug: z.string(),
  name: z.string(),
}).openapi("Tenant");

export const UserSchema = z.object({
  id: Uuid,
  email: z.email(),
  name: z.string(),
  locale: z.string().regex(LOCALE_PATTERN).nullable(),
}).openapi("User");

export const LoginBody = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(1024),
  tenant: z.string().min(1).max(64).optional().openapi({ description: "Tenant slug or id" }),
}).openapi("LoginRequest");

export const TokenResponse = z.object({
  accessToken: z.string(),
  tokenType: z.literal("Bearer"),
  expiresIn: z.number().int(),
  user: UserSchema,
  tenant: TenantSchema,
}).openapi("TokenResponse");

export const MeResponse = z.object({
  user: UserSchema.extend({ isOperator: z.boolean() }),
  tenant: TenantSchema,
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  tenants: z.array(TenantSchema),
}).openapi("Me");

export const SwitchTenantBody = z.object({
  tenant: z.string().min(1).max(64).openapi({ description: "Tenant slug or id" }),
}).openapi("SwitchTenantRequest");

const Slug = z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, "lowercase letters, digits and dashes")
  .refine((s) => !/^[0-9a-f]{8}-[0-9a-f]{4}-/.test(s), "must not look like an id");
const Password = z.string().min(8).max(1024);
const Name = z.string().trim().min(1).max(200);
const RoleKeys = z.array(z.string().regex(/^[a-z][a-z0-9_-]{1,40}$/)).max(20);

export const CreateTenantBody = z.object({
  slug: Slug,
  name: Name,
  owner: z.object({ email: z.email().max(254), password: Password, name: Name }),
}).openapi("CreateTenantRequest");

export const MemberSchema = z.object({
  id: Uuid,
  email: z.string(),
  name: z.string(),
  locale: z.string().regex(LOCALE_PATTERN).nullable(),
  roles: z.array(z.string()),
  status: z.enum(["active", "disabled", "invited"]).openapi({
    description: "invited: an existing account was added and has not accepted yet",
  }),
  createdAt: z.string(),
}).openapi("Member");

export const MemberQuery = z.object({
  q: z.string().max(200).optional().openapi({ param: { name: "q", in: "query" } }),
});

export const CreateMemberBody = z.object({
  email: z.email().max(254),
  name: Name,
  password: Password.optional().openapi({
    description: "For a new account (platform operators only); omitted, one is generated " +
      "and returned once. Ignored for an existing account",
  }),
  roles: RoleKeys.min(1),
}).openapi("CreateMemberRequest");

export const InvitationSchema = z.object({
  id: Uuid.openapi({ description: "The inviting tenant's id" }),
  slug: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  invitedAt: z.string(),
}).openapi("Invitation");

export const TenantIdParam = z.object({
  tenantId: z.uuid().openapi({ param: { name: "tenantId", in: "path" } }),
});

export const CreatedMember = MemberSchema.extend({
  temporaryPassword: z.string().optional(),
}).openapi("CreatedMember");

export const UpdateMemberBody = z.object({
  name: Name.optional(),
  roles: RoleKeys.min(1).optional(),
  status: z.enum(["active", "disabled"]).optional(),
}).refine((b) => Object.keys(b).length > 0, "Give at least one field").openapi(
  "UpdateMemberRequest",
);

export const Permission = z.string().regex(
  PERMISSION_PATTERN,
  "a permission such as support.ticket.read",
);

export const RoleSchema = z.object({
  id: Uuid,
  key: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  builtin: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("Role");

export const CreateRoleBody = z.object({
  key: z.string().regex(/^[a-z][a-z0-9_-]{1,40}$/, "lowercase letters, digits, _ and -"),
  name: Name,
  description: z.string().max(500).default(""),
  permissions: z.array(Permission).max(500),
}).openapi("CreateRoleRequest");

export const UpdateRoleBody = CreateRoleBody.omit({ key: true }).openapi("UpdateRoleRequest");

// Rows as the repos return them and the views show them.

export interface UserRow {
  id: string;
  email: string;
  name: string;
  passwordHash: string | null;
  locale: string | null;
  isOperator: boolean;
}

export interface MemberRow {
  id: string;
  email: string;
  name: string;
  locale: string | null;
  roles: string[];
  status: "active" | "disabled" | "invited";
  createdAt: string;
}

export interface RoleRow {
  id: string;
  key: string;
  name: string;
  description: string;
  permissions: string[];
  builtin: boolean;
  createdAt: string;
  updatedAt: string;
}
