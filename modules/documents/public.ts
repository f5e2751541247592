/**
 * What other modules may use of Documents: the attachment service (Projects keeps task
 * attachments on Documents' storage, quota and audit) and the events Documents publishes.
 */
export {
  type AttachmentInfo,
  type AttachmentOwner,
  attachments,
  type BytesFile,
} from "./attachments/attachments.service.ts";
export {
  attachmentBytes,
  listOwnersAttachments,
  moveAttachments,
  type OwnedAttachment,
  previewAttachment,
} from "./attachments/attachments.owners.service.ts";
export type { Upload } from "./files/upload.lib.ts";
// The tenant's file size limit, told to people before they upload (the Support portal).
export { loadSettings as documentsSettings } from "./settings/settings.service.ts";
export { type DocumentsEvents, documentsEvents } from "./events.ts";
// Automation's `documents.files.upload` operation: a file handed over as bytes.
export { IMPORT_MAX_BYTES, importFile, type ImportFileInput } from "./files/import.service.ts";
