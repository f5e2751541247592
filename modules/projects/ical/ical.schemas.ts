import { z } from "@hono/zod-openapi";

export const FeedSettings = z.object({
  enabled: z.boolean(),
  includeWatched: z.boolean().openapi({
    description: "Also the open tasks you watch (else only those assigned to you)",
  }),
  createdAt: z.string().nullable(),
  url: z.string().nullable().openapi({
    description: "The secret feed address: given only when the link is made, never again",
  }),
}).openapi("CalendarFeed");

export const CreateFeedBody = z.object({
  includeWatched: z.boolean().optional(),
}).openapi("CreateCalendarFeed");

export const UpdateFeedBody = z.object({
  includeWatched: z.boolean(),
}).openapi("UpdateCalendarFeed");

/** An open task as the feed shows it. */
export interface FeedTask {
  id: string;
  title: string;
  projectName: string;
  startDate: string | null;
  dueDate: string;
  updatedAt: string;
}
