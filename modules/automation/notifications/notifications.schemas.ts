import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../shared/http/paging.ts";

export const AutomationNotificationQuery = PageQuery.extend({
  unread: z.enum(["true", "false"]).optional().openapi({
    param: { name: "unread", in: "query" },
    description: "true: only the unread ones",
  }),
});

export const AutomationNotification = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
}).openapi("AutomationNotification");
export type AutomationNotification = z.infer<typeof AutomationNotification>;
