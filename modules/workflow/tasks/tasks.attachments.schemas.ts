/** A task's attached files as the API shows them. */
import { z } from "@hono/zod-openapi";

export const AttachmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  sha256: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
}).openapi("WorkflowTaskAttachment");
export const List = z.object({ items: z.array(AttachmentSchema) }).openapi(
  "WorkflowTaskAttachments",
);
export const TaskParam = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });
export const FileParams = TaskParam.extend({
  fileId: z.uuid().openapi({ param: { name: "fileId", in: "path" } }),
});
