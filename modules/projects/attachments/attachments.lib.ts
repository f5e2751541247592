/** Task attachments live in the Documents module's storage (same backends, same audit). */
import type { Upload } from "../../documents/public.ts";

export type { AttachmentInfo, AttachmentOwner } from "../../documents/public.ts";

export const taskOwner = (taskId: string) => ({
  module: "projects",
  entityType: "task",
  entityId: taskId,
});

/** What an attachment call needs of a (streaming) request: its body and short transactions. */
export const uploadOf = (c: {
  req: { raw: Request };
  var: { scope: Upload["scope"]; platform: { config: NonNullable<Upload["config"]> } };
}): Upload => ({ request: c.req.raw, scope: c.var.scope, config: c.var.platform.config });
