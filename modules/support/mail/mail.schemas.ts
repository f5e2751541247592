import type { TicketAttachment } from "../attachments/attachments.schemas.ts";

/** A received e-mail as the original-message page shows it (built by mail.service.ts). */
export interface OriginalMail {
  id: string;
  state: "queued" | "processed" | "ignored" | "failed";
  reason: string | null;
  receivedAt: string;
  hasRaw: boolean;
  mailbox: { name: string; address: string } | null;
  ticket: { id: string; number: string; subject: string } | null;
  from: string | null;
  to: string[];
  cc: string[];
  date: string | null;
  subject: string;
  /** Sanitised HTML (safe to put in the page), or null for a text-only message. */
  html: string | null;
  text: string;
  /** Set when the raw message cannot be read (the headers above come from the stored row). */
  unreadable: string | null;
  /** The stored copies of the message's files (attachments and inline images). */
  files: TicketAttachment[];
  /** Files of the message that were not stored (quota, size): their names. */
  missing: string[];
}
