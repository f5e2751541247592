import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../shared/http/route-helpers.ts";
import { PageQuery, pageSchema } from "../../shared/http/paging.ts";
import { requirePermission } from "../../shared/rbac/permissions.ts";
import { IdParam } from "./identity.schemas.ts";
import { CreateInvitationBody, EmailInvitationSchema } from "./invitations.schemas.ts";

export const listInvitationsRoute = createRoute({
  method: "get",
  operationId: "listEmailInvitations",
  path: "/invitations",
  tags: ["admin"],
  summary: "Open e-mail invitations of the current tenant (waiting or expired), newest first",
  middleware: [requirePermission("admin.user.read")] as const,
  request: { query: PageQuery },
  responses: {
    200: jsonResponse(pageSchema(EmailInvitationSchema, "EmailInvitationPage"), "Invitations"),
    ...errorResponses(400, 401, 403),
  },
});

export const createInvitationRoute = createRoute({
  method: "post",
  operationId: "createEmailInvitation",
  path: "/invitations",
  tags: ["admin"],
  summary: "Invite an e-mail address with roles",
  description: "Sends a mail in the workspace's language with a link that works once, for 7 " +
    "days (stored as a hash only). A new person sets a name and password there; an existing " +
    "account signs in and joins (it also sees the invitation beside its workspaces). 409 when " +
    "the address is a member or has a waiting invitation.",
  middleware: [requirePermission("admin.user.write")] as const,
  request: { body: jsonBody(CreateInvitationBody) },
  responses: {
    201: jsonResponse(EmailInvitationSchema, "Invitation sent"),
    ...errorResponses(400, 401, 403, 409, 422),
  },
});

export const resendInvitationRoute = createRoute({
  method: "post",
  operationId: "resendEmailInvitation",
  path: "/invitations/{id}/resend",
  tags: ["admin"],
  summary: "Send an open invitation again with a new link (the old link stops working)",
  middleware: [requirePermission("admin.user.write")] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(EmailInvitationSchema, "Sent again"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const revokeInvitationRoute = createRoute({
  method: "post",
  operationId: "revokeEmailInvitation",
  path: "/invitations/{id}/revoke",
  tags: ["admin"],
  summary: "Withdraw an open invitation (its link stops working)",
  middleware: [requirePermission("admin.user.write")] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(EmailInvitationSchema, "Withdrawn"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});
