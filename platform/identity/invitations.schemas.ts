import { z } from "@hono/zod-openapi";

const RoleKeys = z.array(z.string().regex(/^[a-z][a-z0-9_-]{1,40}$/)).min(1).max(20);

export const INVITATION_STATES = ["pending", "expired", "accepted", "revoked"] as const;
export type InvitationState = typeof INVITATION_STATES[number];

/** An e-mail invitation into the current tenant, as admins see it (never its link). */
export const EmailInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  roles: z.array(z.string()),
  state: z.enum(INVITATION_STATES).openapi({
    description: "pending: the link works; expired: 7 days passed without an answer",
  }),
  invitedBy: z.uuid().nullable(),
  invitedByName: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
}).openapi("EmailInvitation");

export const CreateInvitationBody = z.object({
  email: z.email().max(254),
  roles: RoleKeys,
}).openapi("CreateInvitationRequest");

/** The link's page: a new person's name and password. */
export const AcceptAsNewBody = z.object({
  name: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(1024),
});

export interface InvitationRow {
  id: string;
  email: string;
  roles: string[];
  state: InvitationState;
  invitedBy: string | null;
  invitedByName: string | null;
  createdAt: string;
  sentAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
}

/** What the link's page needs to know about its invitation. */
export interface InvitationLink {
  state: InvitationState;
  tenantId: string;
  tenantName: string;
  tenantSlug: string;
  invitationId: string;
  email: string;
  roles: string[];
  /** An account with the address exists already (it signs in to join). */
  accountId: string | null;
}
