import { z } from "@hono/zod-openapi";

export const TicketAttachmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  sha256: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** The comment the file came with; null: a file of the ticket itself. */
  commentId: z.uuid().nullable(),
  /** The file belongs to an internal note (agents only, never e-mailed). */
  internal: z.boolean(),
}).openapi("SupportTicketAttachment");
export type TicketAttachment = z.infer<typeof TicketAttachmentSchema>;

export const TicketAttachmentList = z.object({ items: z.array(TicketAttachmentSchema) }).openapi(
  "SupportTicketAttachmentList",
);

const path = (name: string) => z.uuid().openapi({ param: { name, in: "path" } });
export const TicketParam = z.object({ id: path("id") });
export const TicketFileParams = z.object({ id: path("id"), fileId: path("fileId") });
