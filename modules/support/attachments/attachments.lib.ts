/** Ticket and comment files live in the Documents module's storage (same quota and audit). */
import type { Upload } from "../../documents/public.ts";

export const ticketOwner = (ticketId: string) => ({
  module: "support",
  entityType: "ticket",
  entityId: ticketId,
});

export const commentOwner = (commentId: string) => ({
  module: "support",
  entityType: "comment",
  entityId: commentId,
});

/** What an attachment call needs of a (streaming) request: its body and short transactions. */
export const uploadOf = (c: {
  req: { raw: Request };
  var: { scope: Upload["scope"]; platform: { config: NonNullable<Upload["config"]> } };
}): Upload => ({ request: c.req.raw, scope: c.var.scope, config: c.var.platform.config });

/** Types the ticket page previews inline (through Documents' sandboxed preview). */
export const previewable = (contentType: string) =>
  /^image\/(png|jpeg|gif|webp|avif|bmp)$/.test(contentType) || contentType === "application/pdf";

/** The icon of a file's type in lists. */
export function fileIcon(contentType: string): string {
  if (contentType.startsWith("image/")) return "file-image";
  if (contentType === "application/pdf" || contentType.startsWith("text/")) return "file-text";
  if (/zip|compressed|tar/.test(contentType)) return "file-archive";
  if (/sheet|excel|csv/.test(contentType)) return "file-spreadsheet";
  return "file";
}
