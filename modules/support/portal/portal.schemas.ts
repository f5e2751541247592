import { z } from "@hono/zod-openapi";

export const PortalSettingsSchema = z.object({
  /** Customers can sign in at /portal/<workspace> (and the help centre is open). */
  enabled: z.boolean(),
  /** Customers choose the priority of their new tickets. */
  allowPriority: z.boolean(),
  /** Customers see the name of the agent assigned to their ticket. */
  showAssigneeNames: z.boolean(),
  /** Days after closing in which a customer may reopen a ticket (0: never). */
  reopenDays: z.number().int().min(0).max(365),
  /** The portal's path on this site. */
  portalPath: z.string(),
}).openapi("SupportPortalSettings");
export type PortalSettingsView = z.infer<typeof PortalSettingsSchema>;

export const PortalSettingsUpdate = z.object({
  enabled: z.boolean(),
  allowPriority: z.boolean(),
  showAssigneeNames: z.boolean(),
  reopenDays: z.number().int().min(0).max(365),
}).partial().strict().openapi("SupportPortalSettingsUpdate");
export type PortalSettingsUpdate = z.infer<typeof PortalSettingsUpdate>;
