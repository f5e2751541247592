/** Task attachments live in the Documents module's storage (same backends, same audit). */
export { attachments } from "../../documents/public.ts";
export type { AttachmentInfo, AttachmentOwner } from "../../documents/public.ts";

export const taskOwner = (taskId: string) => ({
  module: "projects",
  entityType: "task",
  entityId: taskId,
});
