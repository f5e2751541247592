/** A message of the outbox as /admin/outbox lists it. */
export interface OutboxRow {
  id: string;
  toAddress: string;
  subject: string;
  state: "queued" | "sending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  /** A send was cut off mid-SMTP: the message may have arrived twice. */
  interruptedAt: string | null;
}

/** A file to attach, named by the source that reads its bytes at send time. */
export interface MailAttachmentRef {
  source: string;
  id: string;
  name: string;
  contentType: string;
  /**
   * The line the body gets instead when the file was deleted before sending, in the mail's
   * language (the platform knows no language; without it an English line is used).
   */
  missingNote?: string;
  /**
   * Content-ID of a picture shown in the HTML body (`<img src="cid:…">`): the file goes as an
   * inline part instead of a download.
   */
  cid?: string;
}

/** A message to queue: one recipient, threading and files (see queueMail). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** More recipients (each one plain address, like `to`). */
  cc?: string[];
  /** Where answers go (e.g. a support mailbox); From stays MAIL_FROM's address for SPF/DKIM. */
  replyTo?: string;
  /** Display name shown with MAIL_FROM's address (e.g. the mailbox's name). */
  fromName?: string;
  /** `<id@domain>`, fixed when queued (threading needs it before sending); else one is made. */
  messageId?: string;
  /** Threading: the Message-ID answered and the chain before it (space-separated `<…>`). */
  inReplyTo?: string;
  references?: string;
  /** Files whose bytes a registered source reads at send time (nothing copied into the outbox). */
  attachments?: MailAttachmentRef[];
  /** RFC 3834 Auto-Submitted: set on mail no person wrote, so auto-responders stay quiet. */
  autoSubmitted?: "auto-replied" | "auto-generated";
}
