import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../shared/http/route-helpers.ts";
import { PageQuery, pageSchema } from "../../shared/http/paging.ts";
import { requirePermission } from "../../shared/rbac/permissions.ts";
import {
  CreatedMember,
  CreateMemberBody,
  CreateRoleBody,
  IdParam,
  MemberQuery,
  MemberSchema,
  RoleSchema,
  UpdateMemberBody,
  UpdateRoleBody,
} from "./identity.schemas.ts";

export const listUsersRoute = createRoute({
  method: "get",
  operationId: "listUsers",
  path: "/users",
  tags: ["admin"],
  summary: "Members of the current tenant",
  middleware: [requirePermission("admin.user.read")] as const,
  request: { query: PageQuery.extend(MemberQuery.shape) },
  responses: {
    200: jsonResponse(pageSchema(MemberSchema, "MemberPage"), "Members"),
    ...errorResponses(400, 401, 403),
  },
});

export const createUserRoute = createRoute({
  method: "post",
  operationId: "createUser",
  path: "/users",
  tags: ["admin"],
  summary: "Add an existing account to the current tenant, or (operators) create an account",
  description:
    "An address that already has an account is invited in the app: the member is listed as " +
    "invited and joins once the account accepts (POST /api/auth/invitations/{tenantId}/accept). " +
    "Creating a NEW account with a typed or generated temporary password is for platform " +
    "operators only; an owner or admin who is not an operator gets 403 and invites the address " +
    "by e-mail instead (POST /api/admin/invitations), so the person sets their own password.",
  middleware: [requirePermission("admin.user.write")] as const,
  request: { body: jsonBody(CreateMemberBody) },
  responses: {
    201: jsonResponse(CreatedMember, "Member added"),
    ...errorResponses(400, 401, 403, 409, 422),
  },
});

export const updateUserRoute = createRoute({
  method: "patch",
  operationId: "updateUser",
  path: "/users/{id}",
  tags: ["admin"],
  summary: "Change a member's name, roles or status",
  middleware: [requirePermission("admin.user.write")] as const,
  request: { params: IdParam, body: jsonBody(UpdateMemberBody) },
  responses: {
    200: jsonResponse(MemberSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const listRolesRoute = createRoute({
  method: "get",
  operationId: "listRoles",
  path: "/roles",
  tags: ["admin"],
  summary: "Built-in and custom roles of the current tenant",
  middleware: [requirePermission("admin.role.read")] as const,
  responses: {
    200: jsonResponse(z.object({ items: z.array(RoleSchema) }), "Roles"),
    ...errorResponses(401, 403),
  },
});

export const createRoleRoute = createRoute({
  method: "post",
  operationId: "createRole",
  path: "/roles",
  tags: ["admin"],
  summary: "Create a custom role",
  middleware: [requirePermission("admin.role.write")] as const,
  request: { body: jsonBody(CreateRoleBody) },
  responses: {
    201: jsonResponse(RoleSchema, "Created"),
    ...errorResponses(400, 401, 403, 409, 422),
  },
});

export const updateRoleRoute = createRoute({
  method: "put",
  operationId: "updateRole",
  path: "/roles/{id}",
  tags: ["admin"],
  summary: "Replace a custom role's name, description and permissions",
  middleware: [requirePermission("admin.role.write")] as const,
  request: { params: IdParam, body: jsonBody(UpdateRoleBody) },
  responses: {
    200: jsonResponse(RoleSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const listPermissionsRoute = createRoute({
  method: "get",
  operationId: "listPermissions",
  path: "/permissions",
  tags: ["admin"],
  summary: "Every permission a role can grant",
  middleware: [requirePermission("admin.role.read")] as const,
  responses: {
    200: jsonResponse(z.object({ items: z.array(z.string()) }), "Permissions"),
    ...errorResponses(401, 403),
  },
});
