import { z } from "@hono/zod-openapi";

export const WatcherSchema = z.object({ userId: z.uuid(), name: z.string() }).openapi("Watcher");
export const WatcherList = z.object({ items: z.array(WatcherSchema) }).openapi("WatcherList");
export const AddWatcherBody = z.object({
  userId: z.uuid().openapi({ description: "A member of the task's project" }),
}).openapi("AddWatcher");
