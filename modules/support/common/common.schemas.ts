import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../shared/http/paging.ts";

export const STATUSES = ["acik", "islemde", "cozuldu", "kapandi"] as const;
export const PRIORITIES = ["dusuk", "normal", "yuksek", "kritik"] as const;
export type Status = (typeof STATUSES)[number];
export type Priority = (typeof PRIORITIES)[number];

export const StatusSchema = z.enum(STATUSES).openapi("SupportTicketStatus");
export const PrioritySchema = z.enum(PRIORITIES).openapi("SupportTicketPriority");

export const IdParam = z.object({
  id: z.uuid().openapi({
    param: { name: "id", in: "path" },
    example: "0190f5b4-8c1e-7000-8000-000000000000",
  }),
});

/** Paging plus a free-text filter, the query of every simple list. */
export const ListQuery = PageQuery.extend({
  q: z.string().trim().max(200).optional().openapi({ param: { name: "q", in: "query" } }),
});

export const Timestamps = { createdAt: z.string(), updatedAt: z.string() };

export const OptionalText = (max: number) => z.string().trim().max(max).nullish();
export const Email = z.email().max(254);
export const LocaleCode = z.string().regex(
  /^[a-z]{2,3}(-[A-Z]{2})?$/,
  "a language code such as en or tr",
);
export const Deleted = z.object({ id: z.uuid(), deleted: z.literal(true) });
