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
