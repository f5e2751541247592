/** Task attachments live in Documents (same storage, quota and audit), owned by workflow/task/<id>. */
import type { Upload } from "../../documents/public.ts";

export const taskFiles = (taskId: string) => ({
  module: "workflow",
  entityType: "task",
  entityId: taskId,
});

/** What an attachment call needs of the (streaming) request: its body and short scopes. */
export const uploadOf = (c: {
  req: { raw: Request };
  var: { scope: Upload["scope"]; platform: { config: NonNullable<Upload["config"]> } };
}): Upload => ({ request: c.req.raw, scope: c.var.scope, config: c.var.platform.config });
