import { z } from "@hono/zod-openapi";
import { PrioritySchema } from "../common/common.schemas.ts";

/** Files uploaded beforehand (the form's upload field) that go with the ticket or message. */
const AttachmentIds = z.array(z.uuid()).max(20).default([]);

/** The new-request form. */
export const NewTicketForm = z.object({
  subject: z.string().trim().min(1).max(300),
  description: z.string().max(50_000).default(""),
  priority: PrioritySchema.optional(),
  attachmentIds: AttachmentIds,
});
export type NewTicketForm = z.infer<typeof NewTicketForm>;

/** A customer's message on their ticket. */
export const ReplyForm = z.object({
  body: z.string().trim().min(1).max(20_000),
  attachmentIds: AttachmentIds,
});
export type ReplyForm = z.infer<typeof ReplyForm>;

export const RatingForm = z.object({
  rating: z.enum(["good", "bad"]),
  comment: z.string().trim().max(2_000).default(""),
});
export type RatingForm = z.infer<typeof RatingForm>;

/** The list's filters; unknown values fall back to the defaults (a hand-edited URL). */
export const ListQuery = z.object({
  whose: z.enum(["mine", "company"]).catch("mine"),
  status: z.enum(["open", "solved", "closed", ""]).catch(""),
  cursor: z.string().max(500).optional().catch(undefined),
});
export type ListQuery = z.infer<typeof ListQuery>;

/** A ticket as the portal shows it: no SLA clocks, tags, team or other internal fields. */
export interface PortalTicket {
  id: string;
  number: string;
  subject: string;
  description: string;
  status: "acik" | "islemde" | "cozuldu" | "kapandi";
  priority: "dusuk" | "normal" | "yuksek" | "kritik";
  mine: boolean;
  assigneeName: string | null;
  mergedIntoId: string | null;
  resolvedAt: string | null;
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type PortalListItem = Pick<
  PortalTicket,
  "id" | "number" | "subject" | "status" | "mine" | "createdAt" | "updatedAt"
>;

export interface PortalFile {
  id: string;
  name: string;
  size: number;
}

/** One public message of the conversation; `author` is who the customer sees. */
export interface PortalMessage {
  id: string;
  author: { kind: "you" | "customer" | "agent" | "team"; name: string | null };
  html: string;
  createdAt: string;
  files: PortalFile[];
}

/** The customer's rating of a solved ticket, as the page shows it. */
export interface PortalRating {
  rating: "good" | "bad";
  comment: string;
  ratedAt: string;
}
