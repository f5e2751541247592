import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../shared/http/paging.ts";

export const RATINGS = ["good", "bad"] as const;
export type Rating = (typeof RATINGS)[number];
export const RatingValue = z.enum(RATINGS).openapi("SupportRatingValue");

/** A comment is optional; longer than this is refused (400), never cut. */
export const COMMENT_MAX = 2000;

/** What a customer sends: good or bad, and an optional comment. */
export const RatingInput = z.object({
  rating: RatingValue,
  comment: z.string().max(COMMENT_MAX).default("").transform((s) => s.trim()),
});
export type RatingInput = z.infer<typeof RatingInput>;

/** A ticket's rating as its page shows it (the portal and the agent's ticket page). */
export interface TicketRating {
  rating: Rating;
  comment: string;
  ratedAt: string;
}

const q = (name: string) => ({ param: { name, in: "query" as const } });

export const SatisfactionItem = z.object({
  id: z.uuid(),
  ticketId: z.uuid(),
  ticketNumber: z.string(),
  ticketSubject: z.string(),
  rating: RatingValue,
  comment: z.string(),
  /** Who had the ticket when it was rated (null: nobody). */
  agentId: z.uuid().nullable(),
  agentName: z.string().nullable(),
  teamId: z.uuid().nullable(),
  teamName: z.string().nullable(),
  customerId: z.uuid(),
  customerName: z.string().nullable(),
  via: z.enum(["portal", "email"]),
  ratedAt: z.string(),
}).openapi("SupportSatisfactionRating");
export type SatisfactionItem = z.infer<typeof SatisfactionItem>;

export const SatisfactionListQuery = PageQuery.extend({
  from: z.iso.date().optional().openapi(q("from")),
  to: z.iso.date().optional().openapi(q("to")),
  rating: RatingValue.optional().openapi(q("rating")),
  agentId: z.uuid().optional().openapi(q("agentId")),
  teamId: z.uuid().optional().openapi(q("teamId")),
  /** Only ratings with a comment. */
  withComment: z.enum(["true", "false"]).optional().transform((v) => v === "true").openapi(
    q("withComment"),
  ),
});
export type SatisfactionListQuery = z.infer<typeof SatisfactionListQuery>;

export const SatisfactionPage = z.object({
  items: z.array(SatisfactionItem),
  nextCursor: z.string().nullable(),
}).openapi("SupportSatisfactionPage");

export const GROUP_BY = ["agent", "team", "period"] as const;
export type GroupBy = (typeof GROUP_BY)[number];
export const BUCKETS = ["day", "week", "month"] as const;
export type Bucket = (typeof BUCKETS)[number];

export const SatisfactionReportQuery = z.object({
  groupBy: z.enum(GROUP_BY).default("agent").openapi(q("groupBy")),
  /** The period's bucket when grouping by period (in the workspace's time zone). */
  bucket: z.enum(BUCKETS).default("week").openapi(q("bucket")),
  from: z.iso.date().optional().openapi(q("from")),
  to: z.iso.date().optional().openapi(q("to")),
  format: z.enum(["json", "csv"]).default("json").openapi(q("format")),
});
export type SatisfactionReportQuery = z.infer<typeof SatisfactionReportQuery>;

export const SatisfactionRow = z.object({
  /** The agent's user id, the team's id, or the bucket's first day (YYYY-MM-DD). */
  key: z.string().nullable(),
  /** The agent's or team's name (null: none, or no longer known); the period's first day. */
  label: z.string().nullable(),
  good: z.number().int(),
  bad: z.number().int(),
  total: z.number().int(),
  /** Share of good ratings, 0–100 (null when there is none). */
  score: z.number().nullable(),
}).openapi("SupportSatisfactionRow");
export type SatisfactionRow = z.infer<typeof SatisfactionRow>;

export const SatisfactionReport = z.object({
  groupBy: z.enum(GROUP_BY),
  bucket: z.enum(BUCKETS),
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  rows: z.array(SatisfactionRow),
  totals: SatisfactionRow.omit({ key: true, label: true }),
}).openapi("SupportSatisfactionReport");
export type SatisfactionReport = z.infer<typeof SatisfactionReport>;
