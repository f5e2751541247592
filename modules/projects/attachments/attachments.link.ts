/** Task attachments live in the Documents module's storage (same backends, same audit). */
export { attachments } from "../../documents/service.ts";
export type { AttachmentInfo, AttachmentOwner } from "../../documents/service.ts";

export const taskOwner = (taskId: string) => ({
  module: "projects",
  entityType: "task",
  entityId: taskId,
});
